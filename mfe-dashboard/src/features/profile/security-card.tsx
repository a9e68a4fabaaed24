import { useId } from 'react';
import styled from 'styled-components';
import { z } from 'zod';
import { toQueryError } from '@toolkit/data';
import { useRequestForm } from '@toolkit/data/form';
import { selectUser, useAppSelector } from '@toolkit/store-contract';
import { Button, Card, Stack } from '@toolkit/ui';
import { Actions, FieldGrid, TextField } from '@toolkit/ui/form';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { SaveProgress, SubmitRow } from '@toolkit/ui/save-progress';
import { describeAccountFailure, MIN_PASSWORD_LENGTH } from './account-messages';
import { useSendPasswordResetMutation, useUpdatePasswordMutation } from './profile-api';

const Text = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;

/**
 * The identity provider checks a new password, not our server, so no request schema exists: the
 * form asks for its policy's length and the same password twice. Used as typed: spaces count.
 */
const PASSWORD_FORM = z
  .object({
    password: z
      .string()
      .min(1, 'Enter a new password.')
      .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`),
    confirm: z.string().min(1, 'Enter the new password again.'),
  })
  .refine(({ password, confirm }) => confirm === password, {
    path: ['confirm'],
    message: 'The two passwords are not the same.',
  });

const NO_PASSWORD = { password: '', confirm: '' };

function ChangePasswordForm({ email }: { email: string | null }) {
  const titleId = useId();
  const form = useRequestForm(PASSWORD_FORM, { defaultValues: NO_PASSWORD });
  // A changed password checks its confirmation again.
  form.register('password', { deps: ['confirm'] });
  const [updatePassword, changed] = useUpdatePasswordMutation();
  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await updatePassword(password).unwrap();
      // A changed password does not stay on screen (the form would keep typed values otherwise).
      form.reset(NO_PASSWORD, { keepDirtyValues: false });
    } catch (error) {
      const message = describeAccountFailure(toQueryError(error).message, 'change your password');
      form.setError('root.server', { message });
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={titleId}>
      <Stack gap={3}>
        <SectionHeading as="h3" $size="small" id={titleId}>
          Change password
        </SectionHeading>
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
        <FieldGrid>
          <TextField
            label="New password"
            hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
            type="password"
            autoComplete="new-password"
            required
            {...form.field('password')}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            required
            {...form.field('confirm')}
          />
        </FieldGrid>
        <SubmitRow
          label="Change password"
          busy={form.formState.isSubmitting}
          failure={form.failure}
          done={changed.isSuccess}
          saved="Password changed"
        />
      </Stack>
    </form>
  );
}

function PasswordResetLink({ email }: { email: string | null }) {
  const titleId = useId();
  const [sendPasswordReset, sending] = useSendPasswordResetMutation();

  return (
    <Stack gap={3} role="group" aria-labelledby={titleId}>
      <SectionHeading as="h3" $size="small" id={titleId}>
        Reset by e-mail
      </SectionHeading>
      {email ? (
        <>
          <Text>We can e-mail a link for setting a new password to {email}.</Text>
          <Actions>
            <Button
              variant="secondary"
              disabled={sending.isLoading}
              onClick={() => void sendPasswordReset(email)}
            >
              E-mail me a password reset link
            </Button>
            <SaveProgress
              busy={sending.isLoading}
              failure={
                sending.isError
                  ? describeAccountFailure(toQueryError(sending.error).message, 'send the reset link')
                  : null
              }
              done={sending.isSuccess}
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
