// Invites (survey-invites/{inviteId}): a team invite is pending until accepted, a survey invite until
// the invited journey is submitted.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { INVITE_LIFETIME_DAYS, type InviteKind, type Role } from '@toolkit/domain';
import { FieldValue, type DocData, type DocumentStore, type StoreTransaction } from '../store/port';
import { filledText, record, role, text } from './decode';
import { paths } from './paths';
import type { ResultRef } from './results';
import type { TenantUserRecord } from './users';

type Reader = Pick<StoreTransaction, 'get'>;

export const INVITE_STATUS = {
  pending: 'pending',
  completed: 'completed',
  declined: 'declined',
  /** A later invite of the same address to another survey took its place. */
  replaced: 'replaced',
  /** A team invite its addressee accepted: they are a member now. */
  accepted: 'accepted',
  /** Taken back by the organisation before it was accepted. */
  withdrawn: 'withdrawn',
} as const;

export { INVITE_LIFETIME_DAYS };

/** A re-invite of an address mailed less than this long ago sends no second mail, whatever its kind. */
export const INVITE_RESEND_AFTER_MS = 10 * 60 * 1000;

/** After an invitee declines, the organisation cannot invite that address again for this long. */
export const DECLINED_INVITE_QUIET_DAYS = 30;

/** The invite a caller's token names (set by journey-verifyAndLoginWithInvite), if any. */
export const inviteIdOf = (caller: { claims: Record<string, unknown> }) =>
  typeof caller.claims.inviteId === 'string' ? caller.claims.inviteId : null;

export interface InviteRecord {
  id: string;
  status: string;
  /** Stored before kinds existed, an invite names a survey: a survey invite, as it was then. */
  kind: InviteKind;
  email: string;
  /** The organisation the invited person joins. */
  tenantId: string;
  /** The survey's publisher, under whom its results are kept (the survey route's tenant). */
  surveyTenantId: string;
  /** The survey and result a survey invite's journey answers; null for a team invite. */
  surveyId: string | null;
  surveyResultId: string | null;
  /** The role the invited person joins with, once they accept; never above the inviter's. */
  role: Role;
  /** The member who sent it. */
  createdBy: string;
  /** The user who accepted the invite (journey-verifyAndLoginWithInvite); accepted once. */
  redeemedBy: string | null;
  createdAt: string | null;
  /** When its mail was last sent. */
  sentAt: string | null;
  /** When its link was first opened (invites-describe). */
  openedAt: string | null;
  /** When its addressee declined it. */
  declinedAt: string | null;
  /** An acceptance under way (its account being made): others wait for it rather than race it. */
  claim: { id: string; at: string } | null;
  /**
   * The SHA-256 of the secret key its link carries; the key itself is only ever in the mail. Null for
   * an invite stored before links carried a key: such a link opens nothing, and a resend mails a key.
   */
  keyHash: string | null;
}

/**
 * A new secret for an invite's link, apart from its id (which lists, audit entries and exports show):
 * the key goes into the mail, its hash into the invite.
 */
export function newInviteKey(): { key: string; keyHash: string } {
  const key = randomBytes(32).toString('base64url');
  return { key, keyHash: hashOfKey(key) };
}

const hashOfKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** Whether a link's key is the one the invite's latest mail carried. */
export function keyOpens(invite: Pick<InviteRecord, 'keyHash'>, key: string): boolean {
  if (invite.keyHash === null) return false;
  const stored = Buffer.from(invite.keyHash, 'hex');
  const given = Buffer.from(hashOfKey(key), 'hex');
  return stored.length === given.length && timingSafeEqual(stored, given);
}

/** Invites stored before surveyTenantId existed kept their result under the inviting tenant. */
const resultTenantOf = (invite: DocData): string =>
  filledText(invite.surveyTenantId) ?? text(invite.tenantId);

/** Whether an invite is for exactly this result. */
export function inviteIsFor(invite: InviteRecord | null, ref: ResultRef): boolean {
  return (
    invite !== null &&
    invite.surveyResultId === ref.resultId &&
    invite.surveyId === ref.surveyId &&
    invite.surveyTenantId === ref.tenantId
  );
}

/** A stored invite document as a record; null when it does not exist. */
export function inviteOf({ id, data }: { id: string; data: DocData | null }): InviteRecord | null {
  if (!data) return null;
  const claim = data.claim;
  const kind: InviteKind = data.kind === 'team' ? 'team' : 'survey';
  return {
    id,
    status: text(data.status),
    kind,
    email: text(data.email),
    tenantId: text(data.tenantId),
    surveyTenantId: resultTenantOf(data),
    surveyId: kind === 'team' ? null : text(data.surveyId),
    surveyResultId: kind === 'team' ? null : text(data.surveyResultId),
    role: role(data.role),
    createdBy: text(data.createdBy),
    redeemedBy: filledText(data.redeemedBy),
    createdAt: filledText(data.createdAt),
    sentAt: filledText(data.sentAt) ?? filledText(data.createdAt),
    openedAt: filledText(data.openedAt),
    declinedAt: filledText(data.declinedAt),
    claim:
      typeof claim === 'object' && claim !== null
        ? { id: text(record(claim).id), at: text(record(claim).at) }
        : null,
    keyHash: filledText(data.keyHash),
  };
}

export async function readInvite(reader: Reader, inviteId: string): Promise<InviteRecord | null> {
  return inviteOf({ id: inviteId, data: (await reader.get(paths.invite(inviteId))).data });
}

