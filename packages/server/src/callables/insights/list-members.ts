// insights-listMembers: the organisations that signed up through a toolkit's portal, for the
// toolkit's publisher (view-insights), newest first.
import { API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { ApiError, permissionDenied } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { paths } from '../../repositories/paths';
import { requireViewInsights } from '../access';

/** The most members one answer lists. */
const MEMBERS_MAX = 200;

const text = (value: unknown) => (typeof value === 'string' ? value : null);

export const listToolkitMembers = defineHandler({
  name: API.listToolkitMembers,
  access: 'member',
  input: REQUESTS[API.listToolkitMembers],
  async run({ toolkit: name }, { caller, deps }): Promise<ApiResponses[typeof API.listToolkitMembers]> {
    requireViewInsights(caller);
    let toolkit;
    try {
      toolkit = await deps.content.getToolkit(name);
    } catch (error) {
      throw new ApiError('unavailable', error instanceof Error ? error.message : String(error));
    }
    if (toolkit?.tenantId !== caller.tenantId) throw permissionDenied(SERVER_ERRORS.notYourToolkit);
    const members = await deps.store.query(paths.toolkitMembers(name), {
      orderBy: [['joinedAt', 'desc']],
      limit: MEMBERS_MAX,
    });
    return {
      members: members.map(({ id, data }) => ({
        tenantId: id,
        organisationName: text(data?.organisationName) ?? '',
        joinedAt: text(data?.joinedAt),
      })),
    };
  },
});
