// Who may read insights: a member whose role has view-insights. Opening the Insights screen (the
// `opened` request) is the view-insights milestone, set where the viewing happens.
import { MILESTONE_OF_ACTION, SERVER_ERRORS } from '@toolkit/domain';
import { permissionDenied } from '../../api/errors';
import type { Member, ServerDeps } from '../../api/handler';
import { milestoneWrite } from '../../repositories/milestones';

export function requireViewInsights(caller: Member): void {
  if (!caller.permissions.viewInsights) throw permissionDenied(SERVER_ERRORS.viewInsightsRequired);
}

export async function markInsightsViewed(deps: ServerDeps, caller: Member): Promise<void> {
  const viewed = milestoneWrite(
    caller.tenantId,
    caller.uid,
    MILESTONE_OF_ACTION.openInsights,
    true,
    caller.uid,
  );
  await deps.store.set(viewed.path, viewed.data, { merge: true });
}
