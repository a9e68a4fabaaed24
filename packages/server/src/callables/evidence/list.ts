// evidence-list: a result's evidence, for its organisation and for the reviewers verifying it.
import { API, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { evidenceItems, listResultEvidence } from '../../repositories/evidence';
import { evidenceAccess } from './access';

export const listEvidence = defineHandler(API.listEvidence, {
  async run(ref, { caller, deps }): Promise<ApiResponses[typeof API.listEvidence]> {
    const access = await evidenceAccess(deps, caller, ref);
    const stored = await listResultEvidence(deps.store, access);
    return { items: await evidenceItems(deps.store, access.tenantId, stored) };
  },
});
