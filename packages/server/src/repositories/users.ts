// Global users (users/{uid}) and tenant users (tenants/{t}/users/{uid}).
import {
  isPermission,
  storedRegion,
  type Permission,
  type Role,
  type TenantUserProfile,
} from '@toolkit/domain';
import {
  FieldValue,
  type DocData,
  type DocSnapshot,
  type DocumentStore,
  type StoreTransaction,
} from '../store/port';
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
  const stored = value as Record<string, unknown>;
  const { name, industry, size } = stored;
  const region = storedRegion(stored);
  return {
    name: text(name),
    ...(typeof industry === 'string' ? { industry } : {}),
    ...(typeof size === 'string' ? { size } : {}),
    ...(region === undefined ? {} : { region }),
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

type Writer = Pick<StoreTransaction, 'set' | 'update' | 'create' | 'delete'>;

/**
 * Stores a member's new role. Overrides were granted for the old role; none outlives a change of
 * role. A member whose role is managed here has joined: an open invite no longer makes them
 * invitable again.
 */
export function writeRole(tx: Pick<Writer, 'update'>, tenantId: string, uid: string, role: Role): void {
  tx.update(paths.tenantUser(tenantId, uid), {
    role,
    permissions: FieldValue.delete(),
    invitePending: FieldValue.delete(),
    accountCreatedByInvite: FieldValue.delete(),
  });
}

/** A member's first and last name, on their tenant user and their global user alike. */
export function saveNames(
  tx: Pick<Writer, 'set'>,
  tenantId: string,
  uid: string,
  names: { firstName: string; lastName: string },
): void {
  const { firstName, lastName } = names;
  tx.set(paths.tenantUser(tenantId, uid), { firstName, lastName }, { merge: true });
  tx.set(paths.globalUser(uid), { firstName, lastName }, { merge: true });
}

/** The organisation's details as the member who saved them keeps them on their tenant user. */
export function saveMemberOrganisation(
  tx: Pick<Writer, 'set'>,
  tenantId: string,
  uid: string,
  organisation: DocData,
): void {
  tx.set(paths.tenantUser(tenantId, uid), { organization: organisation }, { merge: true });
}

/** What the signer signed, kept on their tenant user. */
export function recordDeclarationSigner(
  tx: Pick<Writer, 'set'>,
  tenantId: string,
  uid: string,
  declaration: {
    surveyId: string;
    title: string;
    organisation: string;
    signedAt: string;
    credentialId: string;
  },
): void {
  tx.set(paths.tenantUser(tenantId, uid), { declaration }, { merge: true });
}

/** A new tenant user (fails at commit when one exists). */
export function createTenantUser(
  tx: Pick<Writer, 'create'>,
  tenantId: string,
  uid: string,
  fields: DocData,
): void {
  tx.create(paths.tenantUser(tenantId, uid), fields);
}

/** Writes the tenant user whole, replacing any record of old. */
export function replaceTenantUser(
  tx: Pick<Writer, 'set'>,
  tenantId: string,
  uid: string,
  fields: DocData,
): void {
  tx.set(paths.tenantUser(tenantId, uid), fields);
}

export function deleteTenantUser(tx: Pick<Writer, 'delete'>, tenantId: string, uid: string): void {
  tx.delete(paths.tenantUser(tenantId, uid));
}

/** Merges fields into the global user, making it when there is none. */
export function mergeGlobalUser(tx: Pick<Writer, 'set'>, uid: string, fields: DocData): void {
  tx.set(paths.globalUser(uid), fields, { merge: true });
}

/**
 * Records that the account's address was proven: when first (kept from then on), and whether through
 * the inbox (an invite link's proof is recorded without it).
 */
export async function recordAddressProven(
  store: Pick<DocumentStore, 'set'>,
  uid: string,
  { first, byInbox }: { first: boolean; byInbox: boolean },
): Promise<void> {
  await store.set(
    paths.globalUser(uid),
    {
      ...(first ? { addressProvenAt: FieldValue.serverTimestamp() } : {}),
      ...(byInbox ? { addressProof: 'inbox' } : {}),
    },
    { merge: true },
  );
}

/** The global user no longer lists the organisation among its tenants. */
export function leaveTenant(tx: Pick<Writer, 'update'>, uid: string, tenantId: string): void {
  tx.update(paths.globalUser(uid), { tenants: FieldValue.arrayRemove(tenantId) });
}

/** The newest account-deletion link's token hash, kept on the global user (only it works). */
export function recordAccountDeletionRequest(
  tx: Pick<Writer, 'set'>,
  uid: string,
  deletionRequest: { tokenHash: string; sentAt: string; expiresAt: string },
): void {
  tx.set(paths.globalUser(uid), { deletionRequest }, { merge: true });
}
