// Plans (manage-billing): the plans side by side with the features each includes (no
// prices), the current plan, upgrading through checkout and cancelling. The checkout's return
// (/dashboard/plans/checkout/{id}) is a success only once the server confirms the session is this
// organisation's and paid.
import { useCallback, useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import styled from 'styled-components';
import {
  API,
  ENTITLEMENT_KEYS,
  ENTITLEMENT_NAMES,
  FREE_PLAN,
  PLAN_OFFERS,
  type PaidPlanId,
} from '@toolkit/domain';
import { callApi, fetchPlan, isCallableError, type CallableClient } from '@toolkit/platform';
import { entitlementsLoaded, planResolved, useAppDispatch, useAppSelector } from '@toolkit/store-contract';
import { Button, Card, ErrorPanel, MutedText, PageTitle, Spinner, Stack } from '@toolkit/ui';

const Offers = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 16rem), 1fr));
`;

const Features = styled.ul`
  margin: 0;
  padding-left: 1.25rem;
  li[data-included='false'] {
    color: ${({ theme }) => theme.colors.mutedText};
    text-decoration: line-through;
  }
`;

const Notice = styled.p<{ $tone: 'good' | 'bad' }>`
  margin: 0;
  font-weight: 600;
  color: ${({ theme, $tone }) => ($tone === 'good' ? theme.colors.text : theme.colors.danger)};
`;

type Confirmation =
  { kind: 'checking' } | { kind: 'paid'; plan: string } | { kind: 'unpaid' } | { kind: 'unknown' };

const reason = (error: unknown, doing: string) =>
  isCallableError(error) && error.hasServerMessage
    ? `We couldn't ${doing}: ${error.message}`
    : `We couldn't ${doing}. Please try again.`;

