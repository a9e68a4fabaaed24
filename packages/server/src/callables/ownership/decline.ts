// ownership-decline: the member offered ownership says no; the offer is gone and nothing else changes.
import { API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { ApiError } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { deleteOffer, readOfferRecord } from '../../repositories/ownership-offers';

export const declineOwnership = defineHandler(API.declineOwnership, {
  checkRevoked: true,
  async run(_input, { caller, deps }): Promise<ApiResponses[typeof API.declineOwnership]> {
    return deps.store.transaction(async (tx) => {
      const record = await readOfferRecord(tx, caller.tenantId);
      if (record?.toUid !== caller.uid || record.withdrawn) {
        throw new ApiError('failed-precondition', SERVER_ERRORS.noOwnershipOfferForYou);
      }
      deleteOffer(tx, caller.tenantId);
      return { offer: null };
    });
  },
});
