// What adding a file and adding a link share: the access and lock checks, the count per answer,
// and the one write, recorded in the organisation's audit trail.
import { EVIDENCE_PER_ANSWER_MAX, SERVER_ERRORS, type EvidenceItem } from '@toolkit/domain';
import { ApiError } from '../../api/errors';
import type { Member, ServerDeps } from '../../api/handler';
import { recordAudit } from '../../repositories/audit';
import {
  createEvidence,
  evidenceItems,
  listResultEvidence,
  type StoredEvidence,
} from '../../repositories/evidence';
import { evidenceAccess, evidenceAudited, requireEvidenceChange, type EvidenceAccess } from './access';

const full = () =>
  new ApiError('failed-precondition', SERVER_ERRORS.evidencePerAnswerFull(EVIDENCE_PER_ANSWER_MAX));

/** The access to change this answer's evidence, refused when it is locked or already full. */
export async function evidenceToAdd(
  deps: ServerDeps,
  caller: Member,
  ref: { surveyId: string; resultId: string; questionId: string },
): Promise<EvidenceAccess> {
  const access = await evidenceAccess(deps, caller, ref);
  requireEvidenceChange(access, ref.questionId);
  const held = (await listResultEvidence(deps.store, access)).filter(
    (item) => item.questionId === ref.questionId,
  );
  if (held.length >= EVIDENCE_PER_ANSWER_MAX) throw full();
  return access;
}

/** Writes the item, counting again in the transaction so two adds at once cannot pass the limit. */
export async function writeEvidence(
  deps: ServerDeps,
  caller: Member,
  access: EvidenceAccess,
  item: StoredEvidence,
): Promise<EvidenceItem> {
  await deps.store.transaction(async (tx) => {
    const held = (await listResultEvidence(tx, access)).filter(
      (other) => other.questionId === item.questionId,
    );
    if (held.length >= EVIDENCE_PER_ANSWER_MAX) throw full();
    createEvidence(tx, access.tenantId, item);
    recordAudit(tx, access.tenantId, {
      actorUid: caller.uid,
      kind: 'evidence.added',
      subject: { type: 'evidence', id: item.evidenceId },
      before: null,
      after: evidenceAudited(access, item),
    });
  });
  const [answered] = await evidenceItems(deps.store, access.tenantId, [item]);
  return answered!;
}
