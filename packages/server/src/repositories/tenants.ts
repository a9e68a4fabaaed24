// The tenant record (tenants/{t}: createdBy, getStarted, stripeCustomerId, the latest declaration
// credential) and its organisation profile (tenants/{t}/organisation/profile).
import type { DocData, StoreTransaction } from '../store/port';
import { filledText, flag, text } from './decode';
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
