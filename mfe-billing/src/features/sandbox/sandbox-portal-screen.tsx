// The local billing sandbox's stand-in for the provider's customer portal: the card on file
// (test cards only, no number asked for or kept), replacing it, which pays a failed renewal, and
// cancelling the plan.
import { useState } from 'react';
import { Link } from 'react-router';
import { FREE_PLAN, paths, SANDBOX_CARD_ENDINGS } from '@toolkit/domain';
import { describeError, QueryView } from '@toolkit/data';
import { Button, Card, MutedText, PageTitle, Stack } from '@toolkit/ui';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { ErrorText } from '@toolkit/ui/error-text';
import {
  useCancelPlanMutation,
  useReplaceSandboxCardMutation,
  useSandboxPortalQuery,
} from '../../billing-api';
import { Notice } from '../../shared/notice';

const BRANDS = { '4242': 'Visa', '4444': 'Mastercard' } as const;

export function SandboxPortalScreen() {
  const portal = useSandboxPortalQuery();
  const [replaceCard, replacing] = useReplaceSandboxCardMutation();
  const [cancelPlan, cancelling] = useCancelPlanMutation();
  const [confirmingCancel, setConfirmingCancel] = useState(false);

  return (
    <Stack>
      <PageTitle>Billing portal (sandbox)</PageTitle>
      <MutedText>
        This is the local billing sandbox&apos;s stand-in for the payment provider&apos;s customer portal:
        only test cards, no card number is asked for and no money is taken.
      </MutedText>
      <QueryView query={portal} doing="open the billing portal">
        {({ card, plan, pastDue }) => (
          <>
            {pastDue && (
              <ErrorText role="alert">
                A renewal payment failed. Use another card to pay it and keep your plan.
              </ErrorText>
            )}
            <Card>
              <Stack gap={3}>
                <SectionHeading>Payment method</SectionHeading>
                <p style={{ margin: 0 }}>
                  {card ? `${card.brand} ending ${card.last4}` : 'No card on file.'}
                </p>
                {replacing.isSuccess && (
                  <Notice role="status">
                    Your payment method is now {replacing.data.card.brand} ending {replacing.data.card.last4}.
                  </Notice>
                )}
                {replacing.isError && (
                  <ErrorText role="alert">
                    {describeError(replacing.error, 'change your payment method')}
                  </ErrorText>
                )}
                <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
                  {SANDBOX_CARD_ENDINGS.filter((last4) => last4 !== card?.last4).map((last4) => (
                    <Button
                      key={last4}
                      type="button"
                      onClick={() => void replaceCard(last4)}
                      disabled={replacing.isLoading}
                    >
                      Use {BRANDS[last4]} ending {last4}
                    </Button>
                  ))}
                </div>
              </Stack>
            </Card>
            <Card>
              <Stack gap={3}>
                <SectionHeading>Your plan: {plan}</SectionHeading>
                {cancelling.isError && (
                  <ErrorText role="alert">{describeError(cancelling.error, 'cancel the plan')}</ErrorText>
                )}
                {plan === FREE_PLAN ? (
                  <p style={{ margin: 0 }}>Nothing to cancel: your organisation is on Free.</p>
                ) : confirmingCancel ? (
                  <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
                    <Button type="button" onClick={() => void cancelPlan()} disabled={cancelling.isLoading}>
                      {cancelling.isLoading ? 'Cancelling…' : 'Yes, go back to Free'}
                    </Button>
                    <Button type="button" variant="secondary" onClick={() => setConfirmingCancel(false)}>
                      Keep {plan}
                    </Button>
                  </div>
                ) : (
                  <div>
                    <Button type="button" variant="secondary" onClick={() => setConfirmingCancel(true)}>
                      Cancel the {plan} plan
                    </Button>
                  </div>
                )}
              </Stack>
            </Card>
          </>
        )}
      </QueryView>
      <p>
        <Link to={paths.plans()}>Back to Plans</Link>
      </p>
    </Stack>
  );
}
