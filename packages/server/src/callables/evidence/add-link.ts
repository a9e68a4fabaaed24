// evidence-addLink: a web address on one answer of the organisation's completed result.
import { API, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { evidenceToAdd, writeEvidence } from './add';

export const addEvidenceLink = defineHandler(API.addEvidenceLink, {
  async run(
    { surveyId, resultId, questionId, url, note },
    { caller, deps, now },
  ): Promise<ApiResponses[typeof API.addEvidenceLink]> {
    const access = await evidenceToAdd(deps, caller, { surveyId, resultId, questionId });
    const item = await writeEvidence(deps, caller, access, {
      evidenceId: deps.store.newId(),
      surveyId,
      resultId,
      questionId,
      kind: 'link',
      name: url,
      url,
      contentType: null,
      bytes: null,
      note: note || null,
      fileKey: null,
      addedAt: now.toISOString(),
      createdBy: caller.uid,
    });
    return { item };
  },
});
