// journey-verifyAndLoginWithInvite: the invitee accepts. The link's key reached only their inbox (the
// invite's id, which lists and audit entries show, opens nothing without it), so opening it proves
// the address, like an e-mail sign-in link: the invitee joins the organisation with
// the invite's role now, under the name they gave, and is signed in with a custom token: a survey invite's is scoped to the
// invite (its journey), a team invite's is a member's session (on to the dashboard). Accepted once.
// An account whose address someone proved before (a real account) is only ever used by its own
// signed-in session; an account registered with the address but never proven (a password someone
// set without the inbox) is taken over, and its earlier credentials end.
import { API, MESSAGES, SERVER_ERRORS, type ApiResponses } from '@toolkit/domain';
import { ApiError, notFound } from '../../api/errors';
import { defineHandler, type Caller, type ServerDeps } from '../../api/handler';
import { grantTenantClaims } from '../../auth/port';
import {
  claimInvite,
  readInviteByLink,
  INVITE_LIFETIME_DAYS,
  INVITE_STATUS,
  isAddressee,
  isExpired,
  redeemInvite,
  releaseInviteClaim,
  type InviteRecord,
} from '../../repositories/invites';
import { recordAudit } from '../../repositories/audit';
import { readOrganisationProfile } from '../../repositories/tenants';
import { mergeGlobalUser, readGlobalUser, readTenantUser, replaceTenantUser } from '../../repositories/users';
import { FieldValue } from '../../store/port';

/** Refuses an invite that does not exist, was submitted or accepted, declined, withdrawn, replaced, or expired. */
export function assertOpen(invite: InviteRecord | null, now: Date): asserts invite is InviteRecord {
  if (!invite) throw notFound(SERVER_ERRORS.inviteNotValid);
  if (invite.status === INVITE_STATUS.declined)
    throw new ApiError('failed-precondition', SERVER_ERRORS.inviteDeclined);
  if (invite.status === INVITE_STATUS.withdrawn)
    throw new ApiError('failed-precondition', SERVER_ERRORS.inviteWithdrawn);
  if (invite.status !== INVITE_STATUS.pending)
    throw new ApiError('failed-precondition', SERVER_ERRORS.inviteUsed);
  if (isExpired(invite, now)) {
    throw new ApiError('failed-precondition', SERVER_ERRORS.inviteExpired(INVITE_LIFETIME_DAYS));
  }
}

/** How long an acceptance under way holds the invite: past it, one that failed half-way can be retried. */
const CLAIM_MS = 30_000;

/**
 * Whose account accepting makes a member, decided before anything is written: the caller's own
 * (signed in with the proven address), an account registered with the address but never proven
 * (taken over), or none yet (made). An account someone proved is never entered through the link.
 */
async function addresseeOf(deps: ServerDeps, invite: InviteRecord, caller: Caller | null) {
  if (caller && isAddressee(invite, caller)) {
    if (caller.tenantId !== null && caller.tenantId !== invite.tenantId) {
      throw new ApiError('failed-precondition', SERVER_ERRORS.inviteIntoSecondOrganisation);
    }
    return { kind: 'signed-in' as const, uid: caller.uid };
  }
  const existing = await deps.auth.getUserByEmail(invite.email);
  if (existing?.emailVerified) throw new ApiError('failed-precondition', MESSAGES.inviteForExistingAccount);
  return existing ? { kind: 'unproven' as const, uid: existing.uid } : { kind: 'none' as const };
}

/** The uid of the account that joins; an unproven one loses what it held: it was not the invitee's. */
async function provenAccount(deps: ServerDeps, invite: InviteRecord, addressee: Addressee): Promise<string> {
  switch (addressee.kind) {
    case 'signed-in':
      return addressee.uid;
    case 'unproven':
      await deps.auth.endUnprovenCredentials(addressee.uid);
      await deps.auth.setCustomUserClaims(addressee.uid, {});
      return addressee.uid;
    case 'none':
      return (await deps.auth.createUser(invite.email)).uid;
  }
}

type Addressee = Awaited<ReturnType<typeof addresseeOf>>;

/**
 * What accepting answers: a survey invite's result, with a session scoped to the invite (its journey);
 * for a team invite no result, and a member's session.
 */
async function acceptance(
  deps: ServerDeps,
  invite: InviteRecord,
  uid: string,
): Promise<ApiResponses[typeof API.verifyAndLoginWithInvite]> {
  const { tenantId, surveyId, surveyResultId } = invite;
  if (surveyId === null || surveyResultId === null) {
    return { inviteData: null, token: await deps.auth.createCustomToken(uid, { tenantId }) };
  }
  return {
    inviteData: { surveyResultId, surveyId, tenantId: invite.surveyTenantId },
    token: await deps.auth.createCustomToken(uid, { tenantId, inviteId: invite.id }),
  };
}