export function PlansScreen({
  callable,
  goTo = (url) => window.location.assign(url),
}: {
  callable: CallableClient;
  /** Leaves the app for the checkout page (a test watches it instead). */
  goTo?: (url: string) => void;
}) {
  const { checkoutSessionId } = useParams();
  const [params] = useSearchParams();
  const dispatch = useAppDispatch();
  // The organisation is the claims' tenant (the sign-in user's own tenantId is the identity provider's).
  const tenantId = useAppSelector((state) => state.auth.claims?.tenantId ?? null);
  const [current, setCurrent] = useState<{ plan: string; error: string | null } | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [busy, setBusy] = useState<PaidPlanId | 'cancel' | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  // The plan, read afresh and put in the shared store, so every remote sees the same.
  const refresh = useCallback(async () => {
    if (!tenantId) return;
    const resolved = await fetchPlan(callable, tenantId);
    setCurrent(resolved);
    if (!resolved.error) {
      dispatch(planResolved(resolved.plan));
      dispatch(entitlementsLoaded(resolved.entitlements));
    }
  }, [callable, tenantId, dispatch]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  useEffect(() => {
    if (!checkoutSessionId) return;
    setConfirmation({ kind: 'checking' });
    callApi(callable, API.confirmCheckout, { sessionId: checkoutSessionId }).then(
      ({ paid, plan }) => {
        setConfirmation(paid ? { kind: 'paid', plan } : { kind: 'unpaid' });
        if (paid) void refresh();
      },
      () => setConfirmation({ kind: 'unknown' }),
    );
  }, [callable, checkoutSessionId, refresh]);

  async function upgrade(planId: PaidPlanId) {
    setBusy(planId);
    setProblem(null);
    try {
      const { url } = await callApi(callable, API.startCheckout, { planId });
      goTo(url);
    } catch (error) {
      setProblem(reason(error, 'start the checkout'));
      setBusy(null);
    }
  }

  async function cancel() {
    setBusy('cancel');
    setProblem(null);
    try {
      await callApi(callable, API.cancelSubscription, null);
      setConfirmingCancel(false);
      await refresh();
    } catch (error) {
      setProblem(reason(error, 'cancel the plan'));
    } finally {
      setBusy(null);
    }
  }

  if (!tenantId || !current || current.error) {
    return (
      <Stack>
        <PageTitle>Plans</PageTitle>
        {!tenantId ? (
          <ErrorPanel message="Your account belongs to no organisation, so it has no plan." />
        ) : !current ? (
          <Spinner label="Loading your plan…" />
        ) : (
          <ErrorPanel
            message={`We couldn't load your plan: ${current.error}.`}
            onRetry={() => void refresh()}
          />
        )}
      </Stack>
    );
  }
  const plan = current.plan;
  return (
    <Stack>
      <PageTitle>Plans</PageTitle>
      <div aria-live="polite">
        {confirmation?.kind === 'checking' && <Spinner label="Confirming your checkout…" />}
        {confirmation?.kind === 'paid' && (
          <Notice role="status" $tone="good">
            Thank you: your organisation is on the {confirmation.plan} plan now.
          </Notice>
        )}
        {confirmation?.kind === 'unpaid' && (
          <Notice role="alert" $tone="bad">
            This checkout was not paid, so your plan has not changed.
          </Notice>
        )}
        {confirmation?.kind === 'unknown' && (
          <Notice role="alert" $tone="bad">
            We could not find this checkout for your organisation, so your plan has not changed.
          </Notice>
        )}
        {params.get('checkout') === 'canceled' && (
          <Notice role="status" $tone="good">
            Checkout cancelled. Your plan has not changed.
          </Notice>
        )}
      </div>
      <MutedText>Your organisation is on the {plan} plan.</MutedText>
      <Offers aria-label="Plans">
        {PLAN_OFFERS.map((offer) => {
          const isCurrent = offer.name === plan;
          return (
            <li key={offer.id}>
              <Card aria-current={isCurrent ? 'true' : undefined}>
                <Stack gap={3}>
                  <h2 style={{ margin: 0 }}>
                    {offer.name}
                    {isCurrent && ' (your plan)'}
                  </h2>
                  <p style={{ margin: 0 }}>{offer.summary}</p>
                  <Features aria-label={`Features of ${offer.name}`}>
                    {ENTITLEMENT_KEYS.map((key) => {
                      const included = offer.entitlements.includes(key);
                      return (
                        <li key={key} data-included={included}>
                          {included ? '' : 'Not included: '}
                          {ENTITLEMENT_NAMES[key]}
                        </li>
                      );
                    })}
                  </Features>
                  {!isCurrent && offer.id !== 'free' && (
                    <div>
                      <Button
                        type="button"
                        onClick={() => void upgrade(offer.id as PaidPlanId)}
                        disabled={busy !== null}
                      >
                        {busy === offer.id ? 'Opening the checkout…' : `Choose ${offer.name}`}
                      </Button>
                    </div>
                  )}
                </Stack>
              </Card>
            </li>
          );
        })}
      </Offers>
      {problem && (
        <Notice role="alert" $tone="bad">
          {problem}
        </Notice>
      )}
      {plan !== FREE_PLAN && (
        <Card>
          <Stack gap={3}>
            <h2 style={{ margin: 0 }}>Cancel your plan</h2>
            {confirmingCancel ? (
              <Stack gap={2} role="group" aria-label="Confirm cancelling">
                <p style={{ margin: 0 }}>
                  Go back to Free? What you made with the {plan} plan is kept, but its features become
                  read-only.
                </p>
                <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
                  <Button type="button" onClick={() => void cancel()} disabled={busy !== null}>
                    {busy === 'cancel' ? 'Cancelling…' : 'Yes, go back to Free'}
                  </Button>
                  <Button type="button" variant="secondary" onClick={() => setConfirmingCancel(false)}>
                    Keep {plan}
                  </Button>
                </div>
              </Stack>
            ) : (
              <div>
                <Button type="button" variant="secondary" onClick={() => setConfirmingCancel(true)}>
                  Cancel the {plan} plan
                </Button>
              </div>
            )}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
