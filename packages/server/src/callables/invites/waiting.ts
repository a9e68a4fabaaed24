// The invite an organisation is waiting on for an address: sent, not accepted, not taken back.
// Resending and withdrawing name it by address, since the inviter never holds its link.
import { SERVER_ERRORS } from '@toolkit/domain';
import { notFound } from '../../api/errors';
import { INVITE_STATUS, inviteOf, type InviteRecord } from '../../repositories/invites';
import { paths } from '../../repositories/paths';
import type { StoreTransaction } from '../../store/port';

type Reader = Pick<StoreTransaction, 'query'>;

/** The newest invite of the organisation to the address that is still waiting (declined included). */
export async function waitingInviteTo(
  reader: Reader,
  tenantId: string,
  email: string,
): Promise<InviteRecord> {
  const sent = (
    await reader.query(paths.invites(), {
      where: [
        ['tenantId', '==', tenantId],
        ['email', '==', email],
      ],
    })
  )
    .map(inviteOf)
    .filter(
      (invite): invite is InviteRecord =>
        invite !== null &&
        invite.redeemedBy === null &&
        (invite.status === INVITE_STATUS.pending || invite.status === INVITE_STATUS.declined),
    )
    .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
  const [newest] = sent;
  if (!newest) throw notFound(SERVER_ERRORS.noInviteTo(email));
  return newest;
}
