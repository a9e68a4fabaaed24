// Result claims (resultClaims/{claim}): an anonymous respondent's completed result, waiting for the
// address they asked to keep it under to be proven (docs/behaviour.md, Saving results). A claim
// holds only that address, the result's reference and when it expires; it is used once.
import { createHash } from 'node:crypto';
import { MILESTONE_OF_ACTION } from '@toolkit/domain';
import { takeQuota, type Quota } from '../abuse/limits';
import { FieldValue, type DocData, type DocumentStore } from '../store/port';
import { flag, textOrNull } from './decode';
import { milestoneWrite } from './milestones';
import { paths } from './paths';
import { readResult, userResultTenant, type ResultRef } from './results';

/** Long enough to open the e-mail the next day; a later visit asks "Save my results" again. */
export const CLAIM_LIFETIME_MS = 24 * 60 * 60 * 1000;

const CLAIMS = 'resultClaims';

/** One claim per result (its id hashes the reference): asking again, for another address, replaces it. */
export const claimPath = (ref: ResultRef): string =>
  `${CLAIMS}/${createHash('sha256').update(`${ref.tenantId}/${ref.surveyId}/${ref.resultId}`).digest('hex')}`;

export interface ResultClaim {
  email: string;
  ref: ResultRef;
  expiresAt: Date;
  used: boolean;
}

function claimOf(data: DocData): ResultClaim | null {
  const email = textOrNull(data.email);
  const tenantId = textOrNull(data.tenantId);
  const surveyId = textOrNull(data.surveyId);
  const resultId = textOrNull(data.resultId);
  const expiresAt = new Date(textOrNull(data.expiresAt) ?? Number.NaN);
  if (!email || !tenantId || !surveyId || !resultId || Number.isNaN(expiresAt.getTime())) return null;
  return { email, ref: { tenantId, surveyId, resultId }, expiresAt, used: flag(data.used) };
}

/**
 * Records (or replaces) the claim of a result for `email`, counted against `quota` in the same
 * transaction. Refused, and answers false, when the claim was used: the result belongs to an
 * account already.
 */
export async function recordClaim(
  store: DocumentStore,
  ref: ResultRef,
  email: string,
  expiresAt: Date,
  quota: Quota,
): Promise<boolean> {
  return store.transaction(async (tx) => {
    const { data } = await tx.get(claimPath(ref));
    if (data && flag(data.used)) return false;
    await takeQuota(tx, quota);
    // A Date is a Firestore timestamp: the TTL policy on resultClaims.expiresAt deletes old claims.
    tx.set(claimPath(ref), {
      email,
      ...ref,
      expiresAt,
      used: false,
      requestedAt: FieldValue.serverTimestamp(),
    });
    return true;
  });
}

/** Where a claimed result goes: the account that proved the address, in its organisation. */
export interface Claimant {
  uid: string;
  email: string;
  tenantId: string;
}

/**
 * Gives `claimant` every result claimed for their proven address that has not expired or been
 * used: the result names them and their organisation, their user survey result moves to that
 * organisation (the anonymous one goes), and the claim is marked used, in one transaction each.
 * Answers the references of the results it gave.
 */
export async function applyClaims(store: DocumentStore, claimant: Claimant, now: Date): Promise<ResultRef[]> {
  const pending = await store.query(CLAIMS, { where: [['email', '==', claimant.email]] });
  const applied: ResultRef[] = [];
  for (const snapshot of pending) {
    const given = await store.transaction(async (tx) => {
      const { data } = await tx.get(snapshot.path);
      const claim = data ? claimOf(data) : null;
      // Read again inside the transaction: two sign-ups at once use a claim once.
      if (!claim || claim.used || claim.email !== claimant.email || claim.expiresAt <= now) return null;
      const result = await readResult(tx, claim.ref);
      if (!result?.isCompleted || !result.userId) return null;
      const from = paths.userSurveyResult(
        userResultTenant(claim.ref, result),
        result.userId,
        claim.ref.resultId,
      );
      const to = paths.userSurveyResult(claimant.tenantId, claimant.uid, claim.ref.resultId);
      const link = await tx.get(from);
      tx.update(paths.result(claim.ref.tenantId, claim.ref.surveyId, claim.ref.resultId), {
        userId: claimant.uid,
        respondentTenantId: claimant.tenantId,
      });
      if (from !== to) {
        if (link.data) tx.delete(from);
        tx.set(to, {
          ...(link.data ?? {}),
          surveyId: claim.ref.surveyId,
          surveyTenantId: claim.ref.tenantId,
          resultId: claim.ref.resultId,
        });
      }
      // The completed Quickscan is the organisation's now, as if it had been answered signed in.
      const milestone = milestoneWrite(
        claimant.tenantId,
        MILESTONE_OF_ACTION.completeSurvey,
        true,
        claimant.uid,
      );
      tx.set(milestone.path, milestone.data, { merge: true });
      tx.update(snapshot.path, { used: true, usedBy: claimant.uid, usedAt: FieldValue.serverTimestamp() });
      return claim.ref;
    });
    if (given) applied.push(given);
  }
  return applied;
}
