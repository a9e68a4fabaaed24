import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { API, paths } from '@toolkit/domain';
import { callApi, type CallableClient, type ContentClient } from '@toolkit/platform';
import { Card, ErrorPanel, PageTitle, Spinner } from '@toolkit/ui';
import { DEFAULT_TOOLKIT, linkedToolkit, loadToolkit } from './portal-toolkit';
import { AddressMismatchError, type ShellAuth } from '../auth/firebase-auth';
import { EmailLinkForm } from './email-link-form';
import { SignupDetailsForm, type SignupDetails } from './signup-details-form';

type State =
  | { kind: 'checking' }
  | { kind: 'needEmail'; otherAddress?: boolean }
  | { kind: 'notALink' }
  | { kind: 'needDetails' }
  | { kind: 'failed'; message: string }
  | { kind: 'setupFailed'; message: string };

/** The toolkit portal the link was requested from; the plain portal's when it names none. */
export const toolkitOf = (href: string): string => linkedToolkit(href) ?? DEFAULT_TOOLKIT;

/**
 * Where a new organisation goes once signed up: into the survey its toolkit's portal offers when
 * that needs an account (what the person came to take), else the dashboard. The survey is read from
 * the toolkit, never from the link, so it is always that toolkit's own.
 */
async function afterSignUp(content: ContentClient, toolkit: string): Promise<string> {
  const found = await loadToolkit(content, toolkit).catch(() => null);
  return found?.survey.requireAccount ? found.surveyPath : paths.dashboard();
}

const setupFailure = (error: unknown) =>
  `You are signed in, but we couldn't set up your organisation: ${
    error instanceof Error ? error.message : String(error)
  }`;

/** Finishes an e-mail-link sign-in, asking for the address when the link is opened on another device. */
export function CompleteSignup({
  auth,
  callable,
  content,
}: {
  auth: ShellAuth;
  callable: CallableClient;
  content: ContentClient;
}) {
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'checking' });
  const started = useRef(false);
  // The link's own address: the toolkit it was requested from travels in it.
  const [href] = useState(() => window.location.href);

  const complete = async (email: string) => {
    const result = await auth.completeSignInLink(href, email);
    if (result.success) {
      await afterSignIn();
      return null;
    }
    setState({ kind: 'failed', message: result.message });
    return result.message;
  };

  // A member (their claims name a tenant) goes on at once; anyone else is asked for what a new
  // organisation needs first.
  const afterSignIn = async () => {
    setState({ kind: 'checking' });
    try {
      const { tenantId } = await auth.refreshClaims();
      if (tenantId) await setUpAccount();
      else setState({ kind: 'needDetails' });
    } catch (error) {
      setState({ kind: 'setupFailed', message: setupFailure(error) });
    }
  };

  // A first sign-in through a portal makes the user owner of a new tenant, named by `details`; for a
  // returning user the server changes nothing. The new claims are fetched before the dashboard's
  // guard runs. A failure with details is told beside their form, which stays.
  const setUpAccount = async (details?: SignupDetails): Promise<string | null> => {
    if (!details) setState({ kind: 'checking' });
    const toolkit = toolkitOf(href);
    // Asked meanwhile: a sign-up goes on into its toolkit's survey.
    const next = details ? afterSignUp(content, toolkit) : Promise.resolve(paths.dashboard());
    try {
      const { sessionToken, pendingClaims } = await callApi(callable, API.completeSignup, {
        toolkit,
        ...details,
      });
      // Proving the address ended every earlier session, this one's included: it goes on with the new one.
      if (sessionToken) {
        const renewed = await auth.signInWithCustomToken(sessionToken);
        if (!renewed.success) throw new Error(renewed.message);
      }
      await auth.refreshClaims();
      // Results someone asked to save under this address are the signer's only once they say so.
      navigate(pendingClaims > 0 ? paths.saveResults() : await next, { replace: true });
      return null;
    } catch (error) {
      if (details) return setupFailure(error);
      setState({ kind: 'setupFailed', message: setupFailure(error) });
      return null;
    }
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void auth.isSignInLink(href).then(
      (isLink) => {
        if (!isLink) return setState({ kind: 'notALink' });
        const email = auth.pendingEmail();
        if (!email) return setState({ kind: 'needEmail' });
        // This browser last asked a link for another address: the link is still good, so ask for its address.
        complete(email).catch((error: unknown) =>
          setState(
            error instanceof AddressMismatchError
              ? { kind: 'needEmail', otherAddress: true }
              : { kind: 'failed', message: error instanceof Error ? error.message : String(error) },
          ),
        );
      },
      (error: unknown) =>
        setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    // Runs once per arrival: the link can be used only once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (state.kind === 'checking') return <Spinner label="Signing you in…" />;
  if (state.kind === 'setupFailed') {
    return <ErrorPanel title="Almost there" message={state.message} onRetry={() => void afterSignIn()} />;
  }
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
      {state.kind === 'needDetails' ? (
        <SignupDetailsForm onSubmit={setUpAccount} />
      ) : state.kind === 'notALink' ? (
        <p>
          Open the link from your sign-in e-mail to finish. No e-mail?{' '}
          <Link to={paths.portal()}>Request a new link</Link>.
        </p>
      ) : (
        <>
          <p>
            {state.kind === 'needEmail' && state.otherAddress
              ? 'This link went to another address than the one this browser last asked a link for. Confirm the address the e-mail went to.'
              : 'You opened the link on a different device or browser. Confirm your e-mail address to finish.'}
          </p>
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
