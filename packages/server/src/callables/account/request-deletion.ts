// account-requestDeletion: mails the caller a fresh link that confirms deleting their account
// (docs/behaviour.md, A person's data). Only the newest link works: its token's hash is kept on the
// global user, so a new request replaces the one before. The last owner of an organisation with
// other members is refused here already, before any mail.
import { createHash, randomBytes } from 'node:crypto';
import {
  ACCOUNT_DELETION_FRAGMENT,
  ACCOUNT_DELETION_LINK_HOURS,
  API,
  paths as appPaths,
  type ApiResponses,
} from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { accountDeletionMail } from '../../mail/account-deletion';
import { queueMail } from '../../repositories/mail';
import { recordAccountDeletionRequest } from '../../repositories/users';
import { verifiedEmailOf } from '../access';
import { refuseLastOwner } from './erase-account';

export const deletionTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export const requestAccountDeletion = defineHandler(API.requestAccountDeletion, {
  checkRevoked: true,
  async run(_input, { caller, deps, now }): Promise<ApiResponses[typeof API.requestAccountDeletion]> {
    const email = verifiedEmailOf(caller);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + ACCOUNT_DELETION_LINK_HOURS * 60 * 60 * 1000).toISOString();
    const link = `${deps.appUrl.replace(/\/+$/, '')}${appPaths.profile()}#${ACCOUNT_DELETION_FRAGMENT}${token}`;
    await deps.store.transaction(async (tx) => {
      await refuseLastOwner(tx, { uid: caller.uid, email, tenantId: caller.tenantId });
      recordAccountDeletionRequest(tx, caller.uid, {
        tokenHash: deletionTokenHash(token),
        sentAt: now.toISOString(),
        expiresAt,
      });
      queueMail(
        tx,
        deps.store.newId(),
        accountDeletionMail({ email, link, hours: ACCOUNT_DELETION_LINK_HOURS }),
      );
    });
    return { status: 'sent', email, expiresAt };
  },
});
