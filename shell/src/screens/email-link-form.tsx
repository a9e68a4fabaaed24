import { useId, useState, type FormEvent, type Ref } from 'react';
import styled from 'styled-components';
import { Button } from '@toolkit/ui';
import { ErrorText } from '@toolkit/ui/error-text';
import { Form } from './form';

// A long address (up to 320 characters) wraps anywhere rather than widening the card.
const Message = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;

export interface EmailLinkFormProps {
  submitLabel: string;
  /** Resolves to null on success, else the message to show. */
  onSubmit: (email: string) => Promise<string | null>;
  successMessage: (email: string) => string;
  /** The address field, for a page that leads the person to it. */
  inputRef?: Ref<HTMLInputElement>;
}

export function EmailLinkForm({ submitLabel, onSubmit, successMessage, inputRef }: EmailLinkFormProps) {
  const inputId = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{ kind: 'idle' | 'sending' } | { kind: 'sent' | 'error'; text: string }>(
    {
      kind: 'idle',
    },
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    // Loaded on submit: zod stays out of the first load of a respondent, who starts in the shell.
    // Should it fail to load, the identity provider still judges the address.
    const refused = await import('@toolkit/domain/requests').then(
      (requests) => requests.fieldProblem(requests.email, address),
      () => null,
    );
    if (refused !== null) {
      setState({ kind: 'error', text: refused });
      return;
    }
    setState({ kind: 'sending' });
    // A throwing handler must not leave the form stuck on "Sending…".
    const problem = await onSubmit(address).catch((error: unknown) =>
      error instanceof Error ? error.message : 'Something went wrong. Please try again.',
    );
    setState(
      problem
        ? { kind: 'error', text: problem }
        : { kind: 'sent', text: successMessage(address.toLowerCase()) },
    );
  };

  return (
    <Form onSubmit={submit} noValidate>
      <label htmlFor={inputId}>E-mail address</label>
      <input
        ref={inputRef}
        id={inputId}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        aria-invalid={state.kind === 'error'}
      />
      <Button type="submit" disabled={state.kind === 'sending'}>
        {state.kind === 'sending' ? 'Sending…' : submitLabel}
      </Button>
      <div aria-live="polite">
        {state.kind === 'sent' && <Message>{state.text}</Message>}
        {state.kind === 'error' && <ErrorText>{state.text}</ErrorText>}
      </div>
    </Form>
  );
}
