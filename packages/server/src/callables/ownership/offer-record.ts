// The organisation's one ownership offer as the ownership callables see it (the record itself is
// repositories/ownership-offers.ts): whether it stands, with both members as they are now.
import {
  OWNERSHIP_OFFER_LIFETIME_DAYS,
  type OwnershipOffer,
  type OwnershipOfferWithdrawal,
  type Role,
} from '@toolkit/domain';
import type { ServerDeps } from '../../api/handler';
import { inviterNameOf } from '../../repositories/invites';
import { queueMail } from '../../repositories/mail';
import { markOfferWithdrawn, readOfferRecord, type OfferRecord } from '../../repositories/ownership-offers';
import { readOrganisationProfile } from '../../repositories/tenants';
import { readTenantUser, type TenantUserRecord } from '../../repositories/users';
import type { StoreTransaction } from '../../store/port';
import { ownershipWithdrawnMail } from './offer-mail';

export { offerRecordOf, ownershipOfferPath, type OfferRecord } from '../../repositories/ownership-offers';

export function newOfferRecord(fromUid: string, to: { uid: string; role: Role }, now: Date): OfferRecord {
  const expires = new Date(now.getTime() + OWNERSHIP_OFFER_LIFETIME_DAYS * 24 * 60 * 60 * 1000);
  return {
    fromUid,
    toUid: to.uid,
    toRole: to.role,
    offeredAt: now.toISOString(),
    expiresAt: expires.toISOString(),
    withdrawn: null,
  };
}

/** The stored offer with both members as they are now. */
export interface StandingOffer {
  record: OfferRecord;
  from: TenantUserRecord | null;
  to: TenantUserRecord | null;
  /**
   * It can be accepted: not expired or withdrawn, its maker still an owner, its addressee still a
   * member in the role they had when it was made.
   */
  stands: boolean;
}

type Reader = Pick<StoreTransaction, 'get'>;

/** Whether the member it was made to is still a member, in the role they were offered it in. */
export const addresseeUnchanged = ({ record, to }: Pick<StandingOffer, 'record' | 'to'>): boolean =>
  to !== null && !to.invitePending && (record.toRole === null || to.role === record.toRole);

export async function readOffer(reader: Reader, tenantId: string, now: Date): Promise<StandingOffer | null> {
  const record = await readOfferRecord(reader, tenantId);
  if (!record) return null;
  const [from, to] = await Promise.all([
    readTenantUser(reader, tenantId, record.fromUid),
    readTenantUser(reader, tenantId, record.toUid),
  ]);
  const stands =
    Date.parse(record.expiresAt) > now.getTime() &&
    record.withdrawn === null &&
    from?.role === 'owner' &&
    addresseeUnchanged({ record, to }) &&
    to?.role !== 'owner';
  return { record, from, to, stands };
}

/** A member as an offer names them: their name, else their address. */
export const memberName = (member: TenantUserRecord | null) => inviterNameOf(member) || 'a former member';

export const offerOf = ({ record, from, to }: StandingOffer): OwnershipOffer => ({
  from: { uid: record.fromUid, name: memberName(from) },
  to: { uid: record.toUid, name: memberName(to), email: to?.email ?? '' },
  offeredAt: record.offeredAt,
  expiresAt: record.expiresAt,
  ...(record.withdrawn ? { withdrawn: record.withdrawn } : {}),
});

/**
 * What ends the standing offer made to `uid` when their role changes, read in the caller's
 * transaction before it writes: null when no offer to them stands. Called with the change, it marks
 * the offer withdrawn and mails the member.
 */
export async function offerWithdrawal(
  tx: StoreTransaction,
  deps: Pick<ServerDeps, 'store'>,
  tenantId: string,
  uid: string,
  now: Date,
): Promise<((change: { reason: OwnershipOfferWithdrawal; role: Role }) => void) | null> {
  const offer = await readOffer(tx, tenantId, now);
  if (!offer?.stands || offer.record.toUid !== uid || !offer.to) return null;
  const { record, from, to } = offer;
  const organisation = await readOrganisationProfile(tx, tenantId);
  return ({ reason, role }) => {
    markOfferWithdrawn(tx, tenantId, { at: now.toISOString(), reason });
    queueMail(
      tx,
      deps.store.newId(),
      ownershipWithdrawnMail({
        email: to.email,
        ownerName: memberName(from),
        organisationName: organisation.name,
        offeredAt: record.offeredAt,
        reason,
        role,
      }),
    );
  };
}
