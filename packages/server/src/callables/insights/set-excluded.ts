// insights-setExcluded: the publisher marks a received result as a test or junk, or counts it again
// (docs/behaviour.md, Results workbench). In one transaction: the result's listing, its counts taken
// out of (or put back into) the survey's aggregate, and the audit entry.
import {
  API,
  foldText,
  listingOf,
  type AggregateCounts,
  type ApiResponses,
  type ResultListing,
} from '@toolkit/domain';
import { ApiError } from '../../api/errors';
import { defineHandler, type ServerSurveyDefinition } from '../../api/handler';
import {
  addToAggregate,
  countOrganisation,
  organisationCounted,
  organisationKey,
  resultCounts,
  uncountOrganisation,
} from '../../repositories/aggregates';
import { recordAudit } from '../../repositories/audit';
import { paths } from '../../repositories/paths';
import {
  allAnswers,
  EMPTY_RESULT_MARK,
  inAggregate,
  negatedCounts,
  toStoredResult,
  updateResult,
  type ResultRef,
  type StoredResult,
} from '../../repositories/results';
import type { StoreTransaction } from '../../store/port';
import { COMPANY_NAME_QUESTION, organisationAnswer, respondentContact } from '../survey/respondent';
import { loadPublishedSurvey } from './access';
import { exclusionOf, isCounted } from './received';

// Retakes of one organisation are few; this bounds the read all the same.
const SAME_ORGANISATION_MAX = 50;

/**
 * Whether another result of the organisation is in the aggregate: found by the respondent's tenant,
 * else by the organisation name the listing keeps (then matched on the aggregate's own key).
 */
async function otherCountedResultOf(
  tx: StoreTransaction,
  ref: ResultRef,
  result: StoredResult,
  key: string,
): Promise<boolean> {
  const byOrganisation = result.respondentTenantId
    ? (['respondentTenantId', '==', result.respondentTenantId] as const)
    : (['listing.organisation', '==', foldText(organisationAnswer(allAnswers(result)) ?? '')] as const);
  const candidates = await tx.query(paths.results(ref.tenantId, ref.surveyId), {
    where: [byOrganisation, ['isCompleted', '==', true], ['listing.excluded', '==', false]],
    limit: SAME_ORGANISATION_MAX,
  });
  return candidates.some(({ id, data }) => {
    if (id === ref.resultId || !data || !inAggregate(data)) return false;
    const other = toStoredResult(data);
    return organisationKey(other.respondentTenantId, allAnswers(other)[COMPANY_NAME_QUESTION]) === key;
  });
}

/**
 * Takes the result's counts out of the aggregate, or puts them back, in the caller's transaction
 * (also the backfill's for results stored empty).
 */
export async function moveInAggregate(
  tx: StoreTransaction,
  definition: ServerSurveyDefinition,
  ref: ResultRef,
  result: StoredResult,
  direction: 'out' | 'in',
): Promise<void> {
  const answers = allAnswers(result);
  const organisation = organisationKey(result.respondentTenantId, answers[COMPANY_NAME_QUESTION]);
  const counted = organisation !== null && (await organisationCounted(tx, ref, organisation));
  // Out: the organisation leaves the distinct count with its last result; in: it rejoins it.
  const organisationMoves =
    organisation !== null &&
    (direction === 'out'
      ? counted && !(await otherCountedResultOf(tx, ref, result, organisation))
      : !counted);
  const counts = resultCounts(
    definition,
    { score: result.score!, answers },
    // The day it was counted on is its completion's.
    { day: result.completedAt!.slice(0, 10), newOrganisation: organisationMoves },
  );
  addToAggregate(tx, ref, direction === 'out' ? negatedCounts<Partial<AggregateCounts>>(counts) : counts);
  if (organisationMoves && direction === 'out') {
    uncountOrganisation(tx, ref, organisation);
  }
  if (organisationMoves && direction === 'in') countOrganisation(tx, ref, organisation);
}

/**
 * A stored result's listing, as its completion writes it (the respondent's account read with
 * `reader`): for results completed before listings.
 */
export async function storedListing(
  reader: Pick<StoreTransaction, 'get'>,
  result: StoredResult,
): Promise<ResultListing> {
  const answers = allAnswers(result);
  return listingOf({
    answers,
    score: result.score,
    contact: await respondentContact(reader, result),
    organisation: organisationAnswer(answers),
  });
}

export const setResultExcluded = defineHandler(API.setResultExcluded, {
  async run(
    { surveyId, resultId, excluded, reason },
    { caller, deps },
  ): Promise<ApiResponses[typeof API.setResultExcluded]> {
    const definition = await loadPublishedSurvey(deps, caller, surveyId);
    const ref = { tenantId: definition.tenantId, surveyId, resultId };
    const resultPath = paths.result(ref.tenantId, surveyId, resultId);
    return deps.store.transaction(async (tx) => {
      const { data } = await tx.get(resultPath);
      const result = data ? toStoredResult(data) : null;
      if (!data || !result?.isCompleted) {
        throw new ApiError('not-found', 'This survey has no completed result with that id.');
      }
      const before = exclusionOf(data);
      if (before.excluded === excluded) return { excluded };

      const after = { excluded, excludedReason: excluded ? reason! : null };
      // A result completed before listings were stored gets its whole listing now (read before the
      // aggregate's writes: a transaction reads first).
      const listingUpdate = data.listing
        ? { 'listing.excluded': after.excluded, 'listing.excludedReason': after.excludedReason }
        : { listing: { ...(await storedListing(tx, result)), ...after } };
      const wasIn = inAggregate(data);
      const counted = isCounted(definition, result);
      // An empty result never rejoins the aggregate; once out, it carries the empty-result mark.
      const belongsIn = !excluded && counted && result.score !== null && result.completedAt !== null;
      if (wasIn && !belongsIn) await moveInAggregate(tx, definition, ref, result, 'out');
      if (!wasIn && belongsIn) await moveInAggregate(tx, definition, ref, result, 'in');

      const emptyMark = wasIn && !counted ? { [EMPTY_RESULT_MARK]: true } : {};
      updateResult(tx, ref, { ...listingUpdate, ...emptyMark });
      recordAudit(tx, ref.tenantId, {
        actorUid: caller.uid,
        kind: excluded ? 'result.excluded' : 'result.included',
        subject: { type: 'result', id: `${surveyId}/${resultId}` },
        before,
        after,
        reason: reason ?? null,
      });
      return { excluded };
    });
  },
});
