// The tenant record (tenants/{t}: createdBy, getStarted, stripeCustomerId, the latest declaration
// credential) and its organisation profile (tenants/{t}/organisation/profile).
import type { DocData, StoreTransaction } from '../store/port';
import { filledText, flag, record, text, textOrNull } from './decode';
import { paths } from './paths';

type Reader = Pick<StoreTransaction, 'get'>;

export interface TenantRecord {
  id: string;
  createdBy: string;
  getStarted: boolean;
  name: string;
  toolkit: string | null;
  stripeCustomerId: string | null;
  /** The credential the organisation's latest signature issued (declaration-sign). */
  declarationCredentialId: string | null;
}

export function tenantOf(id: string, data: DocData | null): TenantRecord | null {
  if (!data) return null;
  return {
    id,
    createdBy: filledText(data.createdBy) ?? '',
    getStarted: flag(data.getStarted),
    name: filledText(data.name) ?? '',
    toolkit: filledText(data.toolkit),
    stripeCustomerId: filledText(data.stripeCustomerId),
    declarationCredentialId: filledText(data.declarationCredentialId),
  };
}

export async function readTenant(reader: Reader, tenantId: string): Promise<TenantRecord | null> {
  return tenantOf(tenantId, (await reader.get(paths.tenant(tenantId))).data);
}

/** What the organisation says about itself on its profile; its name is '' until it gives one. */
export interface OrganisationProfile {
  name: string;
}

export const organisationProfileOf = (data: DocData | null): OrganisationProfile => ({
  name: text(data?.name),
});

export async function readOrganisationProfile(
  reader: Reader,
  tenantId: string,
): Promise<OrganisationProfile> {
  return organisationProfileOf((await reader.get(paths.organisation(tenantId))).data);
}

type Writer = Pick<StoreTransaction, 'set' | 'update' | 'create'>;

/** A new organisation's tenant record (fails at commit when one exists). */
export function createTenant(
  tx: Pick<Writer, 'create'>,
  tenantId: string,
  tenant: { createdBy: string; toolkit: string; createdAt: unknown; name: string },
): void {
  const { createdBy, toolkit, createdAt, name } = tenant;
  tx.create(paths.tenant(tenantId), { createdBy, getStarted: true, toolkit, createdAt, name });
}

/** A new organisation's profile, written whole. */
export function createOrganisationProfile(
  tx: Pick<Writer, 'set'>,
  tenantId: string,
  profile: { name: string; createdAt: unknown },
): void {
  tx.set(paths.organisation(tenantId), { name: profile.name, createdAt: profile.createdAt });
}

/** Merges the given details into the organisation's profile. */
export function saveOrganisationProfile(tx: Pick<Writer, 'set'>, tenantId: string, details: DocData): void {
  tx.set(paths.organisation(tenantId), details, { merge: true });
}

/** The billing customer the organisation's checkouts use (fails at commit without a tenant). */
export function storeStripeCustomerId(
  tx: Pick<Writer, 'update'>,
  tenantId: string,
  customerId: string,
): void {
  tx.update(paths.tenant(tenantId), { stripeCustomerId: customerId });
}

/** The credential the organisation's latest signature issued. */
export function setDeclarationCredential(
  tx: Pick<Writer, 'set'>,
  tenantId: string,
  credentialId: string,
): void {
  tx.set(paths.tenant(tenantId), { declarationCredentialId: credentialId }, { merge: true });
}

/** An organisation-deletion request as stored: the newest link's token hash, who asked, until when. */
export interface OrganisationDeletionRequest {
  tokenHash: string | null;
  requestedBy: string | null;
  expiresAt: string | null;
}

export async function readOrganisationDeletionRequest(
  reader: Reader,
  tenantId: string,
): Promise<OrganisationDeletionRequest> {
  const request = record<unknown>((await reader.get(paths.tenant(tenantId))).data?.deletionRequest);
  return {
    tokenHash: textOrNull(request.tokenHash),
    requestedBy: textOrNull(request.requestedBy),
    expiresAt: textOrNull(request.expiresAt),
  };
}

/** Keeps the newest deletion link's request on the tenant record: a new request replaces the one before. */
export function recordOrganisationDeletionRequest(
  tx: Pick<Writer, 'set'>,
  tenantId: string,
  deletionRequest: { tokenHash: string; requestedBy: string; sentAt: string; expiresAt: string },
): void {
  tx.set(paths.tenant(tenantId), { deletionRequest }, { merge: true });
}

/** Marks the organisation deleted (the request used up) with what its purge needs. */
export function markOrganisationDeleted(
  tx: Pick<Writer, 'set'>,
  tenantId: string,
  deletion: { at: string; by: string; purgeAfter: string; members: { uid: string; email: string }[] },
): void {
  tx.set(paths.tenant(tenantId), { deletionRequest: null, deletion }, { merge: true });
}
