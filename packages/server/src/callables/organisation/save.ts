// organisation-save: the organisation's details; saving sets update-organisation.
import { API, MILESTONE_OF_ACTION, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { milestoneWrite } from '../../repositories/milestones';
import { paths } from '../../repositories/paths';

export const saveOrganisation = defineHandler(API.saveOrganisation, {
  async run(input, { caller, deps }): Promise<ApiResponses[typeof API.saveOrganisation]> {
    const organisation = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    await deps.store.transaction(async (tx) => {
      tx.set(paths.organisation(caller.tenantId), organisation, { merge: true });
      tx.set(paths.tenantUser(caller.tenantId, caller.uid), { organization: organisation }, { merge: true });
      const milestone = milestoneWrite(
        caller.tenantId,
        MILESTONE_OF_ACTION.saveOrganisation,
        true,
        caller.uid,
      );
      tx.set(milestone.path, milestone.data, { merge: true });
    });
    return { status: 'ok' };
  },
});
