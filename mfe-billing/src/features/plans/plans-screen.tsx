// Plans (manage-billing): the plans side by side with the features each includes (no
// prices), the current plan, upgrading through checkout and cancelling. The checkout's return
// (/dashboard/plans/checkout/{id}) is a success only once the server confirms the session is this
// organisation's and paid.
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query/react';
import styled from 'styled-components';
import {
  ENTITLEMENT_KEYS,
  ENTITLEMENT_NAMES,
  FREE_PLAN,
  PLAN_OFFERS,
  type PaidPlanId,
} from '@toolkit/domain';
import { describeError, Loading, QueryView } from '@toolkit/data';
import { useAppSelector } from '@toolkit/store-contract';
import { Button, Card, ErrorPanel, MutedText, PageTitle, Stack } from '@toolkit/ui';
import {
  useCancelPlanMutation,
  useCheckoutConfirmationQuery,
  useOrganisationPlanQuery,
  useStartCheckoutMutation,
} from '../../billing-api';

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

export function PlansScreen({
  goTo = (url) => window.location.assign(url),
}: {
  /** Leaves the app for the checkout page (a test watches it instead). */
  goTo?: (url: string) => void;
}) {
  // The organisation is the claims' tenant (the sign-in user's own tenantId is the identity provider's).
  const tenantId = useAppSelector((state) => state.auth.claims?.tenantId ?? null);
  const { checkoutSessionId } = useParams();
  const current = useOrganisationPlanQuery(tenantId ?? skipToken);
  // Asked beside the plan, not after it: a paid checkout has the plan asked again anyway.
  const confirmation = useCheckoutConfirmationQuery(checkoutSessionId ?? skipToken);
  return (
    <Stack>
      <PageTitle>Plans</PageTitle>
      {tenantId ? (
        <QueryView query={current} doing="load your plan">
          {({ plan }) => <PlanChoices plan={plan} confirmation={confirmation} goTo={goTo} />}
        </QueryView>
      ) : (
        <ErrorPanel message="Your account belongs to no organisation, so it has no plan." />
      )}
    </Stack>
  );
}

type Confirmation = ReturnType<typeof useCheckoutConfirmationQuery>;

/** What the return from checkout found, above the plans. */
function CheckoutOutcome({ confirmation }: { confirmation: Confirmation }) {
  if (confirmation.isLoading) return <Loading label="Confirming your checkout…" />;
  if (confirmation.isError) {
    return (
      <Notice role="alert" $tone="bad">
        We could not find this checkout for your organisation, so your plan has not changed.
      </Notice>
    );
  }
  if (!confirmation.currentData) return null;
  return confirmation.currentData.paid ? (
    <Notice role="status" $tone="good">
      Thank you: your organisation is on the {confirmation.currentData.plan} plan now.
    </Notice>
  ) : (
    <Notice role="alert" $tone="bad">
      This checkout was not paid, so your plan has not changed.
    </Notice>
  );
}

function PlanChoices({
  plan,
  confirmation,
  goTo,
}: {
  plan: string;
  confirmation: Confirmation;
  goTo: (url: string) => void;
}) {
  const [params] = useSearchParams();
  const [startCheckout, checkout] = useStartCheckoutMutation();
  const [cancelPlan, cancelling] = useCancelPlanMutation();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  // Opening a checkout leaves the app, so its button stays busy once the checkout is open.
  const opening = checkout.isLoading || checkout.isSuccess ? checkout.originalArgs : undefined;
  const busy = opening !== undefined || cancelling.isLoading;
  const problem = checkout.isError
    ? describeError(checkout.error, 'start the checkout')
    : cancelling.isError
      ? describeError(cancelling.error, 'cancel the plan')
      : null;

  async function upgrade(planId: PaidPlanId) {
    cancelling.reset();
    try {
      const { url } = await startCheckout(planId).unwrap();
      goTo(url);
    } catch {
      // shown as the problem below the plans
    }
  }

  async function cancel() {
    checkout.reset();
    try {
      await cancelPlan().unwrap();
      setConfirmingCancel(false);
    } catch {
      // shown as the problem below the plans
    }
  }

  return (
    <>
      <div aria-live="polite">
        <CheckoutOutcome confirmation={confirmation} />
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
                        disabled={busy}
                      >
                        {opening === offer.id ? 'Opening the checkout…' : `Choose ${offer.name}`}
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
                  <Button type="button" onClick={() => void cancel()} disabled={busy}>
                    {cancelling.isLoading ? 'Cancelling…' : 'Yes, go back to Free'}
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
    </>
  );
}