export const verifyAndLoginWithInvite = defineHandler(API.verifyAndLoginWithInvite, {
  async run(request, { caller, deps, now }): Promise<ApiResponses[typeof API.verifyAndLoginWithInvite]> {
    const { firstName, lastName, ...link } = request;
    const { inviteId } = link;
    // The name the invitee gave as they accepted; else the one their account has, if any.
    const given = firstName !== undefined && lastName !== undefined ? { firstName, lastName } : null;
    const invite = await readInviteByLink(deps.store, link);
    // An accepted team invite is closed; the member who accepted it may still come back through it.
    if (invite?.status === INVITE_STATUS.accepted && caller && caller.uid === invite.redeemedBy) {
      return acceptance(deps, invite, caller.uid);
    }
    assertOpen(invite, now);
    if (invite.redeemedBy !== null) {
      // The same browser coming back, signed in through the invite or with its own e-mail link.
      if (caller?.uid === invite.redeemedBy) return acceptance(deps, invite, caller.uid);
      throw new ApiError('failed-precondition', SERVER_ERRORS.inviteOpened);
    }
    const addressee = await addresseeOf(deps, invite, caller).catch(async (error: unknown) => {
      // The account may be one that another tab's acceptance has just made: say what happened first.
      const current = await readInviteByLink(deps.store, link);
      if (current?.redeemedBy || current?.claim) {
        throw new ApiError('failed-precondition', SERVER_ERRORS.inviteOpened);
      }
      throw error;
    });
    // Reserved first, so that of several tabs (or people) opening it at once, one makes the account.
    const claim = deps.store.newId();
    await deps.store.transaction(async (tx) => {
      const current = await readInviteByLink(tx, link);
      assertOpen(current, now);
      const claimed = current.claim && now.getTime() - Date.parse(current.claim.at) < CLAIM_MS;
      if (current.redeemedBy !== null || claimed) {
        throw new ApiError('failed-precondition', SERVER_ERRORS.inviteOpened);
      }
      claimInvite(tx, inviteId, { id: claim, at: now.toISOString() });
    });
    const release = () =>
      deps.store.transaction(async (tx) => {
        if ((await readInviteByLink(tx, link))?.claim?.id === claim) {
          releaseInviteClaim(tx, inviteId);
        }
      });
    const uid = await provenAccount(deps, invite, addressee).catch(async (error: unknown) => {
      await release();
      throw error;
    });
    const account = { uid };

    const joined = await deps.store.transaction(async (tx) => {
      const [current, member, globalUser, organisation] = await Promise.all([
        readInviteByLink(tx, link),
        readTenantUser(tx, invite.tenantId, account.uid),
        readGlobalUser(tx, account.uid),
        readOrganisationProfile(tx, invite.tenantId),
      ]);
      assertOpen(current, now);
      if (current.redeemedBy !== null || current.claim?.id !== claim) {
        throw new ApiError('failed-precondition', SERVER_ERRORS.inviteOpened);
      }
      // A transaction that throws writes nothing, so the claim is released after it.
      if (globalUser?.tenants.some((tenant) => tenant !== invite.tenantId)) return 'elsewhere';
      // A team invite asks nothing more once accepted; a survey invite stays open for its journey.
      redeemInvite(tx, inviteId, account.uid, invite.kind === 'team');
      const createdAt = FieldValue.serverTimestamp();
      mergeGlobalUser(tx, account.uid, {
        email: invite.email,
        tenants: FieldValue.arrayUnion(invite.tenantId),
        ...(globalUser ? {} : { firstName: '', lastName: '', createdAt }),
        ...given,
        // Proven through the invite link only: the first e-mail sign-in after it ends this session.
        ...(globalUser?.addressProvenAt ? {} : { addressProvenAt: createdAt, addressProof: 'invite' }),
      });
      // Someone already in the team keeps their role: an invite never changes a member's.
      if (member && !member.invitePending) return false;
      replaceTenantUser(tx, invite.tenantId, account.uid, {
        email: invite.email,
        firstName: given?.firstName ?? globalUser?.firstName ?? '',
        lastName: given?.lastName ?? globalUser?.lastName ?? '',
        createdAt,
        tenantId: invite.tenantId,
        group: invite.role,
        organization: { name: organisation.name },
        role: invite.role,
        invitedBy: invite.createdBy,
      });
      recordAudit(tx, invite.tenantId, {
        actorUid: account.uid,
        kind: 'member.joined',
        subject: { type: 'member', id: account.uid },
        before: null,
        after: { role: invite.role },
      });
      return true;
    });
    if (joined === 'elsewhere') {
      await release();
      throw new ApiError('failed-precondition', SERVER_ERRORS.inviteIntoSecondOrganisation);
    }
    if (joined) await grantTenantClaims(deps.auth, account.uid, invite.tenantId, invite.role);
    return acceptance(deps, invite, account.uid);
  },
});
