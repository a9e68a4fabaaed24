import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@toolkit/domain';
import { Card, ErrorPanel, PageTitle, Spinner } from '@toolkit/ui';
import type { ShellAuth } from '../auth/firebase-auth';
import { EmailLinkForm } from './EmailLinkForm';

type State =
  { kind: 'checking' } | { kind: 'needEmail' } | { kind: 'notALink' } | { kind: 'failed'; message: string };

/** Finishes an e-mail-link sign-in, asking for the address when the link is opened on another device. */
export function CompleteSignup({ auth }: { auth: ShellAuth }) {
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'checking' });
  const started = useRef(false);

  const complete = async (email: string) => {
    const result = await auth.completeSignInLink(window.location.href, email);
    if (result.success) {
      navigate(paths.dashboard(), { replace: true });
      return null;
    }
    const message = 'This sign-in link has expired or was already used. Please request a new one.';
    setState({ kind: 'failed', message });
    return message;
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!auth.isSignInLink(window.location.href)) return setState({ kind: 'notALink' });
    const email = auth.pendingEmail();
    if (email) void complete(email);
    else setState({ kind: 'needEmail' });
    // Runs once per arrival: the link can be used only once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (state.kind === 'checking') return <Spinner label="Signing you in…" />;
  if (state.kind === 'failed') {
    return (
      <ErrorPanel
        title="We couldn't sign you in"
        message={state.message}
        onRetry={() => navigate(paths.portal())}
        retryLabel="Request a new link"
      />
    );
  }
  return (
    <Card>
      <PageTitle>Complete sign-up</PageTitle>
      {state.kind === 'notALink' ? (
        <p>
          Open the link from your sign-in e-mail to finish. No e-mail?{' '}
          <Link to={paths.portal()}>Request a new link</Link>.
        </p>
      ) : (
        <>
          <p>You opened the link on a different device or browser. Confirm your e-mail address to finish.</p>
          <EmailLinkForm
            submitLabel="Finish signing in"
            successMessage={() => 'Signed in.'}
            onSubmit={complete}
          />
        </>
      )}
    </Card>
  );
}
