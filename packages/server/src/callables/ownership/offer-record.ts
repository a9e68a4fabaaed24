// The organisation's one standing ownership offer (tenants/{t}/settings/ownershipOffer): who made it,
// to whom, and until when it stands.
import { OWNERSHIP_OFFER_LIFETIME_DAYS, type OwnershipOffer } from '@toolkit/domain';
import { filledText } from '../../repositories/decode';
import { inviterNameOf } from '../../repositories/invites';
import { paths } from '../../repositories/paths';
import { readTenantUser, type TenantUserRecord } from '../../repositories/users';
import type { DocData, StoreTransaction } from '../../store/port';

export const ownershipOfferPath = (tenantId: string) => `${paths.tenant(tenantId)}/settings/ownershipOffer`;

export interface OfferRecord {
  fromUid: string;
  toUid: string;
  offeredAt: string;
  expiresAt: string;
}

export function offerRecordOf(data: DocData | null): OfferRecord | null {
  const fromUid = filledText(data?.fromUid);
  const toUid = filledText(data?.toUid);
  const offeredAt = filledText(data?.offeredAt);
  const expiresAt = filledText(data?.expiresAt);
  if (!fromUid || !toUid || !offeredAt || !expiresAt) return null;
  return { fromUid, toUid, offeredAt, expiresAt };
}

export function newOfferRecord(fromUid: string, toUid: string, now: Date): OfferRecord {
  const expires = new Date(now.getTime() + OWNERSHIP_OFFER_LIFETIME_DAYS * 24 * 60 * 60 * 1000);
  return { fromUid, toUid, offeredAt: now.toISOString(), expiresAt: expires.toISOString() };
}

/** The stored offer with both members as they are now. */
export interface StandingOffer {
  record: OfferRecord;
  from: TenantUserRecord | null;
  to: TenantUserRecord | null;
  /** It can be accepted: not expired, its maker still an owner, its addressee still a member. */
  stands: boolean;
}

type Reader = Pick<StoreTransaction, 'get'>;

export async function readOffer(reader: Reader, tenantId: string, now: Date): Promise<StandingOffer | null> {
  const record = offerRecordOf((await reader.get(ownershipOfferPath(tenantId))).data);
  if (!record) return null;
  const [from, to] = await Promise.all([
    readTenantUser(reader, tenantId, record.fromUid),
    readTenantUser(reader, tenantId, record.toUid),
  ]);
  const stands =
    Date.parse(record.expiresAt) > now.getTime() &&
    from?.role === 'owner' &&
    to !== null &&
    !to.invitePending &&
    to.role !== 'owner';
  return { record, from, to, stands };
}

/** A member as an offer names them: their name, else their address. */
export const memberName = (member: TenantUserRecord | null) => inviterNameOf(member) || 'a former member';

export const offerOf = ({ record, from, to }: StandingOffer): OwnershipOffer => ({
  from: { uid: record.fromUid, name: memberName(from) },
  to: { uid: record.toUid, name: memberName(to), email: to?.email ?? '' },
  offeredAt: record.offeredAt,
  expiresAt: record.expiresAt,
});
