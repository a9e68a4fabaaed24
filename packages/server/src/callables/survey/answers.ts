// Saving one answer, for the survey and the invite journey alike: one use case keyed on
// the caller's uid and invite claim; only the answers field and the wording of refusals differ.
import { mayReachResult, SERVER_ERRORS, type AnswerValue, type ApiResponses } from '@toolkit/domain';
import { quotaPaths, takeQuota, type Quota } from '../../abuse/limits';
import { ApiError, notFound, permissionDenied } from '../../api/errors';
import { readInvite, inviteIsFor } from '../../repositories/invites';
import { paths } from '../../repositories/paths';
import { toStoredResult, updateResult, type ResultRef, type StoredResult } from '../../repositories/results';
import type { DocumentStore, StoreTransaction } from '../../store/port';

type Reader = Pick<StoreTransaction, 'get'>;

/** Whether this caller may read or write the result, reading the invite their token names. */
export async function canReach(
  reader: Reader,
  ref: ResultRef,
  result: StoredResult,
  who: { uid: string; inviteId: string | null },
): Promise<boolean> {
  const isStarter = result.userId !== null && result.userId === who.uid;
  if (isStarter || !who.inviteId) return isStarter;
  const invite = await readInvite(reader, who.inviteId);
  return mayReachResult({ isStarter, inviteMatches: inviteIsFor(invite, ref) });
}

type SaveOutcome =
  | { outcome: 'not-found' | 'denied' | 'completed' }
  | { outcome: 'applied' | 'stale'; updatedAt: string | null };

export interface AnswerSave {
  ref: ResultRef;
  who: { uid: string; inviteId: string | null };
  /** questions for the survey, answers for the invite journey. */
  field: 'questions' | 'answers';
  questionId: string;
  answer: AnswerValue;
  seq: number;
  /** Counted with each applied save (a stale or refused one costs nothing). */
  quota?: Quota;
}

/**
 * Saves one answer unless a save with a higher or equal order was already applied, so a late,
 * older request never overwrites a newer answer. One transaction, one read (the result and the
 * quota's counters together) and one write; the answer's time is the request's, so nothing is read
 * back. The whole maps are written back rather than as dotted paths, so a question id with a dot
 * is safe.
 */
async function saveAnswer(store: DocumentStore, save: AnswerSave, now: Date): Promise<SaveOutcome> {
  const { ref, who, field, questionId, answer, seq, quota } = save;
  const path = paths.result(ref.tenantId, ref.surveyId, ref.resultId);
  return store.transaction(async (tx): Promise<SaveOutcome> => {
    const [stored, ...counters] = await tx.getAll([path, ...(quota ? quotaPaths(quota) : [])]);
    if (!stored?.data) return { outcome: 'not-found' };
    const result = toStoredResult(stored.data);
    if (!(await canReach(tx, ref, result, who))) return { outcome: 'denied' };
    if (result.isCompleted) return { outcome: 'completed' };
    if (seq <= (result.seqs[questionId] ?? -1)) return { outcome: 'stale', updatedAt: result.updatedAt };
    if (quota) await takeQuota(tx, quota, counters);
    updateResult(tx, ref, {
      [field]: { ...result[field], [questionId]: answer },
      seqs: { ...result.seqs, [questionId]: seq },
      updatedAt: now,
    });
    return { outcome: 'applied', updatedAt: now.toISOString() };
  });
}

/** Saves the answer and answers the callable, refusing in the caller's words. */
export async function recordAnswer(
  store: DocumentStore,
  save: AnswerSave,
  refusals: { notFound: string; denied: string },
  now: Date,
): Promise<ApiResponses['survey-saveAnswer']> {
  const saved = await saveAnswer(store, save, now);
  switch (saved.outcome) {
    case 'not-found':
      throw notFound(refusals.notFound);
    case 'denied':
      throw permissionDenied(refusals.denied);
    case 'completed':
      throw new ApiError('failed-precondition', SERVER_ERRORS.alreadySubmitted);
    default:
      return { applied: saved.outcome === 'applied', updatedAt: saved.updatedAt ?? now.toISOString() };
  }
}
