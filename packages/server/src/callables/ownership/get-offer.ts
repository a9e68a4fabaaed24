// ownership-getOffer: the standing ownership offer, for those who manage users (the Users screen
// shows it) and for the member it is made to (who answers it); anyone else is told none stands.
import { API, type ApiResponses } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { defineHandler } from '../../api/handler';
import { holdsPermission } from '../../api/permissions';
import { offerOf, readOffer } from './offer-record';

export const getOwnershipOffer = defineHandler({
  name: API.getOwnershipOffer,
  access: 'member',
  input: REQUESTS[API.getOwnershipOffer],
  async run(_input, { caller, deps, now }): Promise<ApiResponses[typeof API.getOwnershipOffer]> {
    const offer = await readOffer(deps.store, caller.tenantId, now);
    const mayRead = caller.uid === offer?.record.toUid || holdsPermission(caller, 'manageUsers');
    return { offer: offer?.stands && mayRead ? offerOf(offer) : null };
  },
});
