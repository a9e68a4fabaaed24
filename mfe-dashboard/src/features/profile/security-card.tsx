import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { selectUser, useAppSelector } from '@toolkit/store-contract';
import { Button, Card, Stack } from '@toolkit/ui';
import { Actions, FieldGrid, SaveStatus, TextField, type SaveState } from '@toolkit/ui/form';
import { useForm, type FieldErrors } from '../../shared/form';
import { useServices } from '../../shared/services';
import { describeAccountFailure, MIN_PASSWORD_LENGTH } from './account-messages';

const Text = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;

const SubHeading = styled.h3`
  margin: 0;
  font-size: 1.1rem;
`;

type PasswordValues = { password: string; confirm: string };

function validatePassword(values: PasswordValues): FieldErrors<PasswordValues> {
  const errors: FieldErrors<PasswordValues> = {};
  // Passwords are used as typed: spaces count, nothing is trimmed.
  if (values.password === '') errors.password = 'Enter a new password.';
  else if (values.password.length < MIN_PASSWORD_LENGTH)
    errors.password = `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (values.confirm === '') errors.confirm = 'Enter the new password again.';
  else if (values.password !== '' && values.confirm !== values.password)
    errors.confirm = 'The two passwords are not the same.';
  return errors;
}

function ChangePasswordForm({ email }: { email: string | null }) {
  const { updatePassword } = useServices();
  const titleId = useId();
  const { values, save, setSave, field, submit, reset } = useForm<PasswordValues>(
    { password: '', confirm: '' },
    validatePassword,
  );

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!submit()) return;
    setSave({ kind: 'saving' });
    const outcome = await updatePassword(values.password);
    if (outcome.success) {
      // A changed password does not stay on screen.
      reset();
      setSave({ kind: 'saved' });
    } else {
      setSave({
        kind: 'failed',
        message: describeAccountFailure(outcome.message, 'change your password'),
      });
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <Stack gap={3}>
        <SubHeading id={titleId}>Change password</SubHeading>
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
        <FieldGrid>
          <TextField
            label="New password"
            hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
            name="new-password"
            type="password"
            autoComplete="new-password"
            required
            {...field('password')}
          />
          <TextField
            label="Confirm new password"
            name="confirm-password"
            type="password"
            autoComplete="new-password"
            required
            {...field('confirm')}
          />
        </FieldGrid>
        <Actions>
          <Button type="submit" disabled={save.kind === 'saving'}>
            Change password
          </Button>
          <SaveStatus state={save} saved="Password changed" />
        </Actions>
      </Stack>
    </form>
  );
}

function PasswordResetLink({ email }: { email: string | null }) {
  const { sendPasswordReset } = useServices();
  const titleId = useId();
  const [progress, setProgress] = useState<SaveState>({ kind: 'idle' });

  async function send(address: string) {
    setProgress({ kind: 'saving' });
    const outcome = await sendPasswordReset(address);
    setProgress(
      outcome.success
        ? { kind: 'saved' }
        : { kind: 'failed', message: describeAccountFailure(outcome.message, 'send the reset link') },
    );
  }

  return (
    <Stack gap={3} role="group" aria-labelledby={titleId}>
      <SubHeading id={titleId}>Reset by e-mail</SubHeading>
      {email ? (
        <>
          <Text>We can e-mail a link for setting a new password to {email}.</Text>
          <Actions>
            <Button
              variant="secondary"
              disabled={progress.kind === 'saving'}
              onClick={() => void send(email)}
            >
              E-mail me a password reset link
            </Button>
            <SaveStatus
              state={progress}
              saving="Sending…"
              saved={`We've sent a password reset link to ${email}. Check your inbox, and your spam folder if it isn't there.`}
            />
          </Actions>
        </>
      ) : (
        <Text>Your account has no e-mail address, so we can't send a password reset link.</Text>
      )}
    </Stack>
  );
}

/** Password update and password-reset e-mail for the signed-in user. */
export function SecurityCard() {
  const titleId = useId();
  const user = useAppSelector(selectUser);
  const email = user?.email ?? null;
  return (
    <Card aria-labelledby={titleId}>
      <Stack>
        <h2 id={titleId}>Sign-in and security</h2>
        {/* A password is only ever set on an account whose address its holder has proven. */}
        {user?.emailVerified ? (
          <ChangePasswordForm email={email} />
        ) : (
          <Text>
            Confirm your e-mail address before setting a password: sign in with the link we e-mail you, then
            come back here.
          </Text>
        )}
        <PasswordResetLink email={email} />
      </Stack>
    </Card>
  );
}
