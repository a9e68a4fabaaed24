// One answer to a save, for the survey and the invite journey alike: only the wording of "not
// found" and "not yours" differs between the two.
import type { ApiResponses } from '@toolkit/domain';
import { ApiError, notFound, permissionDenied } from '../api/errors';
import { ALREADY_SUBMITTED, type SaveOutcome } from '../repositories/results';

export function answerSaved(
  saved: SaveOutcome,
  messages: { notFound: string; denied: string },
  now: Date,
): ApiResponses['survey-saveAnswer'] {
  switch (saved.outcome) {
    case 'not-found':
      throw notFound(messages.notFound);
    case 'denied':
      throw permissionDenied(messages.denied);
    case 'completed':
      throw new ApiError('failed-precondition', ALREADY_SUBMITTED);
    default:
      return { applied: saved.outcome === 'applied', updatedAt: saved.updatedAt ?? now.toISOString() };
  }
}
