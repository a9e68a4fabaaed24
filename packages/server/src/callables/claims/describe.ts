// claims-describe: the results someone asked to save under the caller's address ("Save my results"),
// each named as the caller needs it to tell whether it is theirs, and the organisation a confirmed
// one joins.
import { API, type ApiResponses, type ResultClaimSummary } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { waitingClaims } from '../../repositories/result-claims';
import { allAnswers, readResult } from '../../repositories/results';
import { readOrganisationProfile } from '../../repositories/tenants';
import { organisationAnswer } from '../survey/respondent';
import { claimantOf } from './claim-session';

export const describeResultClaims = defineHandler(API.describeResultClaims, {
  async run(_input, { caller, deps, now }): Promise<ApiResponses[typeof API.describeResultClaims]> {
    const { email, tenantId } = claimantOf(caller);
    const claims = await waitingClaims(deps.store, email, now);
    const described = await Promise.all(
      claims.map(async (claim): Promise<ResultClaimSummary | null> => {
        const result = await readResult(deps.store, claim.ref);
        if (!result?.isCompleted) return null;
        const survey = await deps.content.getSurvey(claim.ref.surveyId);
        return {
          claimId: claim.claimId,
          surveyTitle: survey?.title ?? claim.ref.surveyId,
          completedAt: result.completedAt,
          organisationName: organisationAnswer(allAnswers(result)),
          expiresAt: claim.expiresAt.toISOString(),
        };
      }),
    );
    const { name } = await readOrganisationProfile(deps.store, tenantId);
    return {
      claims: described.filter((claim) => claim !== null),
      organisationName: name,
    };
  },
});
