// Global users (users/{uid}) and tenant users (tenants/{t}/users/{uid}).
import { isPermission, isRole, type Permission, type Role, type TenantUserProfile } from '@toolkit/domain';
import type { DocData, DocSnapshot, DocumentStore } from '../store/port';
import { paths } from './paths';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A tenant user's stored role; a missing or unknown value is the lowest role. */
export const roleOf = (data: DocData | null): Role => (isRole(data?.role) ? data.role : 'user');

/** Permission overrides kept on the tenant user (docs/behaviour.md, Roles); booleans only. */
export function permissionOverridesOf(data: DocData | null): Partial<Record<Permission, boolean>> {
  const stored = data?.permissions;
  if (typeof stored !== 'object' || stored === null) return {};
  return Object.fromEntries(
    Object.entries(stored).filter(
      (entry): entry is [Permission, boolean] => isPermission(entry[0]) && typeof entry[1] === 'boolean',
    ),
  );
}

export function organisationOf(value: unknown): TenantUserProfile['organization'] {
  if (typeof value !== 'object' || value === null) return null;
  const { name, industry, size, country } = value as Record<string, unknown>;
  return {
    name: text(name),
    ...(typeof industry === 'string' ? { industry } : {}),
    ...(typeof size === 'string' ? { size } : {}),
    ...(typeof country === 'string' ? { country } : {}),
  };
}

export function toProfile(snapshot: DocSnapshot & { data: DocData }, tenantId: string): TenantUserProfile {
  const { data } = snapshot;
  return {
    uid: snapshot.id,
    email: text(data.email),
    firstName: text(data.firstName),
    lastName: text(data.lastName),
    tenantId,
    role: roleOf(data),
    organization: organisationOf(data.organization),
  };
}

const existing = (snapshots: DocSnapshot[]) =>
  snapshots.filter((snapshot): snapshot is DocSnapshot & { data: DocData } => snapshot.data !== null);

export async function getTenantUser(store: DocumentStore, tenantId: string, uid: string) {
  const snapshot = await store.get(paths.tenantUser(tenantId, uid));
  return snapshot.data ? toProfile({ ...snapshot, data: snapshot.data }, tenantId) : null;
}

export async function listTenantUsers(store: DocumentStore, tenantId: string): Promise<TenantUserProfile[]> {
  const snapshots = await store.query(paths.tenantUsers(tenantId), { orderBy: [['email', 'asc']] });
  return existing(snapshots).map((snapshot) => toProfile(snapshot, tenantId));
}

export async function findTenantUsersByEmail(
  store: DocumentStore,
  tenantId: string,
  email: string,
): Promise<TenantUserProfile[]> {
  const snapshots = await store.query(paths.tenantUsers(tenantId), { where: [['email', '==', email]] });
  return existing(snapshots).map((snapshot) => toProfile(snapshot, tenantId));
}

/** The tenants a global user record lists, first one first. */
export function tenantsOf(data: DocData | null): string[] {
  const tenants = data?.tenants;
  return Array.isArray(tenants)
    ? tenants.filter((id): id is string => typeof id === 'string' && id !== '')
    : [];
}
