// ownership-accept: the member offered ownership takes it. In one transaction they become owner and
// the owner who offered becomes admin, so the organisation always has an owner; the claims follow.
// The offer was made to them as they were then: their membership and role are read again in it.
import { API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { ApiError } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { grantTenantClaims } from '../../auth/port';
import { recordAudit } from '../../repositories/audit';
import { verifiedEmailOf } from '../access';
import { deleteOffer } from '../../repositories/ownership-offers';
import { writeRole } from '../../repositories/users';
import { addresseeUnchanged, readOffer } from './offer-record';

/** What the owner who hands over ownership keeps: everything but billing and deleting the organisation. */
export const FORMER_OWNER_ROLE = 'admin' as const;

export const acceptOwnership = defineHandler(API.acceptOwnership, {
  checkRevoked: true,
  async run(_input, { caller, deps, now }): Promise<ApiResponses[typeof API.acceptOwnership]> {
    const { tenantId, uid } = caller;
    verifiedEmailOf(caller);
    const fromUid = await deps.store.transaction(async (tx) => {
      const offer = await readOffer(tx, tenantId, now);
      if (!offer || offer.record.toUid !== uid) {
        throw new ApiError('failed-precondition', SERVER_ERRORS.noOwnershipOfferForYou);
      }
      if (offer.record.withdrawn || !addresseeUnchanged(offer)) {
        throw new ApiError('failed-precondition', SERVER_ERRORS.ownershipOfferRoleChanged);
      }
      if (!offer.stands || !offer.to)
        throw new ApiError('failed-precondition', SERVER_ERRORS.ownershipOfferLapsed);
      const { fromUid: from } = offer.record;
      writeRole(tx, tenantId, uid, 'owner');
      writeRole(tx, tenantId, from, FORMER_OWNER_ROLE);
      deleteOffer(tx, tenantId);
      recordAudit(tx, tenantId, {
        actorUid: uid,
        kind: 'ownership.transferred',
        subject: { type: 'member', id: uid },
        before: { role: offer.to.role },
        after: { role: 'owner' },
      });
      recordAudit(tx, tenantId, {
        actorUid: uid,
        kind: 'ownership.transferred',
        subject: { type: 'member', id: from },
        before: { role: 'owner' },
        after: { role: FORMER_OWNER_ROLE },
      });
      return from;
    });
    await Promise.all([
      grantTenantClaims(deps.auth, uid, tenantId, 'owner'),
      grantTenantClaims(deps.auth, fromUid, tenantId, FORMER_OWNER_ROLE),
    ]);
    return { role: 'owner' };
  },
});
