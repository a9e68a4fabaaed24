// ownership-offer: an owner offers ownership of the organisation to another member who has joined
// and proven their address. One offer stands at a time; the member is told by mail and answers on
// the dashboard (ownership-accept, ownership-decline).
import { API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { ApiError, notFound, permissionDenied } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { recordAudit } from '../../repositories/audit';
import { queueMail } from '../../repositories/mail';
import { writeOffer } from '../../repositories/ownership-offers';
import { readOrganisationProfile } from '../../repositories/tenants';
import { readTenantUser } from '../../repositories/users';
import { refuseRoleChange } from '../access';
import { joinedOwners } from '../admin/change-role';
import { ownershipOfferMail } from './offer-mail';
import { memberName, newOfferRecord, offerOf, readOffer } from './offer-record';

export const offerOwnership = defineHandler(API.offerOwnership, {
  checkRevoked: true,
  async run({ uid }, { caller, deps, now }): Promise<ApiResponses[typeof API.offerOwnership]> {
    const { tenantId } = caller;
    if (caller.role !== 'owner') throw permissionDenied(SERVER_ERRORS.ownershipByOwnerOnly);
    if (uid === caller.uid) throw new ApiError('failed-precondition', SERVER_ERRORS.ownershipToSelf);
    // The identity provider is not part of the transaction; whether an address is proven only grows.
    const [account, organisation] = await Promise.all([
      deps.auth.getUser(uid),
      readOrganisationProfile(deps.store, tenantId),
    ]);

    return deps.store.transaction(async (tx) => {
      const [target, earlier, owners] = await Promise.all([
        readTenantUser(tx, tenantId, uid),
        readOffer(tx, tenantId, now),
        joinedOwners(tx, tenantId),
      ]);
      // A record an invite of old left before anyone accepted is nobody who could run the organisation.
      if (!target || target.invitePending) throw notFound(SERVER_ERRORS.noSuchUser);
      const name = memberName(target);
      if (target.role === 'owner')
        throw new ApiError('failed-precondition', SERVER_ERRORS.ownershipToOwner(name));
      if (!account?.emailVerified) {
        throw new ApiError('failed-precondition', SERVER_ERRORS.ownershipToUnverified(name));
      }
      if (earlier?.stands) {
        throw new ApiError(
          'failed-precondition',
          SERVER_ERRORS.ownershipOfferStanding(memberName(earlier.to)),
        );
      }
      // The one role rule has the last word on making this member an owner.
      refuseRoleChange({
        operation: 'change',
        actor: caller,
        target: { uid, role: target.role },
        role: 'owner',
        owners,
      });
      const from = await readTenantUser(tx, tenantId, caller.uid);
      const record = newOfferRecord(caller.uid, { uid, role: target.role }, now);
      writeOffer(tx, tenantId, record);
      recordAudit(tx, tenantId, {
        actorUid: caller.uid,
        kind: 'ownership.offered',
        subject: { type: 'member', id: uid },
        before: null,
        after: { offeredRole: 'owner' },
      });
      queueMail(
        tx,
        deps.store.newId(),
        ownershipOfferMail({
          appUrl: deps.appUrl,
          email: account.email ?? target.email,
          role: target.role,
          ownerName: memberName(from),
          organisationName: organisation.name,
          expiresAt: record.expiresAt,
        }),
      );
      return { offer: offerOf({ record, from, to: target, stands: true }) };
    });
  },
});
