// Switching a paid plan or its period: what the provider's proration does to the current period
// (credit for the unused time, the new price's charge, what is paid now) before the member confirms.
import { useEffect, useRef } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { formatDate, formatMoney, PLAN_OFFERS, type ChangePreview, type PlanPrice } from '@toolkit/domain';
import { describeError, QueryView } from '@toolkit/data';
import { Button, Card, Stack } from '@toolkit/ui';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { ErrorText } from '@toolkit/ui/error-text';
import { useChangePlanMutation, usePlanChangePreviewQuery, type PlanChoice } from '../../billing-api';
import { Notice } from '../../shared/notice';
import { periodWords } from '../../shared/periods';

function PreviewLines({ preview, name }: { preview: ChangePreview; name: string }) {
  const money = (amount: number) => formatMoney(amount, preview.currency);
  const now =
    preview.total > 0
      ? `You pay ${money(preview.total)} now.`
      : preview.total < 0
        ? `Nothing to pay now: ${money(-preview.total)} stays as credit towards your next invoices.`
        : 'Nothing to pay now.';
  return (
    <Stack gap={1}>
      <p style={{ margin: 0 }}>Credit for the unused part of your current period: {money(preview.credit)}</p>
      <p style={{ margin: 0 }}>
        {name} from today until {formatDate(preview.renewsAt)}: {money(preview.charge)}
      </p>
      <p style={{ margin: 0, fontWeight: 600 }}>{now}</p>
    </Stack>
  );
}

export function ChangePlan({
  choice,
  prices,
  onClose,
}: {
  choice: PlanChoice;
  prices: readonly PlanPrice[];
  onClose: () => void;
}) {
  const [changePlan, changing] = useChangePlanMutation();
  // Once made, the switch has nothing left to preview: the plan it asked about is the current one.
  const preview = usePlanChangePreviewQuery(changing.isSuccess ? skipToken : choice);
  const heading = useRef<HTMLHeadingElement>(null);
  const name = PLAN_OFFERS.find((offer) => offer.id === choice.planId)!.name;
  const price = prices.find((item) => item.planId === choice.planId && item.period === choice.period);
  // The panel opens below the cards: focus moves to it so the change is read out and in view.
  useEffect(() => heading.current?.focus(), []);

  async function confirm() {
    try {
      await changePlan(choice).unwrap();
    } catch {
      // shown in the panel
    }
  }

  return (
    <Card>
      <Stack gap={3} role="group" aria-labelledby="plan-change-heading">
        <SectionHeading id="plan-change-heading" ref={heading} tabIndex={-1}>
          Switch to {name}, billed {periodWords[choice.period].adverb}
        </SectionHeading>
        {changing.isSuccess ? (
          <Notice role="status">
            Done: your organisation is on the {changing.data.plan} plan, billed{' '}
            {periodWords[choice.period].adverb}. The invoice is listed below.
          </Notice>
        ) : (
          <>
            <QueryView query={preview} doing="work out what the switch costs">
              {(data) => <PreviewLines preview={data} name={name} />}
            </QueryView>
            {price && (
              <p style={{ margin: 0 }}>
                Then {formatMoney(price.amount, price.currency)} {periodWords[choice.period].per}, GST
                included.
              </p>
            )}
            {changing.isError && (
              <ErrorText role="alert">{describeError(changing.error, 'switch your plan')}</ErrorText>
            )}
          </>
        )}
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          {!changing.isSuccess && (
            <Button
              type="button"
              onClick={() => void confirm()}
              disabled={!preview.currentData || changing.isLoading}
            >
              {changing.isLoading ? 'Switching…' : `Confirm the switch to ${name}`}
            </Button>
          )}
          <Button type="button" variant="secondary" onClick={onClose}>
            {changing.isSuccess ? 'Close' : 'Keep my current plan'}
          </Button>
        </div>
      </Stack>
    </Card>
  );
}
