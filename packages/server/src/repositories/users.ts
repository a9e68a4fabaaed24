// Global users (users/{uid}) and tenant users (tenants/{t}/users/{uid}).
import { isPermission, type Permission, type Role, type TenantUserProfile } from '@toolkit/domain';
import type { DocData, DocSnapshot, DocumentStore, StoreTransaction } from '../store/port';
import { filledText, flag, role, text } from './decode';
import { paths } from './paths';

type Reader = Pick<StoreTransaction, 'get'>;

/** A tenant user as stored: their profile, role and the permissions given on top of it. */
export interface TenantUserRecord {
  uid: string;
  email: string;
  firstName: string;
  lastName: string;
  /** A missing or unknown value is the lowest role. */
  role: Role;
  /** Permission overrides kept on the tenant user (docs/behaviour.md, Roles); booleans only. */
  permissions: Partial<Record<Permission, boolean>>;
  organization: TenantUserProfile['organization'];
  /** Written by invites of old, before anyone accepted: such a record is no member yet. */
  invitePending: boolean;
}

function permissionOverridesOf(stored: unknown): Partial<Record<Permission, boolean>> {
  if (typeof stored !== 'object' || stored === null) return {};
  return Object.fromEntries(
    Object.entries(stored).filter(
      (entry): entry is [Permission, boolean] => isPermission(entry[0]) && typeof entry[1] === 'boolean',
    ),
  );
}

function organisationOf(value: unknown): TenantUserProfile['organization'] {
  if (typeof value !== 'object' || value === null) return null;
  const { name, industry, size, country } = value as Record<string, unknown>;
  return {
    name: text(name),
    ...(typeof industry === 'string' ? { industry } : {}),
    ...(typeof size === 'string' ? { size } : {}),
    ...(typeof country === 'string' ? { country } : {}),
  };
}

/** A stored tenant user; null when the document does not exist. */
export function tenantUserOf({ id, data }: { id: string; data: DocData | null }): TenantUserRecord | null {
  if (!data) return null;
  return {
    uid: id,
    email: text(data.email),
    firstName: text(data.firstName),
    lastName: text(data.lastName),
    role: role(data.role),
    permissions: permissionOverridesOf(data.permissions),
    organization: organisationOf(data.organization),
    invitePending: flag(data.invitePending),
  };
}

/** The tenant users of a query's answer. */
export const tenantUsersOf = (snapshots: readonly DocSnapshot[]): TenantUserRecord[] =>
  snapshots.flatMap((snapshot) => tenantUserOf(snapshot) ?? []);

export async function readTenantUser(
  reader: Reader,
  tenantId: string,
  uid: string,
): Promise<TenantUserRecord | null> {
  const { data } = await reader.get(paths.tenantUser(tenantId, uid));
  return tenantUserOf({ id: uid, data });
}

/** The profile the API answers: the record without what only the server decides on. */
export const toProfile = (user: TenantUserRecord, tenantId: string): TenantUserProfile => ({
  uid: user.uid,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  tenantId,
  role: user.role,
  organization: user.organization,
});

export async function readProfile(
  store: DocumentStore,
  tenantId: string,
  uid: string,
): Promise<TenantUserProfile | null> {
  const user = await readTenantUser(store, tenantId, uid);
  return user && toProfile(user, tenantId);
}

export async function listTenantUsers(store: DocumentStore, tenantId: string): Promise<TenantUserProfile[]> {
  const snapshots = await store.query(paths.tenantUsers(tenantId), { orderBy: [['email', 'asc']] });
  return tenantUsersOf(snapshots).map((user) => toProfile(user, tenantId));
}

export async function findTenantUsersByEmail(
  store: DocumentStore,
  tenantId: string,
  email: string,
): Promise<TenantUserProfile[]> {
  const snapshots = await store.query(paths.tenantUsers(tenantId), { where: [['email', '==', email]] });
  return tenantUsersOf(snapshots).map((user) => toProfile(user, tenantId));
}

/** A global user: the tenants it belongs to, its names, and whether the server saw its address proven. */
export interface GlobalUserRecord {
  /** First one first; ids only. */
  tenants: string[];
  firstName: string;
  lastName: string;
  /** When the server first saw the address proven (auth/address-proof.ts); null before. */
  addressProvenAt: string | null;
  /**
   * How it was last proven: through the account's own inbox, or through an invite link (which may have
   * been forwarded); null when proven before this was recorded, or never.
   */
  addressProof: 'inbox' | 'invite' | null;
}

/** A stored global user; null when the document does not exist. */
export function globalUserOf(data: DocData | null): GlobalUserRecord | null {
  if (!data) return null;
  const { tenants } = data;
  return {
    tenants: Array.isArray(tenants)
      ? tenants.filter((id): id is string => typeof id === 'string' && id !== '')
      : [],
    firstName: text(data.firstName),
    lastName: text(data.lastName),
    addressProvenAt: filledText(data.addressProvenAt),
    addressProof: data.addressProof === 'inbox' || data.addressProof === 'invite' ? data.addressProof : null,
  };
}

export async function readGlobalUser(reader: Reader, uid: string): Promise<GlobalUserRecord | null> {
  return globalUserOf((await reader.get(paths.globalUser(uid))).data);
}
