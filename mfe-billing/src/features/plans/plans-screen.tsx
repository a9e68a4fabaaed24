// Plans (manage-billing): the plans side by side with their features and the provider's prices
// (monthly or yearly, AUD, GST included), the current plan, upgrading through checkout, switching
// plan or period with the provider's proration, invoices, the customer portal and cancelling. The
// checkout's return (/dashboard/plans/checkout/{id}) is a success only once the server confirms the
// session is this organisation's and paid.
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query/react';
import styled from 'styled-components';
import {
  ENTITLEMENT_KEYS,
  ENTITLEMENT_NAMES,
  FREE_PLAN,
  formatDate,
  PLAN_OFFERS,
  type BillingPeriod,
  type PaidPlanId,
  type Subscription,
} from '@toolkit/domain';
import { describeError, Loading, LoadError, QueryView } from '@toolkit/data';
import { useAppSelector } from '@toolkit/store-contract';
import { Button, Card, ErrorPanel, MutedText, PageTitle, Stack } from '@toolkit/ui';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { ErrorText } from '@toolkit/ui/error-text';
import {
  useCancelPlanMutation,
  useCheckoutConfirmationQuery,
  useOrganisationPlanQuery,
  usePlanPricesQuery,
  useStartCheckoutMutation,
  type OrganisationPlan,
  type PlanChoice,
} from '../../billing-api';
import { ChangePlan } from './change-plan';
import { Invoices } from './invoices';
import { Notice } from '../../shared/notice';
import { periodWords } from '../../shared/periods';
import { PeriodSwitch, PricePlaceholder, PriceTag } from './prices';

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

export function PlansScreen({
  goTo = (url) => window.location.assign(url),
}: {
  /** Leaves the app for the checkout page or the billing portal (a test watches it instead). */
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
          {(organisation) => (
            <PlanChoices organisation={organisation} confirmation={confirmation} goTo={goTo} />
          )}
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
      <ErrorText role="alert">
        We could not find this checkout for your organisation, so your plan has not changed.
      </ErrorText>
    );
  }
  if (!confirmation.currentData) return null;
  return confirmation.currentData.paid ? (
    <Notice role="status">
      Thank you: your organisation is on the {confirmation.currentData.plan} plan now.
    </Notice>
  ) : (
    <ErrorText role="alert">This checkout was not paid, so your plan has not changed.</ErrorText>
  );
}

/** A failed renewal, for the billing members who can put it right. */
function PastDue({ plan, subscription }: { plan: string; subscription: Subscription }) {
  const paidPlan = subscription.product?.internalPlanName ?? 'paid';
  const until = formatDate(subscription.graceUntil);
  return (
    <Card role="alert">
      <Stack gap={2}>
        <SectionHeading>A payment failed</SectionHeading>
        {plan === FREE_PLAN ? (
          <p style={{ margin: 0 }}>
            The last payment for your {paidPlan} plan failed and its grace period has ended, so your
            organisation is on Free. Update your payment method under Manage billing below: once the payment
            goes through, {paidPlan} and its features return.
          </p>
        ) : (
          <p style={{ margin: 0 }}>
            The last payment for your {paidPlan} plan failed. Update your payment method under Manage billing
            below by {until} to keep {paidPlan}; after that your organisation moves to Free until the payment
            goes through.
          </p>
        )}
      </Stack>
    </Card>
  );
}

function currentPlanWords(plan: string, subscription: Subscription | null) {
  if (plan === FREE_PLAN || !subscription?.period) return `Your organisation is on the ${plan} plan.`;
  const renewal = subscription.currentPeriodEnd
    ? `, renewing on ${formatDate(subscription.currentPeriodEnd)}`
    : '';
  return `Your organisation is on the ${plan} plan, billed ${periodWords[subscription.period].adverb}${renewal}.`;
}

