import type { BillingPeriod } from '@toolkit/domain';

/** A billing period as the pages say it: "billed monthly", "$49.00 per month", the switch's "Monthly". */
export const periodWords: Record<BillingPeriod, { adverb: string; per: string; label: string }> = {
  month: { adverb: 'monthly', per: 'per month', label: 'Monthly' },
  year: { adverb: 'yearly', per: 'per year', label: 'Yearly' },
};
