// The organisation's declaration credentials (tenants/{t}/credentials/{id}) and the public status
// of each (credentialStatus/{id}), which says only whether and when it was revoked.
import { STAGE_NAMES, type CredentialVerification, type OrganisationCredential } from '@toolkit/domain';
import type { DocData, StoreTransaction } from '../store/port';
import { oneOf, record, text, textOrNull } from './decode';
import { paths } from './paths';

type Reader = Pick<StoreTransaction, 'get'>;

/** A credential as stored; its link is the app's, not the store's. */
export type StoredCredential = Omit<OrganisationCredential, 'url'>;

function verificationOf(value: unknown): CredentialVerification | null {
  const stored = record<unknown>(value);
  const { publisherName, verifiedAt, verifiedPercent } = stored;
  return typeof publisherName === 'string' &&
    typeof verifiedAt === 'string' &&
    typeof verifiedPercent === 'number'
    ? { publisherName, verifiedAt, verifiedPercent }
    : null;
}

export function credentialOf(id: string, data: DocData): StoredCredential {
  const signedBy = record<unknown>(data.signedBy);
  return {
    id,
    token: text(data.token),
    organisation: text(data.organisation),
    stage: oneOf(STAGE_NAMES, data.stage, STAGE_NAMES[0]),
    declaration: text(data.declaration),
    signedAt: text(data.signedAt),
    expiresAt: text(data.expiresAt),
    signedBy: { name: text(signedBy.name), email: text(signedBy.email) },
    revokedAt: textOrNull(data.revokedAt),
    verification: verificationOf(data.verification),
  };
}

/** One of the organisation's credentials; null when it has none with this id. */
export async function readCredential(
  reader: Reader,
  tenantId: string,
  credentialId: string,
): Promise<StoredCredential | null> {
  const { data } = await reader.get(paths.tenantCredential(tenantId, credentialId));
  return data ? credentialOf(credentialId, data) : null;
}

/** A credential's public status; null for an id no credential has. */
export async function readCredentialStatus(
  reader: Reader,
  credentialId: string,
): Promise<{ revokedAt: string | null; reason: string | null; tenantId: string | null } | null> {
  const { data } = await reader.get(paths.credentialStatus(credentialId));
  return data
    ? {
        revokedAt: textOrNull(data.revokedAt),
        reason: textOrNull(data.reason),
        tenantId: textOrNull(data.tenantId),
      }
    : null;
}

/** Whether one of the organisation's credentials was revoked or already shared; null when none. */
export async function readCredentialSharing(
  reader: Reader,
  tenantId: string,
  credentialId: string,
): Promise<{ revoked: boolean; shared: boolean } | null> {
  const { data } = await reader.get(paths.tenantCredential(tenantId, credentialId));
  if (!data) return null;
  return { revoked: textOrNull(data.revokedAt) !== null, shared: textOrNull(data.sharedAt) !== null };
}

/** The review whose verification an unrevoked credential states; null when revoked or self-declared. */
export async function readCredentialReview(
  reader: Reader,
  tenantId: string,
  credentialId: string,
): Promise<string | null> {
  const { data } = await reader.get(paths.tenantCredential(tenantId, credentialId));
  return data && textOrNull(data.revokedAt) === null ? textOrNull(data.verifiedReviewId) : null;
}

type Writer = Pick<StoreTransaction, 'set' | 'update' | 'create'>;

/** When the credential was last shared (its link opened, copied or checked). */
export function markCredentialShared(
  tx: Pick<Writer, 'set'>,
  tenantId: string,
  credentialId: string,
  sharedAt: string,
): void {
  tx.set(paths.tenantCredential(tenantId, credentialId), { sharedAt }, { merge: true });
}

/** Revokes the credential, and says so and why (in words) in its public status. */
export function revokeCredential(
  tx: Pick<Writer, 'set' | 'update'>,
  tenantId: string,
  credentialId: string,
  revokedAt: string,
  reason: string,
): void {
  tx.update(paths.tenantCredential(tenantId, credentialId), { revokedAt, reason });
  tx.set(paths.credentialStatus(credentialId), { revokedAt, reason }, { merge: true });
}

/** A new credential, not revoked, with its public status. */
export function issueCredential(
  tx: Pick<Writer, 'create'>,
  tenantId: string,
  credentialId: string,
  credential: DocData,
): void {
  tx.create(paths.tenantCredential(tenantId, credentialId), { ...credential, revokedAt: null });
  tx.create(paths.credentialStatus(credentialId), { tenantId, revokedAt: null });
}
