// The organisation's one ownership offer (tenants/{t}/settings/ownershipOffer): who made it, to whom
// and in which role they were then, until when it stands, and whether it was withdrawn.
import { isRole, type OwnershipOfferWithdrawal, type Role } from '@toolkit/domain';
import type { DocData, StoreTransaction } from '../store/port';
import { filledText, oneOf, record as recordOf } from './decode';
import { paths } from './paths';

export const ownershipOfferPath = (tenantId: string) => `${paths.tenant(tenantId)}/settings/ownershipOffer`;

const WITHDRAWALS: readonly OwnershipOfferWithdrawal[] = ['roleChanged', 'roleRemoved'];

export interface OfferRecord {
  fromUid: string;
  toUid: string;
  /** The member's role when it was offered; null for an offer stored before it was kept. */
  toRole: Role | null;
  offeredAt: string;
  expiresAt: string;
  withdrawn: { at: string; reason: OwnershipOfferWithdrawal } | null;
}

function withdrawalOf(stored: unknown): OfferRecord['withdrawn'] {
  const fields = recordOf<unknown>(stored);
  const at = filledText(fields.at);
  return at ? { at, reason: oneOf(WITHDRAWALS, fields.reason, 'roleChanged') } : null;
}

export function offerRecordOf(data: DocData | null): OfferRecord | null {
  const fromUid = filledText(data?.fromUid);
  const toUid = filledText(data?.toUid);
  const offeredAt = filledText(data?.offeredAt);
  const expiresAt = filledText(data?.expiresAt);
  if (!fromUid || !toUid || !offeredAt || !expiresAt) return null;
  const toRole = isRole(data?.toRole) ? data.toRole : null;
  return { fromUid, toUid, toRole, offeredAt, expiresAt, withdrawn: withdrawalOf(data?.withdrawn) };
}

/** The stored offer as it is, whether or not it still stands; null without one. */
export async function readOfferRecord(
  reader: Pick<StoreTransaction, 'get'>,
  tenantId: string,
): Promise<OfferRecord | null> {
  return offerRecordOf((await reader.get(ownershipOfferPath(tenantId))).data);
}

/** The offer, replacing any before it. */
export function writeOffer(tx: Pick<StoreTransaction, 'set'>, tenantId: string, record: OfferRecord): void {
  tx.set(ownershipOfferPath(tenantId), { ...record });
}

/** The offer is gone: taken, declined, cancelled or cleared. */
export function deleteOffer(tx: Pick<StoreTransaction, 'delete'>, tenantId: string): void {
  tx.delete(ownershipOfferPath(tenantId));
}

/** The offer no longer stands: its addressee's role changed; it stays for the maker to see. */
export function markOfferWithdrawn(
  tx: Pick<StoreTransaction, 'update'>,
  tenantId: string,
  withdrawn: { at: string; reason: OwnershipOfferWithdrawal },
): void {
  tx.update(ownershipOfferPath(tenantId), { withdrawn: { at: withdrawn.at, reason: withdrawn.reason } });
}
