// organisation-quickscanDetails: the sector, size and region the organisation's latest completed
// result that answers them gives, for Profile to offer where the profile states nothing yet.
import { API, quickscanDetails, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { allAnswers, listOrganisationResults } from '../../repositories/results';

export const getQuickscanDetails = defineHandler(API.getQuickscanDetails, {
  async run(_input, { caller, deps }): Promise<ApiResponses[typeof API.getQuickscanDetails]> {
    const results = await listOrganisationResults(deps.store, caller.tenantId);
    const completed = results.filter(({ result }) => result?.isCompleted).reverse();
    for (const { link, result } of completed) {
      // A survey no longer published has no questions to read its answers by: an older result may.
      const definition = await deps.content.getSurvey(link.surveyId);
      if (!definition) continue;
      const questions = definition.sections.flatMap((section) => section.questions);
      const details = quickscanDetails(questions, allAnswers(result!));
      if (details) return { details };
    }
    return { details: null };
  },
});
