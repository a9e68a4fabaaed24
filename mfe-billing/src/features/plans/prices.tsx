// Prices as the provider holds them: the Monthly/Yearly switch with the largest yearly saving, and
// one plan's price for the chosen period with its currency, GST and yearly saving.
import styled from 'styled-components';
import {
  formatMoney,
  PAID_PLAN_IDS,
  yearlySaving,
  type BillingPeriod,
  type PlanOffer,
  type PlanPrice,
} from '@toolkit/domain';
import { VisuallyHidden } from '@toolkit/ui';
import { periodWords } from '../../shared/periods';

const Switch = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[4]}px;
  margin: 0;
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
  legend {
    font-weight: 600;
    padding: 0 ${({ theme }) => theme.space[1]}px;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]}px;
    min-height: 44px;
    cursor: pointer;
  }
  input {
    width: 1.25rem;
    height: 1.25rem;
    margin: 0;
  }
`;

export function PeriodSwitch({
  period,
  onChange,
  prices,
}: {
  period: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
  prices: readonly PlanPrice[];
}) {
  const best = Math.max(0, ...PAID_PLAN_IDS.map((planId) => yearlySaving(prices, planId)?.percent ?? 0));
  return (
    <Switch>
      <legend>Billing period</legend>
      {(['month', 'year'] as const).map((choice) => (
        <label key={choice}>
          <input
            type="radio"
            name="billing-period"
            value={choice}
            checked={period === choice}
            onChange={() => onChange(choice)}
          />
          {periodWords[choice].label}
          {choice === 'year' && best > 0 && ` (save up to ${best}%)`}
        </label>
      ))}
    </Switch>
  );
}

const Amount = styled.p`
  margin: 0;
  font-size: 1.5rem;
  font-weight: 700;
  span {
    font-size: 1rem;
    font-weight: 400;
  }
`;

const Small = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedText};
`;

/** A price's place while the prices load: the amount's line and the currency's. */
const Placeholder = styled.div`
  height: calc(1.5rem * 1.5 + 1.5em);
  width: 10rem;
  max-width: 100%;
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.border};
`;

export function PricePlaceholder() {
  return (
    <Placeholder>
      <VisuallyHidden role="status">Loading the price…</VisuallyHidden>
    </Placeholder>
  );
}

/** One plan's price for the period; Free costs nothing and has no price at the provider. */
export function PriceTag({
  planId,
  period,
  prices,
}: {
  planId: PlanOffer['id'];
  period: BillingPeriod;
  prices: readonly PlanPrice[];
}) {
  if (planId === 'free') return <Amount>No charge</Amount>;
  const price = prices.find((candidate) => candidate.planId === planId && candidate.period === period);
  if (!price) return <Small>No {periodWords[period].adverb} price is available for this plan.</Small>;
  const saving = period === 'year' ? yearlySaving(prices, planId) : null;
  return (
    <div>
      <Amount>
        {formatMoney(price.amount, price.currency)} <span>{periodWords[period].per}</span>
      </Amount>
      <Small>
        {price.currency.toUpperCase()}, {price.taxIncluded ? 'GST included' : 'plus GST'}
      </Small>
      {saving && (
        <Small>
          Saves {formatMoney(saving.amount, price.currency)} ({saving.percent}%) against paying monthly
        </Small>
      )}
    </div>
  );
}
