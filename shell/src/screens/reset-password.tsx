import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '@toolkit/domain';
import { Button, Card, ErrorPanel, PageTitle, Spinner, Stack } from '@toolkit/ui';
import { ErrorText } from '@toolkit/ui/error-text';
import type { ShellAuth } from '../auth/firebase-auth';
import { Form } from './form';

/** The identity provider's default policy. */
const MIN_PASSWORD_LENGTH = 6;

type State =
  | { kind: 'checking' }
  | { kind: 'invalid' }
  | { kind: 'ready'; email: string }
  | { kind: 'saving'; email: string }
  | { kind: 'done'; email: string };

export function passwordProblem(password: string, confirmation: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password !== confirmation) return 'The two passwords are not the same.';
  return null;
}

/** Where a password-reset e-mail's link leads: choose a new password for that account. */
export function ResetPassword({
  auth,
  code,
}: {
  auth: Pick<ShellAuth, 'resetCodeEmail' | 'confirmPasswordReset'>;
  code: string | null;
}) {
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const passwordId = useId();
  const confirmationId = useId();
  const problemId = useId();

  useEffect(() => {
    let current = true;
    if (!code) {
      setState({ kind: 'invalid' });
      return;
    }
    auth.resetCodeEmail(code).then(
      (email) => current && setState({ kind: 'ready', email }),
      () => current && setState({ kind: 'invalid' }),
    );
    return () => {
      current = false;
    };
  }, [auth, code]);

  if (state.kind === 'checking') return <Spinner label="Checking your reset link…" />;
  if (state.kind === 'invalid' || !code) {
    // The page keeps its title, so the screen is named like every other (a heading of level 1).
    return (
      <Card>
        <PageTitle>Reset password</PageTitle>
        <ErrorPanel
          title="This reset link cannot be used"
          message="It has expired or was already used. Ask for a new one from your profile, or sign in with an e-mail link."
        />
      </Card>
    );
  }
  if (state.kind === 'done') {
    return (
      <Card>
        <PageTitle>Password changed</PageTitle>
        <p role="status">The password for {state.email} is changed.</p>
        <Link to={paths.portal()}>Go to sign-in</Link>
      </Card>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = passwordProblem(password, confirmation);
    setProblem(found);
    if (found) return;
    setState({ kind: 'saving', email: state.email });
    const result = await auth.confirmPasswordReset(code, password);
    if (result.success) setState({ kind: 'done', email: state.email });
    else {
      setState({ kind: 'ready', email: state.email });
      setProblem(`We couldn't change the password: ${result.message}`);
    }
  };

  return (
    <Card>
      <Stack gap={3}>
        <PageTitle>Reset password</PageTitle>
        <p>Choose a new password for {state.email}.</p>
        <Form onSubmit={submit} noValidate>
          <input type="hidden" name="username" autoComplete="username" value={state.email} />
          <label htmlFor={passwordId}>New password</label>
          <input
            id={passwordId}
            type="password"
            autoComplete="new-password"
            value={password}
            aria-describedby={problem ? problemId : undefined}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
          <label htmlFor={confirmationId}>Confirm new password</label>
          <input
            id={confirmationId}
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
          <div aria-live="polite">{problem && <ErrorText id={problemId}>{problem}</ErrorText>}</div>
          <Button type="submit" disabled={state.kind === 'saving'}>
            {state.kind === 'saving' ? 'Saving…' : 'Change password'}
          </Button>
        </Form>
      </Stack>
    </Card>
  );
}
