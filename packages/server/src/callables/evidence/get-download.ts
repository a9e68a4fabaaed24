// evidence-getDownload: a link that downloads one evidence file for a few minutes, as an attachment
// of the type its content showed, for whoever may read the result's evidence.
import { API, EVIDENCE_DOWNLOAD_SECONDS, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { ApiError, notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { readEvidence } from '../../repositories/evidence';
import { evidenceAccess } from './access';

export const getEvidenceDownload = defineHandler(API.getEvidenceDownload, {
  async run(
    { surveyId, resultId, evidenceId },
    { caller, deps, now },
  ): Promise<ApiResponses[typeof API.getEvidenceDownload]> {
    const access = await evidenceAccess(deps, caller, { surveyId, resultId });
    const item = await readEvidence(deps.store, access.tenantId, evidenceId);
    if (!item || item.surveyId !== surveyId || item.resultId !== resultId)
      throw notFound(SERVER_ERRORS.evidenceNotFound);
    if (!item.fileKey || !item.contentType)
      throw new ApiError('failed-precondition', SERVER_ERRORS.evidenceIsLink);
    const expiresAt = new Date(now.getTime() + EVIDENCE_DOWNLOAD_SECONDS * 1000);
    const url = await deps.evidenceFiles.downloadUrl(
      item.fileKey,
      { fileName: item.name, contentType: item.contentType },
      expiresAt,
    );
    return { url, expiresAt: expiresAt.toISOString() };
  },
});