/** Whether a signed-in caller has proven the invite's address (an e-mail link sign-in with it). */
export function isAddressee(
  invite: Pick<InviteRecord, 'email'>,
  caller: { email: string | null; emailVerified: boolean; isAnonymous: boolean },
): boolean {
  return !caller.isAnonymous && caller.emailVerified && caller.email?.toLowerCase() === invite.email;
}

/** How an invite names who sent it: their name, else their address; '' when neither is known. */
export const inviterNameOf = (
  inviter: Pick<TenantUserRecord, 'firstName' | 'lastName' | 'email'> | null,
): string => [inviter?.firstName ?? '', inviter?.lastName ?? ''].join(' ').trim() || (inviter?.email ?? '');

/** Until when a declined invite keeps its organisation from inviting the address again; null if not. */
export function declineHoldsUntil(
  invite: Pick<InviteRecord, 'status' | 'declinedAt'>,
  now: Date,
): Date | null {
  if (invite.status !== INVITE_STATUS.declined || !invite.declinedAt) return null;
  const until = new Date(Date.parse(invite.declinedAt) + DECLINED_INVITE_QUIET_DAYS * 24 * 60 * 60 * 1000);
  return until > now ? until : null;
}

export function isExpired(invite: Pick<InviteRecord, 'createdAt'>, now: Date): boolean {
  if (!invite.createdAt) return false;
  return now.getTime() - Date.parse(invite.createdAt) > INVITE_LIFETIME_DAYS * 24 * 60 * 60 * 1000;
}

/** The invite a link opens: its id with the key its latest mail carried; null for any other key. */
export async function readInviteByLink(
  reader: Reader,
  link: { inviteId: string; key: string },
): Promise<InviteRecord | null> {
  const invite = await readInvite(reader, link.inviteId);
  return invite && keyOpens(invite, link.key) ? invite : null;
}

type Writer = Pick<StoreTransaction, 'update' | 'create'>;

/** A new invite, pending and mailed now (fails at commit when the id is taken). */
export function createInvite(tx: Pick<Writer, 'create'>, inviteId: string, fields: DocData): void {
  tx.create(paths.invite(inviteId), {
    status: INVITE_STATUS.pending,
    ...fields,
    createdAt: FieldValue.serverTimestamp(),
    sentAt: FieldValue.serverTimestamp(),
  });
}

/** The invite asks for another role from now on; nothing is mailed. */
export function setInviteRole(tx: Pick<Writer, 'update'>, inviteId: string, role: Role): void {
  tx.update(paths.invite(inviteId), { role });
}

/** The invite is mailed again with a new key (the one before opens nothing), and what else changes with it. */
export function rekeyInvite(
  tx: Pick<Writer, 'update'>,
  inviteId: string,
  keyHash: string,
  changes: { role: Role } | { status: typeof INVITE_STATUS.pending },
): void {
  tx.update(paths.invite(inviteId), { ...changes, keyHash, sentAt: FieldValue.serverTimestamp() });
}

/** A later invite of the same address took the invite's place. */
export function markInviteReplaced(tx: Pick<Writer, 'update'>, inviteId: string): void {
  tx.update(paths.invite(inviteId), { status: INVITE_STATUS.replaced });
}

/** Taken back by the organisation before it was accepted. */
export function withdrawInvite(tx: Pick<Writer, 'update'>, inviteId: string, withdrawnBy: string): void {
  tx.update(paths.invite(inviteId), {
    status: INVITE_STATUS.withdrawn,
    withdrawnAt: FieldValue.serverTimestamp(),
    withdrawnBy,
  });
}

export function declineInvite(tx: Pick<Writer, 'update'>, inviteId: string): void {
  tx.update(paths.invite(inviteId), {
    status: INVITE_STATUS.declined,
    declinedAt: FieldValue.serverTimestamp(),
  });
}

/** The invited journey was submitted. */
export function completeInvite(tx: Pick<Writer, 'update'>, inviteId: string): void {
  tx.update(paths.invite(inviteId), {
    status: INVITE_STATUS.completed,
    completedAt: FieldValue.serverTimestamp(),
  });
}

/** The link's first opening, so the inviter sees the invite as opened. */
export async function markInviteOpened(store: DocumentStore, inviteId: string): Promise<void> {
  await store.update(paths.invite(inviteId), { openedAt: FieldValue.serverTimestamp() });
}

/** An acceptance under way holds the invite: `claim` names it, `at` says since when. */
export function claimInvite(
  tx: Pick<Writer, 'update'>,
  inviteId: string,
  claim: { id: string; at: string },
): void {
  tx.update(paths.invite(inviteId), { claim: { id: claim.id, at: claim.at } });
}

/** The acceptance under way let go of the invite: another may accept it. */
export function releaseInviteClaim(tx: Pick<Writer, 'update'>, inviteId: string): void {
  tx.update(paths.invite(inviteId), { claim: FieldValue.delete() });
}

/** Accepted by `uid`; a team invite asks nothing more, a survey invite stays open for its journey. */
export function redeemInvite(
  tx: Pick<Writer, 'update'>,
  inviteId: string,
  uid: string,
  closes: boolean,
): void {
  tx.update(paths.invite(inviteId), {
    redeemedBy: uid,
    redeemedAt: FieldValue.serverTimestamp(),
    claim: FieldValue.delete(),
    ...(closes ? { status: INVITE_STATUS.accepted } : {}),
  });
}
