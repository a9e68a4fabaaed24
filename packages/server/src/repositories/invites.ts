// Survey invites (survey-invites/{inviteId}, SPEC §3): pending until the invited journey is submitted.
import type { Role } from '@toolkit/domain';
import type { DocData, StoreTransaction } from '../store/port';
import { paths } from './paths';
import type { ResultRef } from './results';
import { roleOf } from './users';

type Reader = Pick<StoreTransaction, 'get'>;

export const INVITE_STATUS = { pending: 'pending', completed: 'completed' } as const;

/** An invite link signs its holder in; like a sign-in link it must not work for ever. */
export const INVITE_LIFETIME_DAYS = 14;

/** The invite a caller's token names (set by journey-verifyAndLoginWithInvite), if any. */
export const inviteIdOf = (caller: { claims: Record<string, unknown> }) =>
  typeof caller.claims.inviteId === 'string' ? caller.claims.inviteId : null;

export interface InviteRecord {
  id: string;
  status: string;
  email: string;
  /** The organisation the invited person joins. */
  tenantId: string;
  /** The survey's publisher, under whom its results are kept (the survey route's tenant). */
  surveyTenantId: string;
  surveyId: string;
  surveyResultId: string;
  /** The role the invited person joins with; never above the inviter's. */
  role: Role;
  /** The account the invite is for (created by the invite when the address had none). */
  invitedUid: string | null;
  /** Whether the address had an account before the invite: then only that account may redeem it. */
  accountExisted: boolean;
  /** The user who redeemed the invite (journey-verifyAndLoginWithInvite); redeemed once. */
  redeemedBy: string | null;
  createdAt: string | null;
}

/** Invites stored before surveyTenantId existed kept their result under the inviting tenant. */
const resultTenantOf = (invite: DocData): string =>
  typeof invite.surveyTenantId === 'string' && invite.surveyTenantId
    ? invite.surveyTenantId
    : typeof invite.tenantId === 'string'
      ? invite.tenantId
      : '';

/** Whether a stored invite is for exactly this result. */
export function inviteIsFor(invite: DocData | null, ref: ResultRef): boolean {
  return (
    invite !== null &&
    invite.surveyResultId === ref.resultId &&
    invite.surveyId === ref.surveyId &&
    resultTenantOf(invite) === ref.tenantId
  );
}

export async function getInvite(reader: Reader, inviteId: string): Promise<InviteRecord | null> {
  const { data } = await reader.get(paths.invite(inviteId));
  if (!data) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    id: inviteId,
    status: text(data.status),
    email: text(data.email),
    tenantId: text(data.tenantId),
    surveyTenantId: resultTenantOf(data),
    surveyId: text(data.surveyId),
    surveyResultId: text(data.surveyResultId),
    role: roleOf(data),
    invitedUid: text(data.invitedUid) || null,
    // Invites stored before this field existed are treated as the safer case.
    accountExisted: data.accountExisted !== false,
    redeemedBy: text(data.redeemedBy) || null,
    createdAt: text(data.createdAt) || null,
  };
}

/** Whether a signed-in caller is the invited person's own account. */
export function isAddressee(
  invite: Pick<InviteRecord, 'invitedUid' | 'email'>,
  caller: { uid: string; email: string | null; isAnonymous: boolean },
): boolean {
  if (caller.isAnonymous) return false;
  return invite.invitedUid ? caller.uid === invite.invitedUid : caller.email === invite.email;
}

export function isExpired(invite: Pick<InviteRecord, 'createdAt'>, now: Date): boolean {
  if (!invite.createdAt) return false;
  return now.getTime() - Date.parse(invite.createdAt) > INVITE_LIFETIME_DAYS * 24 * 60 * 60 * 1000;
}
