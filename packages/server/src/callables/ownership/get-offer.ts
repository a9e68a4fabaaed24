// ownership-getOffer: the standing ownership offer, for those who manage users (the Users screen
// shows it) and for the member it is made to (who answers it); anyone else is told none stands.
// Those who manage users also see an offer withdrawn by a change of its member's role, until it would
// have expired, so the Users screen can say what became of it.
import { API, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { holdsPermission } from '../../api/permissions';
import { offerOf, readOffer } from './offer-record';

export const getOwnershipOffer = defineHandler(API.getOwnershipOffer, {
  async run(_input, { caller, deps, now }): Promise<ApiResponses[typeof API.getOwnershipOffer]> {
    const offer = await readOffer(deps.store, caller.tenantId, now);
    if (!offer) return { offer: null };
    const addressee = caller.uid === offer.record.toUid;
    const manager = holdsPermission(caller, 'manageUsers');
    if (offer.stands && (addressee || manager)) return { offer: offerOf(offer) };
    const withdrawnNews =
      offer.record.withdrawn !== null && Date.parse(offer.record.expiresAt) > now.getTime();
    return { offer: withdrawnNews && manager && !addressee ? offerOf(offer) : null };
  },
});
