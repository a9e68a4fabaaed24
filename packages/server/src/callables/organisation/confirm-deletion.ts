// organisation-confirmDeletion: the owner who asked, with the mailed link's token, closes the
// organisation (docs/behaviour.md, Deleting an organisation). First the plan is cancelled at the
// provider (outside the store: a failure there changes nothing else, and asking again retries);
// then in one transaction the members and invites go, the organisation leaves its toolkit's members,
// the tenant is marked deleted with its purge date and the trail records it; last every member's claims are cleared and their sessions ended.
// The router already refuses anyone without a tenant user, so access ends with the transaction.
import {
  ACCOUNT_DELETION_LINK_HOURS,
  API,
  ORGANISATION_PURGE_DAYS,
  SERVER_ERRORS,
  type ApiResponses,
} from '@toolkit/domain';
import { ApiError, notFound, permissionDenied } from '../../api/errors';
import { defineHandler } from '../../api/handler';
import type { AuthPort } from '../../auth/port';
import { tenantPlan } from '../../billing/tenant-plan';
import { recordAudit } from '../../repositories/audit';
import { INVITE_STATUS, withdrawInvite } from '../../repositories/invites';
import { paths } from '../../repositories/paths';
import {
  markOrganisationDeleted,
  readOrganisationDeletionRequest,
  readTenant,
} from '../../repositories/tenants';
import { removeToolkitMember } from '../../repositories/toolkit-members';
import { deleteTenantUser, leaveTenant, tenantUsersOf } from '../../repositories/users';
import { deletionTokenHash } from '../account/request-deletion';

const DAY = 24 * 60 * 60 * 1000;

/** The account no longer names the organisation in its claims, and must sign in again. */
async function closeSessions(auth: AuthPort, uid: string, tenantId: string): Promise<void> {
  const user = await auth.getUser(uid);
  if (!user) return;
  if (user.customClaims.tenantId === tenantId) {
    const { tenantId: _tenant, role: _role, permissions: _permissions, ...kept } = user.customClaims;
    await auth.setCustomUserClaims(uid, kept);
  }
  await auth.revokeRefreshTokens(uid);
}

export const confirmOrganisationDeletion = defineHandler(API.confirmOrganisationDeletion, {
  checkRevoked: true,
  async run({ token }, { caller, deps, now }): Promise<ApiResponses[typeof API.confirmOrganisationDeletion]> {
    const { tenantId } = caller;
    if (caller.role !== 'owner') throw permissionDenied(SERVER_ERRORS.organisationDeletionByOwnerOnly);
    const request = await readOrganisationDeletionRequest(deps.store, tenantId);
    if (request.tokenHash !== deletionTokenHash(token) || request.requestedBy !== caller.uid) {
      throw notFound(SERVER_ERRORS.organisationDeletionLinkNotValid);
    }
    if (!(now.getTime() < Date.parse(request.expiresAt ?? ''))) {
      throw new ApiError(
        'failed-precondition',
        SERVER_ERRORS.organisationDeletionLinkExpired(ACCOUNT_DELETION_LINK_HOURS),
      );
    }

    // Past due beyond its grace is Free here, yet still billed: every subscription of the customer ends.
    const plan = await tenantPlan(deps, tenantId);
    if (plan.customerId) await deps.billing.cancelSubscriptions(plan.customerId);

    const purgeAfter = new Date(now.getTime() + ORGANISATION_PURGE_DAYS * DAY).toISOString();
    const members = await deps.store.transaction(async (tx) => {
      const [users, invites, tenant] = await Promise.all([
        tx.query(paths.tenantUsers(tenantId)),
        tx.query(paths.invites(), { where: [['tenantId', '==', tenantId]] }),
        readTenant(tx, tenantId),
      ]);
      const people = tenantUsersOf(users);
      const globals = await tx.getAll(people.map((person) => paths.globalUser(person.uid)));
      for (const { id } of users) deleteTenantUser(tx, tenantId, id);
      globals.forEach(({ data }, index) => {
        if (data) leaveTenant(tx, people[index]!.uid, tenantId);
      });
      for (const { id, data } of invites) {
        if (data?.status === INVITE_STATUS.pending) withdrawInvite(tx, id, caller.uid);
      }
      // Its toolkit's publisher no longer lists it among the organisations that joined.
      if (tenant?.toolkit) removeToolkitMember(tx, tenant.toolkit, tenantId);
      markOrganisationDeleted(tx, tenantId, {
        at: now.toISOString(),
        by: caller.uid,
        purgeAfter,
        // Who the members were: the purge anonymises their results in other organisations' surveys.
        members: people.map(({ uid, email }) => ({ uid, email })),
      });
      recordAudit(tx, tenantId, {
        actorUid: caller.uid,
        kind: 'organisation.deleted',
        subject: { type: 'organisation', id: tenantId },
        before: { plan: plan.plan, members: people.length },
        after: { purgeAfter },
      });
      return people.map((person) => person.uid);
    });

    for (const uid of members) await closeSessions(deps.auth, uid, tenantId);
    return { status: 'deleted', purgeAfter };
  },
});
