// evidence-addFile: a file on one answer of the organisation's completed result. Its type is told
// from its content (evidence/sniff.ts) before it is kept; the name is kept safe for the download.
import { API, safeEvidenceName, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { evidenceContentType } from '../../evidence/sniff';
import { evidenceFileKey } from '../../evidence/port';
import { evidenceToAdd, writeEvidence } from './add';

export const addEvidenceFile = defineHandler(API.addEvidenceFile, {
  async run(
    { surveyId, resultId, questionId, fileName, contentBase64, note },
    { caller, deps, now },
  ): Promise<ApiResponses[typeof API.addEvidenceFile]> {
    const access = await evidenceToAdd(deps, caller, { surveyId, resultId, questionId });
    const bytes = Buffer.from(contentBase64, 'base64');
    const name = safeEvidenceName(fileName);
    const contentType = await evidenceContentType(name, bytes);
    const evidenceId = deps.store.newId();
    const fileKey = evidenceFileKey(access.tenantId, evidenceId);
    await deps.evidenceFiles.save(fileKey, bytes, { fileName: name, contentType });
    try {
      const item = await writeEvidence(deps, caller, access, {
        evidenceId,
        surveyId,
        resultId,
        questionId,
        kind: 'file',
        name,
        url: null,
        contentType,
        bytes: bytes.length,
        note: note || null,
        fileKey,
        addedAt: now.toISOString(),
        createdBy: caller.uid,
      });
      return { item };
    } catch (error) {
      // No file without its record: a write refused (the answer filled up meanwhile) takes it back.
      await deps.evidenceFiles.remove(fileKey);
      throw error;
    }
  },
});
