// ownership-decline: the member offered ownership says no; the offer is gone and nothing else changes.
import { API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { ApiError } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { offerRecordOf, ownershipOfferPath } from './offer-record';

export const declineOwnership = defineHandler(API.declineOwnership, {
  checkRevoked: true,
  async run(_input, { caller, deps }): Promise<ApiResponses[typeof API.declineOwnership]> {
    return deps.store.transaction(async (tx) => {
      const record = offerRecordOf((await tx.get(ownershipOfferPath(caller.tenantId))).data);
      if (record?.toUid !== caller.uid || record.withdrawn) {
        throw new ApiError('failed-precondition', SERVER_ERRORS.noOwnershipOfferForYou);
      }
      tx.delete(ownershipOfferPath(caller.tenantId));
      return { offer: null };
    });
  },
});
