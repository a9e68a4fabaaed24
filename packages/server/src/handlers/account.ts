// Account callables: sign-up through a toolkit portal (SPEC §6), the profile, names (SPEC §5) and
// the organisation (SPEC §7 "Saving the organisation sets the milestone update-organisation").
import { API, MILESTONE_KEYS, type ApiResponses } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { defineHandler } from '../api/handler';
import { permissionDenied } from '../api/errors';
import { grantTenantClaims } from '../auth/port';
import { milestoneWrite } from '../repositories/milestones';
import { paths } from '../repositories/paths';
import { getTenant } from '../repositories/tenants';
import { getTenantUser, tenantsOf } from '../repositories/users';
import { FieldValue } from '../store/port';

export const completeSignup = defineHandler({
  name: API.completeSignup,
  access: 'account',
  input: REQUESTS[API.completeSignup],
  async run(input, { caller, deps }): Promise<ApiResponses[typeof API.completeSignup]> {
    if (caller.tenantId) return { status: 'ok', tenantId: caller.tenantId, created: false };
    const email = (caller.email ?? '').toLowerCase();
    const firstName = input.firstName ?? '';
    const lastName = input.lastName ?? '';
    const organisationName = input.organisationName ?? '';
    const outcome = await deps.store.transaction(async (tx) => {
      // Read inside the transaction: two concurrent sign-ups of one user create one tenant.
      const globalUser = await tx.get(paths.globalUser(caller.uid));
      const [known] = tenantsOf(globalUser.data);
      if (known) return { tenantId: known, created: false };
      const tenantId = deps.store.newId();
      const createdAt = FieldValue.serverTimestamp();
      tx.create(paths.tenant(tenantId), {
        createdBy: caller.uid,
        getStarted: true,
        toolkit: input.toolkit,
        createdAt,
        name: organisationName,
      });
      tx.set(
        paths.globalUser(caller.uid),
        { email, firstName, lastName, createdAt, tenants: [tenantId] },
        { merge: true },
      );
      tx.create(paths.tenantUser(tenantId, caller.uid), {
        email,
        firstName,
        lastName,
        createdAt,
        tenantId,
        group: 'owner',
        organization: { name: organisationName },
        role: 'owner',
      });
      tx.set(paths.organisation(tenantId), { name: organisationName, createdAt });
      const signUp = milestoneWrite(tenantId, caller.uid, 'sign-up', true, caller.uid);
      tx.set(signUp.path, signUp.data, { merge: true });
      return { tenantId, created: true };
    });
    // Also for an existing tenant: an earlier attempt may have failed after the documents were written.
    const role = outcome.created
      ? 'owner'
      : ((await getTenantUser(deps.store, outcome.tenantId, caller.uid))?.role ?? 'user');
    await grantTenantClaims(deps.auth, caller.uid, outcome.tenantId, role);
    return { status: 'ok', ...outcome };
  },
});

export const getProfile = defineHandler({
  name: API.getProfile,
  access: 'member',
  input: REQUESTS[API.getProfile],
  async run(_input, { caller, deps }): Promise<ApiResponses[typeof API.getProfile]> {
    const [profile, tenant] = await Promise.all([
      getTenantUser(deps.store, caller.tenantId, caller.uid),
      getTenant(deps.store, caller.tenantId),
    ]);
    return {
      status: 'ok',
      profile,
      tenant: tenant && { id: tenant.id, createdBy: tenant.createdBy, getStarted: tenant.getStarted },
    };
  },
});

export const updateNames = defineHandler({
  name: API.updateNames,
  access: 'member',
  input: REQUESTS[API.updateNames],
  async run({ firstName, lastName }, { caller, deps }): Promise<ApiResponses[typeof API.updateNames]> {
    if (firstName === undefined || lastName === undefined) return { status: 'skipped' };
    await deps.store.transaction(async (tx) => {
      tx.set(paths.tenantUser(caller.tenantId, caller.uid), { firstName, lastName }, { merge: true });
      tx.set(paths.globalUser(caller.uid), { firstName, lastName }, { merge: true });
    });
    return { status: 'ok' };
  },
});

export const saveOrganisation = defineHandler({
  name: API.saveOrganisation,
  access: 'member',
  input: REQUESTS[API.saveOrganisation],
  async run(input, { caller, deps }): Promise<ApiResponses[typeof API.saveOrganisation]> {
    if (!caller.permissions.manageSettings) {
      throw permissionDenied("Only owners and admins can change the organisation's details.");
    }
    const organisation = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    await deps.store.transaction(async (tx) => {
      tx.set(paths.organisation(caller.tenantId), organisation, { merge: true });
      tx.set(paths.tenantUser(caller.tenantId, caller.uid), { organization: organisation }, { merge: true });
      const milestone = milestoneWrite(
        caller.tenantId,
        caller.uid,
        MILESTONE_KEYS.updateOrganisation,
        true,
        caller.uid,
      );
      tx.set(milestone.path, milestone.data, { merge: true });
    });
    return { status: 'ok' };
  },
});

export const accountHandlers = [completeSignup, getProfile, updateNames, saveOrganisation];
