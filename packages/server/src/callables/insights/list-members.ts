// insights-listMembers: the organisations that signed up through a toolkit's portal, for the
// toolkit's publisher (view-insights), newest first, searched by name, a page at a time with the count.
import { API, MEMBERS_PAGE, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { ApiError } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { listToolkitMembers as readToolkitMembers } from '../../repositories/toolkit-members';
import { requireOwnTenant } from '../access';

export const listToolkitMembers = defineHandler(API.listToolkitMembers, {
  async run(
    { toolkit: name, search, cursor, limit },
    { caller, deps },
  ): Promise<ApiResponses[typeof API.listToolkitMembers]> {
    let toolkit;
    try {
      toolkit = await deps.content.getToolkit(name);
    } catch (error) {
      throw new ApiError('unavailable', error instanceof Error ? error.message : String(error));
    }
    requireOwnTenant(caller, toolkit?.tenantId, SERVER_ERRORS.notYourToolkit);
    return readToolkitMembers(deps.store, name, { search, cursor, limit: limit ?? MEMBERS_PAGE });
  },
});