function PlanChoices({
  organisation: { plan, subscription },
  confirmation,
  goTo,
}: {
  organisation: OrganisationPlan;
  confirmation: Confirmation;
  goTo: (url: string) => void;
}) {
  const [params] = useSearchParams();
  const prices = usePlanPricesQuery();
  const list = prices.data;
  const [startCheckout, checkout] = useStartCheckoutMutation();
  const [cancelPlan, cancelling] = useCancelPlanMutation();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const currentPeriod = plan === FREE_PLAN ? null : (subscription?.period ?? null);
  const [period, setPeriod] = useState<BillingPeriod>(currentPeriod ?? 'month');
  const [change, setChange] = useState<PlanChoice | null>(null);
  // Opening a checkout leaves the app, so its button stays busy once the checkout is open.
  const opening = checkout.isLoading || checkout.isSuccess ? checkout.originalArgs?.planId : undefined;
  const busy = opening !== undefined || cancelling.isLoading;
  // A plan is chosen at a price the person has seen.
  const choosable = !busy && list !== undefined;
  const problem = checkout.isError
    ? describeError(checkout.error, 'start the checkout')
    : cancelling.isError
      ? describeError(cancelling.error, 'cancel the plan')
      : null;

  async function upgrade(choice: PlanChoice) {
    cancelling.reset();
    try {
      const { url } = await startCheckout(choice).unwrap();
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

  /** What a paid plan's card offers: a checkout from Free, a switch from another plan or period. */
  function action(planId: PaidPlanId, name: string) {
    if (currentPeriod === null) {
      return (
        <Button type="button" onClick={() => void upgrade({ planId, period })} disabled={!choosable}>
          {opening === planId ? 'Opening the checkout…' : `Choose ${name}`}
        </Button>
      );
    }
    if (name === plan && period === currentPeriod) return null;
    const label = name === plan ? `Switch to ${periodWords[period].adverb} billing` : `Switch to ${name}`;
    return (
      <Button type="button" onClick={() => setChange({ planId, period })} disabled={!choosable}>
        {label}
      </Button>
    );
  }

  return (
    <>
      <div aria-live="polite">
        <CheckoutOutcome confirmation={confirmation} />
        {params.get('checkout') === 'canceled' && (
          <Notice role="status">Checkout cancelled. Your plan has not changed.</Notice>
        )}
      </div>
      {subscription?.status === 'past_due' && <PastDue plan={plan} subscription={subscription} />}
      <MutedText>{currentPlanWords(plan, subscription)}</MutedText>
      {prices.isError && !prices.data ? (
        <LoadError error={prices.error} doing="load the prices" onRetry={() => void prices.refetch()} />
      ) : (
        // While the prices load, the plans stand with their features and a price's place, so
        // nothing below moves down when the prices arrive.
        <>
          <PeriodSwitch period={period} onChange={setPeriod} prices={list ?? []} />
          <Offers aria-label="Plans" aria-busy={list ? undefined : true}>
            {PLAN_OFFERS.map((offer) => {
              const isCurrent = offer.name === plan;
              return (
                <li key={offer.id}>
                  <Card aria-current={isCurrent ? 'true' : undefined}>
                    <Stack gap={3}>
                      <SectionHeading>
                        {offer.name}
                        {isCurrent && ' (your plan)'}
                      </SectionHeading>
                      {list || offer.id === 'free' ? (
                        <PriceTag planId={offer.id} period={period} prices={list ?? []} />
                      ) : (
                        <PricePlaceholder />
                      )}
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
                      {offer.id !== 'free' && <div>{action(offer.id, offer.name)}</div>}
                    </Stack>
                  </Card>
                </li>
              );
            })}
          </Offers>
          {change && list && (
            <ChangePlan
              key={`${change.planId}-${change.period}`}
              choice={change}
              prices={list}
              onClose={() => setChange(null)}
            />
          )}
        </>
      )}
      {problem && <ErrorText role="alert">{problem}</ErrorText>}
      <Invoices showPortal={subscription !== null} goTo={goTo} />
      {plan !== FREE_PLAN && (
        <Card>
          <Stack gap={3}>
            <SectionHeading>Cancel your plan</SectionHeading>
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
