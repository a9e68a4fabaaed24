// Evidence on a result's answers (tenants/{tenantId}/evidence/{evidenceId}), kept in the
// organisation that gave the answers: what each file or link is, on which answer, and who added it.
// The file's bytes are in the evidence files port (evidence/port.ts) under `fileKey`.
import type { EvidenceItem } from '@toolkit/domain';
import type { DocData, DocSnapshot, StoreTransaction } from '../store/port';
import { text, textOrNull } from './decode';
import { paths } from './paths';
import { tenantUsersOf } from './users';

export interface StoredEvidence {
  evidenceId: string;
  surveyId: string;
  resultId: string;
  questionId: string;
  kind: 'file' | 'link';
  name: string;
  url: string | null;
  contentType: string | null;
  bytes: number | null;
  note: string | null;
  /** Where the file's bytes are; null for a link. */
  fileKey: string | null;
  addedAt: string;
  /** The member who added it; null once their account is deleted. */
  createdBy: string | null;
}

type Reader = Pick<StoreTransaction, 'get' | 'query'>;

export function evidenceOf({ id, data }: { id: string; data: DocData }): StoredEvidence {
  const bytes = data.bytes;
  return {
    evidenceId: id,
    surveyId: text(data.surveyId),
    resultId: text(data.resultId),
    questionId: text(data.questionId),
    kind: data.kind === 'link' ? 'link' : 'file',
    name: text(data.name),
    url: textOrNull(data.url),
    contentType: textOrNull(data.contentType),
    bytes: typeof bytes === 'number' && Number.isFinite(bytes) ? bytes : null,
    note: textOrNull(data.note),
    fileKey: textOrNull(data.fileKey),
    addedAt: text(data.addedAt),
    createdBy: textOrNull(data.createdBy),
  };
}

const storedOf = (snapshots: readonly DocSnapshot[]): StoredEvidence[] =>
  snapshots.flatMap(({ id, data }) => (data ? [evidenceOf({ id, data })] : []));

/** One result's evidence, in the order it was added. */
export async function listResultEvidence(
  reader: Reader,
  ref: { tenantId: string; surveyId: string; resultId: string },
): Promise<StoredEvidence[]> {
  // Result ids are unique in the store, so the one equality needs no composite index; the survey is
  // checked all the same.
  const found = await reader.query(paths.evidence(ref.tenantId), {
    where: [['resultId', '==', ref.resultId]],
  });
  return storedOf(found)
    .filter((item) => item.surveyId === ref.surveyId)
    .sort((a, b) => a.addedAt.localeCompare(b.addedAt) || a.evidenceId.localeCompare(b.evidenceId));
}

export async function readEvidence(
  reader: Pick<StoreTransaction, 'get'>,
  tenantId: string,
  evidenceId: string,
): Promise<StoredEvidence | null> {
  const { data } = await reader.get(paths.evidenceItem(tenantId, evidenceId));
  return data ? evidenceOf({ id: evidenceId, data }) : null;
}

/** Every piece of evidence of the organisation (its purge) or that one member added (their data). */
export async function listOrganisationEvidence(
  reader: Pick<StoreTransaction, 'query'>,
  tenantId: string,
  addedBy?: string,
): Promise<DocSnapshot[]> {
  return reader.query(
    paths.evidence(tenantId),
    addedBy === undefined ? {} : { where: [['createdBy', '==', addedBy]] },
  );
}

export function createEvidence(
  tx: Pick<StoreTransaction, 'create'>,
  tenantId: string,
  { evidenceId, ...item }: StoredEvidence,
): void {
  tx.create(paths.evidenceItem(tenantId, evidenceId), { ...item });
}

export function deleteEvidence(
  tx: Pick<StoreTransaction, 'delete'>,
  tenantId: string,
  evidenceId: string,
): void {
  tx.delete(paths.evidenceItem(tenantId, evidenceId));
}

/**
 * The items as the API answers them, each named by the member who added it as the organisation
 * knows them now.
 */
export async function evidenceItems(
  reader: Pick<StoreTransaction, 'get'>,
  tenantId: string,
  stored: readonly StoredEvidence[],
): Promise<EvidenceItem[]> {
  const uids = [...new Set(stored.flatMap((item) => (item.createdBy ? [item.createdBy] : [])))];
  const members = tenantUsersOf(
    await Promise.all(uids.map((uid) => reader.get(paths.tenantUser(tenantId, uid)))),
  );
  const nameOf = (uid: string | null) => {
    const member = members.find((candidate) => candidate.uid === uid);
    if (!member) return 'A former member';
    return `${member.firstName} ${member.lastName}`.trim() || member.email;
  };
  return stored.map((item) => ({
    evidenceId: item.evidenceId,
    questionId: item.questionId,
    kind: item.kind,
    name: item.name,
    url: item.url,
    contentType: item.contentType,
    bytes: item.bytes,
    note: item.note,
    addedAt: item.addedAt,
    addedBy: nameOf(item.createdBy),
  }));
}
