// milestones-recordVisit: a screen the member opened that is a journey milestone. The screen sends
// it once; the reads it shows record nothing, so reading again (a refetch, another tab) never writes.
// Each visit is recorded only when what it stands for holds on the server, never on the request's word.
import {
  API,
  MILESTONE_OF_ACTION,
  type ApiRequest,
  type ApiResponses,
  type MilestoneId,
} from '@toolkit/domain';
import { defineHandler, type Member, type ServerDeps } from '../../api/handler';
import { requirePermission } from '../../api/permissions';
import { saveMilestone } from '../../repositories/milestones';
import { listOrganisationResults } from '../../repositories/results';
import { latestPriorities } from '../insights/get-benchmark';

type Visit = ApiRequest<typeof API.recordVisit>;

/** The milestone a visit is, when it holds; null when it does not (yet). */
async function milestoneOf(visit: Visit, caller: Member, deps: ServerDeps): Promise<MilestoneId | null> {
  switch (visit.visit) {
    case 'results': {
      // Viewing results needs a completed result to view.
      const entries = await listOrganisationResults(deps.store, caller.tenantId);
      const shown = entries.some(({ result }) => result?.isCompleted && result.score);
      return shown ? MILESTONE_OF_ACTION.openResults : null;
    }
    case 'insights':
      requirePermission(caller, 'viewInsights');
      return MILESTONE_OF_ACTION.openInsights;
    case 'priorities': {
      requirePermission(caller, 'viewInsights');
      // A download with no priorities in it is not the download-actions milestone.
      const priorities = await latestPriorities(deps, caller.tenantId, visit.surveyId);
      return priorities.length > 0 ? MILESTONE_OF_ACTION.downloadPriorities : null;
    }
  }
}

export const recordVisit = defineHandler(API.recordVisit, {
  async run(visit, { caller, deps }): Promise<ApiResponses[typeof API.recordVisit]> {
    const milestoneId = await milestoneOf(visit, caller, deps);
    if (milestoneId) await saveMilestone(deps.store, caller.tenantId, milestoneId, caller.uid);
    return { recorded: milestoneId !== null };
  },
});
