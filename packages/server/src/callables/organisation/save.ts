// organisation-save: the organisation's details; saving sets update-organisation.
import { API, MILESTONE_OF_ACTION, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { recordMilestone } from '../../repositories/milestones';
import { saveOrganisationProfile } from '../../repositories/tenants';
import { saveMemberOrganisation } from '../../repositories/users';

export const saveOrganisation = defineHandler(API.saveOrganisation, {
  async run(input, { caller, deps }): Promise<ApiResponses[typeof API.saveOrganisation]> {
    const organisation = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    await deps.store.transaction(async (tx) => {
      saveOrganisationProfile(tx, caller.tenantId, organisation);
      saveMemberOrganisation(tx, caller.tenantId, caller.uid, organisation);
      recordMilestone(tx, caller.tenantId, MILESTONE_OF_ACTION.saveOrganisation, caller.uid);
    });
    return { status: 'ok' };
  },
});
