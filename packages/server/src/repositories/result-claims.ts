// Result claims (resultClaims/{claim}): an anonymous respondent's completed result, waiting for the
// address they asked to keep it under to confirm it (docs/behaviour.md, Saving results). A claim
// holds only that address, the result's reference and when it expires; it is used once.
import { createHash } from 'node:crypto';
import { MILESTONE_OF_ACTION } from '@toolkit/domain';
import { takeQuota, type Quota } from '../abuse/limits';
import { FieldValue, type DocData, type DocumentStore, type StoreTransaction } from '../store/port';
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

/** A claim's id: the last segment of its path. */
export const claimIdOf = (ref: ResultRef): string => claimPath(ref).slice(CLAIMS.length + 1);

export interface WaitingClaim extends ResultClaim {
  claimId: string;
}

/** The claims waiting for `email` to confirm or decline them: not used and not expired. */
export async function waitingClaims(store: DocumentStore, email: string, now: Date): Promise<WaitingClaim[]> {
  const snapshots = await store.query(CLAIMS, { where: [['email', '==', email]] });
  return snapshots.flatMap((snapshot) => {
    const claim = snapshot.data ? claimOf(snapshot.data) : null;
    return claim && !claim.used && claim.expiresAt > now ? [{ ...claim, claimId: snapshot.id }] : [];
  });
}

/** Where a confirmed result goes: the account that proved the address, in its organisation. */
export interface Claimant {
  uid: string;
  email: string;
  tenantId: string;
}

/** The claim, read in `tx`, when it is still waiting for `email`; null otherwise. */
async function waitingFor(tx: StoreTransaction, claimId: string, email: string, now: Date) {
  const { data } = await tx.get(`${CLAIMS}/${claimId}`);
  const claim = data ? claimOf(data) : null;
  return claim && !claim.used && claim.email === email && claim.expiresAt > now ? claim : null;
}

/**
 * Gives `claimant` the result of the claim `claimId`, if it is waiting for their address: the result
 * names them and their organisation, their user survey result moves to that organisation (the
 * anonymous one goes), and the claim is marked used, in one transaction, so it is used once. Answers
 * whether it did.
 */
export async function confirmClaim(
  store: DocumentStore,
  claimId: string,
  claimant: Claimant,
  now: Date,
): Promise<boolean> {
  return store.transaction(async (tx) => {
    const claim = await waitingFor(tx, claimId, claimant.email, now);
    if (!claim) return false;
    const result = await readResult(tx, claim.ref);
    if (!result?.isCompleted || !result.userId) return false;
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
    tx.update(`${CLAIMS}/${claimId}`, {
      used: true,
      usedBy: claimant.uid,
      usedAt: FieldValue.serverTimestamp(),
    });
    return true;
  });
}

/**
 * Discards the claim `claimId` when it is waiting for `email`: the result stays where it was, and
 * its respondent may ask again. Answers whether it did.
 */
export async function discardClaim(
  store: DocumentStore,
  claimId: string,
  email: string,
  now: Date,
): Promise<boolean> {
  return store.transaction(async (tx) => {
    if (!(await waitingFor(tx, claimId, email, now))) return false;
    tx.delete(`${CLAIMS}/${claimId}`);
    return true;
  });
}
