// ownership-cancel: the owner who offered ownership takes the offer back before it is answered, or
// clears it from Users once it was withdrawn.
import { API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { ApiError, permissionDenied } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { deleteOffer, readOfferRecord } from '../../repositories/ownership-offers';

export const cancelOwnershipOffer = defineHandler(API.cancelOwnershipOffer, {
  checkRevoked: true,
  async run(_input, { caller, deps }): Promise<ApiResponses[typeof API.cancelOwnershipOffer]> {
    return deps.store.transaction(async (tx) => {
      const record = await readOfferRecord(tx, caller.tenantId);
      if (!record) throw new ApiError('failed-precondition', SERVER_ERRORS.noOwnershipOffer);
      if (record.fromUid !== caller.uid) throw permissionDenied(SERVER_ERRORS.ownershipOfferNotYours);
      deleteOffer(tx, caller.tenantId);
      return { offer: null };
    });
  },
});
