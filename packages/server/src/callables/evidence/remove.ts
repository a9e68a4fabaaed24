// evidence-remove: the organisation takes a file or link off an answer, unless a review locks it;
// the file goes with its record, and the audit trail records what was removed.
import { API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { recordAudit } from '../../repositories/audit';
import { deleteEvidence, readEvidence } from '../../repositories/evidence';
import { evidenceAccess, evidenceAudited, requireEvidenceChange } from './access';

export const removeEvidence = defineHandler(API.removeEvidence, {
  async run(
    { surveyId, resultId, evidenceId },
    { caller, deps },
  ): Promise<ApiResponses[typeof API.removeEvidence]> {
    const access = await evidenceAccess(deps, caller, { surveyId, resultId });
    const item = await readEvidence(deps.store, access.tenantId, evidenceId);
    if (!item || item.surveyId !== surveyId || item.resultId !== resultId)
      throw notFound(SERVER_ERRORS.evidenceNotFound);
    requireEvidenceChange(access, item.questionId);
    await deps.store.transaction(async (tx) => {
      deleteEvidence(tx, access.tenantId, evidenceId);
      recordAudit(tx, access.tenantId, {
        actorUid: caller.uid,
        kind: 'evidence.removed',
        subject: { type: 'evidence', id: evidenceId },
        before: evidenceAudited(access, item),
        after: null,
      });
    });
    if (item.fileKey) await deps.evidenceFiles.remove(item.fileKey);
    return { status: 'ok' };
  },
});
