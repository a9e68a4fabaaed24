// account-completeSignup: sign-up through a toolkit portal makes the user owner of a new tenant,
// a member organisation of that toolkit, or answers the tenant they already belong to.
import { API, MILESTONE_OF_ACTION, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { recordAddressProof } from '../../auth/address-proof';
import { EMAIL_SIGN_IN_CLAIM, signedInByEmail } from '../../auth/email-sign-in';
import { grantTenantClaims } from '../../auth/port';
import { recordMilestone } from '../../repositories/milestones';
import { waitingClaims } from '../../repositories/result-claims';
import { createOrganisationProfile, createTenant } from '../../repositories/tenants';
import { addToolkitMember } from '../../repositories/toolkit-members';
import { createTenantUser, mergeGlobalUser, readGlobalUser, readTenantUser } from '../../repositories/users';
import { FieldValue } from '../../store/port';
import { verifiedEmailOf } from '../access';

export const completeSignup = defineHandler(API.completeSignup, {
  checkRevoked: true,
  async run(input, { caller, deps, now }): Promise<ApiResponses[typeof API.completeSignup]> {
    const email = verifiedEmailOf(caller);
    const byEmail = signedInByEmail(caller);
    // This browser proved the address; every session from before (a password's included) has ended.
    // The new session keeps its word that it came from the inbox, which an invite's session lacks.
    const sessionToken = (await recordAddressProof(deps, caller))
      ? await deps.auth.createCustomToken(caller.uid, byEmail ? { [EMAIL_SIGN_IN_CLAIM]: true } : undefined)
      : undefined;
    const renewed = sessionToken ? { sessionToken } : {};
    // Results asked to be saved under this address wait for its owner to confirm them; signing in
    // never takes them, or anyone could put a result in another's organisation by naming their address.
    const pendingClaims = byEmail ? (await waitingClaims(deps.store, email, now)).length : 0;
    if (caller.tenantId) {
      return { status: 'ok', tenantId: caller.tenantId, created: false, ...renewed, pendingClaims };
    }
    const firstName = input.firstName ?? '';
    const lastName = input.lastName ?? '';
    const organisationName = input.organisationName ?? '';
    const outcome = await deps.store.transaction(async (tx) => {
      // Read inside the transaction: two concurrent sign-ups of one user create one tenant.
      const [known] = (await readGlobalUser(tx, caller.uid))?.tenants ?? [];
      if (known) return { tenantId: known, created: false };
      const tenantId = deps.store.newId();
      const createdAt = FieldValue.serverTimestamp();
      createTenant(tx, tenantId, {
        createdBy: caller.uid,
        toolkit: input.toolkit,
        createdAt,
        name: organisationName,
      });
      mergeGlobalUser(tx, caller.uid, { email, firstName, lastName, createdAt, tenants: [tenantId] });
      createTenantUser(tx, tenantId, caller.uid, {
        email,
        firstName,
        lastName,
        createdAt,
        tenantId,
        group: 'owner',
        organization: { name: organisationName },
        role: 'owner',
      });
      createOrganisationProfile(tx, tenantId, { name: organisationName, createdAt });
      // The publisher of the toolkit sees who joined through its portal.
      addToolkitMember(tx, input.toolkit, { tenantId, organisationName, joinedAt: createdAt });
      recordMilestone(tx, tenantId, MILESTONE_OF_ACTION.signUp, caller.uid);
      return { tenantId, created: true };
    });
    // Also for an existing tenant: an earlier attempt may have failed after the documents were written.
    const role = outcome.created
      ? 'owner'
      : ((await readTenantUser(deps.store, outcome.tenantId, caller.uid))?.role ?? 'user');
    await grantTenantClaims(deps.auth, caller.uid, outcome.tenantId, role);
    return { status: 'ok', ...outcome, ...renewed, pendingClaims };
  },
});
