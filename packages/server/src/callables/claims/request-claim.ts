// results-requestClaim: "Save my results" on the outro. The anonymous session that completed a
// result names the address to keep it under; the claim waits for that address to be proven (the
// sign-in link the browser mails) and is applied once, by account-completeSignup.
import { API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { networkOf, type Counter, type Quota } from '../../abuse/limits';
import { ApiError, notFound, permissionDenied } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { CLAIM_LIFETIME_MS, recordClaim } from '../../repositories/result-claims';
import { readResult } from '../../repositories/results';

const HOUR = 60 * 60 * 1000;

/**
 * Each request is followed by a sign-in mail to the address it names: per session a respondent
 * correcting a typo or two fits, per client network an office of respondents fits; a script does not.
 */
export const CLAIM_LIMITS = {
  session: { max: 5, windowMs: HOUR },
  ip: { max: 50, windowMs: HOUR },
} as const;

export const CLAIM_MESSAGES = {
  signedInAlready: 'Your results are saved to your account already.',
  notCompleted: 'Finish the survey first: only a completed result can be saved.',
  alreadyClaimed: 'These results have been saved to an account already.',
  tooMany: 'You have asked to save results too often. Please try again in an hour.',
};

function claimQuota(uid: string, ip: string | undefined, at: Date): Quota {
  const counters: Counter[] = [
    { name: 'claim-session', subject: uid, limit: CLAIM_LIMITS.session },
    ...(ip ? [{ name: 'claim-ip', subject: networkOf(ip), limit: CLAIM_LIMITS.ip }] : []),
  ];
  return { counters, at, message: CLAIM_MESSAGES.tooMany };
}

export const requestResultClaim = defineHandler(API.requestResultClaim, {
  async run(
    { tenantId, surveyId, resultId, email },
    { caller, deps, now, request },
  ): Promise<ApiResponses[typeof API.requestResultClaim]> {
    // A signed-in respondent's result is theirs already; only an anonymous one needs keeping.
    if (!caller.isAnonymous) throw new ApiError('failed-precondition', CLAIM_MESSAGES.signedInAlready);
    const ref = { tenantId, surveyId, resultId };
    const result = await readResult(deps.store, ref);
    if (!result) throw notFound(SERVER_ERRORS.resultNotFound);
    if (result.userId !== caller.uid) throw permissionDenied(SERVER_ERRORS.resultNotYours);
    if (!result.isCompleted) throw new ApiError('failed-precondition', CLAIM_MESSAGES.notCompleted);
    const address = email.toLowerCase();
    const expiresAt = new Date(now.getTime() + CLAIM_LIFETIME_MS);
    if (!(await recordClaim(deps.store, ref, address, expiresAt, claimQuota(caller.uid, request.ip, now)))) {
      throw new ApiError('failed-precondition', CLAIM_MESSAGES.alreadyClaimed);
    }
    return { status: 'recorded', email: address, expiresAt: expiresAt.toISOString() };
  },
});
