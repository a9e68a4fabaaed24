// The local billing sandbox's checkout page, Stripe Checkout's stand-in for `npm start`: it names
// the plan, takes no payment, and pays or cancels before returning to the app as Stripe would.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { API, paths } from '@toolkit/domain';
import { callApi, isCallableError, type CallableClient } from '@toolkit/platform';
import { Button, Card, ErrorPanel, MutedText, PageTitle, Spinner, Stack } from '@toolkit/ui';

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; planName: string; status: 'open' | 'paid' | 'canceled' }
  | { kind: 'failed'; message: string };

export function SandboxCheckoutScreen({
  callable,
  goTo = (url) => window.location.assign(url),
}: {
  callable: CallableClient;
  /** Returns to the app's success or plans page (a test watches it instead). */
  goTo?: (url: string) => void;
}) {
  const { checkoutSessionId = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    callApi(callable, API.getSandboxCheckout, { sessionId: checkoutSessionId }).then(
      ({ planName, status }) => setState({ kind: 'ready', planName, status }),
      (error: unknown) =>
        setState({
          kind: 'failed',
          message: isCallableError(error) && error.hasServerMessage ? error.message : 'Please try again.',
        }),
    );
  }, [callable, checkoutSessionId]);

  async function finish(pay: boolean) {
    setBusy(true);
    try {
      const { returnTo } = await callApi(callable, API.finishSandboxCheckout, {
        sessionId: checkoutSessionId,
        pay,
      });
      goTo(returnTo);
    } catch (error) {
      setBusy(false);
      setState({
        kind: 'failed',
        message: isCallableError(error) && error.hasServerMessage ? error.message : 'Please try again.',
      });
    }
  }

  if (state.kind === 'loading') return <Spinner label="Opening the checkout…" />;
  if (state.kind === 'failed') {
    return <ErrorPanel title="This checkout cannot be opened" message={state.message} />;
  }
  return (
    <Card>
      <Stack gap={4}>
        <PageTitle>Checkout: the {state.planName} plan</PageTitle>
        <MutedText>
          This is the local billing sandbox: no card is asked for and no money is taken. In production this
          step is the payment provider&apos;s checkout.
        </MutedText>
        {state.status === 'open' ? (
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Button type="button" onClick={() => void finish(true)} disabled={busy}>
              Pay for {state.planName} (sandbox)
            </Button>
            <Button type="button" variant="secondary" onClick={() => void finish(false)} disabled={busy}>
              Cancel
            </Button>
          </div>
        ) : (
          <p>
            This checkout is already {state.status === 'paid' ? 'paid' : 'cancelled'}.{' '}
            <Link to={paths.plans()}>Back to Plans</Link>
          </p>
        )}
      </Stack>
    </Card>
  );
}
