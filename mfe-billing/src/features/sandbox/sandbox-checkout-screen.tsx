// The local billing sandbox's checkout page, Stripe Checkout's stand-in for `npm start`: it names
// the plan and its price, takes no payment, and pays or cancels before returning to the app as
// Stripe would.
import { Link, useParams } from 'react-router';
import { formatMoney, paths } from '@toolkit/domain';
import { Loading, toQueryError } from '@toolkit/data';
import { Button, Card, ErrorPanel, MutedText, PageTitle, Stack } from '@toolkit/ui';
import { useFinishSandboxCheckoutMutation, useSandboxCheckoutQuery } from '../../billing-api';
import { periodWords } from '../../shared/periods';

/** The server's reason when it gave one: a forged or foreign checkout is simply not found. */
function reasonOf(error: unknown): string {
  const { message, hasServerMessage } = toQueryError(error);
  return hasServerMessage ? message : 'Please try again.';
}

export function SandboxCheckoutScreen({
  goTo = (url) => window.location.assign(url),
}: {
  /** Returns to the app's success or plans page (a test watches it instead). */
  goTo?: (url: string) => void;
}) {
  const { checkoutSessionId = '' } = useParams();
  const checkout = useSandboxCheckoutQuery(checkoutSessionId);
  const [finish, finishing] = useFinishSandboxCheckoutMutation();
  // Finishing leaves the app, so the buttons stay disabled once it has answered.
  const busy = finishing.isLoading || finishing.isSuccess;

  async function finishWith(pay: boolean) {
    try {
      const { returnTo } = await finish({ sessionId: checkoutSessionId, pay }).unwrap();
      goTo(returnTo);
    } catch {
      // shown in place of the checkout
    }
  }

  const failure = checkout.isError ? checkout.error : finishing.isError ? finishing.error : undefined;
  if (failure) return <ErrorPanel title="This checkout cannot be opened" message={reasonOf(failure)} />;
  const state = checkout.currentData;
  if (!state) return <Loading label="Opening the checkout…" />;
  return (
    <Card>
      <Stack gap={4}>
        <PageTitle>Checkout: the {state.planName} plan</PageTitle>
        {state.price && (
          <p style={{ margin: 0 }}>
            <strong>
              {formatMoney(state.price.amount, state.price.currency)} {periodWords[state.price.period].per}
            </strong>
            , {state.price.currency.toUpperCase()}, {state.price.taxIncluded ? 'GST included' : 'plus GST'}.
            You pay this today, then {periodWords[state.price.period].adverb} until you cancel.
          </p>
        )}
        <MutedText>
          This is the local billing sandbox: no card is asked for and no money is taken. In production this
          step is the payment provider&apos;s checkout.
        </MutedText>
        {state.status === 'open' ? (
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Button type="button" onClick={() => void finishWith(true)} disabled={busy}>
              Pay for {state.planName} (sandbox)
            </Button>
            <Button type="button" variant="secondary" onClick={() => void finishWith(false)} disabled={busy}>
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
