// How the reviews screens word a review's status and the scores it compares.
import type { ReviewStatus } from '@toolkit/domain';

export const STATUS_LABELS: Readonly<Record<ReviewStatus, string>> = {
  waiting: 'Waiting',
  inReview: 'In review',
  needsInformation: 'Needs information',
  verified: 'Verified',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

/** A score as the results show it; a result without one says so. */
export const percentWords = (percent: number | null) => (percent === null ? 'not scored' : `${percent}%`);
