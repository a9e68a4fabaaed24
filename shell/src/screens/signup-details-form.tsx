// A new organisation's sign-up asks for what later steps need: the dashboard, reports, their file
// names and the declaration name the organisation, and the team knows its owner by name.
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { API } from '@toolkit/domain';
import { fieldMessage, REQUESTS } from '@toolkit/domain/requests';
import { Button } from '@toolkit/ui';
import { FieldGrid, TextField } from '@toolkit/ui/form';
import { ErrorText } from '@toolkit/ui/error-text';

/** The fields completeSignup checks, each required here: this is a new organisation's sign-up. */
const FIELDS = REQUESTS[API.completeSignup].required().shape;

export interface SignupDetails {
  organisationName: string;
  firstName: string;
  lastName: string;
}

const LABELS: Record<keyof SignupDetails, string> = {
  organisationName: 'Organisation name',
  firstName: 'First name',
  lastName: 'Last name',
};

const Column = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
  max-width: 40rem;
`;

/** `onSubmit` resolves to null once the organisation is set up, else the message to show. */
export function SignupDetailsForm({
  onSubmit,
}: {
  onSubmit: (details: SignupDetails) => Promise<string | null>;
}) {
  const [values, setValues] = useState<SignupDetails>({ organisationName: '', firstName: '', lastName: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof SignupDetails, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = Object.fromEntries(
      (Object.keys(LABELS) as (keyof SignupDetails)[]).flatMap((key) => {
        const problem = fieldMessage(LABELS[key], FIELDS[key], values[key]);
        return problem ? [[key, problem]] : [];
      }),
    );
    setErrors(problems);
    setFailure(null);
    const first = Object.keys(problems)[0];
    if (first) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSending(true);
    const problem = await onSubmit({
      organisationName: values.organisationName.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
    });
    setSending(false);
    setFailure(problem);
  };

  const field = (key: keyof SignupDetails) => ({
    name: key,
    label: LABELS[key],
    value: values[key],
    error: errors[key] ?? null,
    required: true,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setValues((now) => ({ ...now, [key]: event.target.value })),
  });

  return (
    <Column onSubmit={(event) => void submit(event)} noValidate aria-labelledby="signup-details-title">
      <h2 id="signup-details-title">About your organisation</h2>
      <p>Your organisation&apos;s name goes on your dashboard, your reports and your declaration.</p>
      <TextField autoComplete="organization" {...field('organisationName')} />
      <FieldGrid>
        <TextField autoComplete="given-name" {...field('firstName')} />
        <TextField autoComplete="family-name" {...field('lastName')} />
      </FieldGrid>
      <div>
        <Button type="submit" disabled={sending}>
          {sending ? 'Setting up…' : 'Finish sign-up'}
        </Button>
      </div>
      <div aria-live="polite">{failure && <ErrorText>{failure}</ErrorText>}</div>
    </Column>
  );
}
