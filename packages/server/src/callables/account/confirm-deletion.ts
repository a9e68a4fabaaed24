// account-confirmDeletion: the mailed link's token, sent by the signed-in person who asked for it,
// deletes their account (docs/behaviour.md, A person's data): the store in one transaction, then the
// sign-in account. Should the last step fail, the answer says so and the account opens no organisation.
import { ACCOUNT_DELETION_LINK_HOURS, API, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { ApiError, notFound } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import { record, textOrNull } from '../../repositories/decode';
import { paths } from '../../repositories/paths';
import { verifiedEmailOf } from '../access';
import { eraseAccount } from './erase-account';
import { deletionTokenHash } from './request-deletion';

export const confirmAccountDeletion = defineHandler(API.confirmAccountDeletion, {
  checkRevoked: true,
  async run({ token }, { caller, deps, now }): Promise<ApiResponses[typeof API.confirmAccountDeletion]> {
    const email = verifiedEmailOf(caller);
    const request = record<unknown>(
      (await deps.store.get(paths.globalUser(caller.uid))).data?.deletionRequest,
    );
    if (textOrNull(request.tokenHash) !== deletionTokenHash(token)) {
      throw notFound(SERVER_ERRORS.accountDeletionLinkNotValid);
    }
    if (!(now.getTime() < Date.parse(textOrNull(request.expiresAt) ?? ''))) {
      throw new ApiError(
        'failed-precondition',
        SERVER_ERRORS.accountDeletionLinkExpired(ACCOUNT_DELETION_LINK_HOURS),
      );
    }
    await eraseAccount(deps.store, { uid: caller.uid, email, tenantId: caller.tenantId });
    await deps.auth.deleteUser(caller.uid);
    return { status: 'deleted' };
  },
});
