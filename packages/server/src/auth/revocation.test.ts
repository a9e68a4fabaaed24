// Revocation on the Auth emulator: removing a member ends their sessions, and a token issued before
// is refused at once by the callables that change roles, billing or membership, while onCall's own
// check (signature and expiry, which the router's callAs stands behind) still takes it elsewhere.
import { API, SERVER_ERRORS, type ApiName } from '@toolkit/domain';
import type { CallOutcome } from '../api/router';
import { allCallables } from '../callables';
import { startTestEnv, type TestAccount, type TestEnv } from '../testing';
import { verifiedTokenOf, type VerifiedToken } from './port';

const TENANT = 'acme';
let env: TestEnv;

beforeAll(async () => {
  env = await startTestEnv({});
}, 60_000);

afterAll(() => env?.stop(), 30_000);

/** The token as onCall hands it to the router once it has checked signature and expiry. */
const held = async (account: TestAccount) => verifiedTokenOf(await env.admin.verifyIdToken(account.token));

/** Revocation is kept to the second: what revokes must fall in a later second than the sign-in. */
async function pastSignInSecond(token: VerifiedToken) {
  const wait = ((token.claims.auth_time as number) + 1) * 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

const errorOf = (outcome: CallOutcome) =>
  'error' in outcome ? { code: outcome.error.code, message: outcome.error.message } : outcome;
const ended = { code: 'unauthenticated', message: SERVER_ERRORS.sessionEnded };

describe('a removed member', () => {
  it('is refused at once where roles, billing or membership change, and not by the plain check', async () => {
    const owner = await env.member(TENANT, 'owner');
    const admin = await env.member(TENANT, 'admin');
    const token = await held(admin);
    // Before the removal the same callable takes the same token: only the revocation differs below.
    expect(await env.router.callAs(API.requestAccountDeletion, null, token)).toMatchObject({
      result: { status: 'sent' },
    });
    await pastSignInSecond(token);

    // The owner's session stands: removing is itself such a callable.
    const removed = await env.call(API.removeUserRole, { uid: admin.uid, tenantId: TENANT }, owner.token);
    expect(removed.status).toBe(200);

    // A member (user) may still ask to delete their account: the refusal is the session's, not the role's.
    expect(errorOf(await env.router.callAs(API.requestAccountDeletion, null, token))).toEqual(ended);
    expect(
      errorOf(
        await env.router.callAs(API.setUserRole, { uid: owner.uid, tenantId: TENANT, role: 'admin' }, token),
      ),
    ).toEqual(ended);
    // A callable without the flag keeps onCall's cheaper check, which the token still passes.
    expect(await env.router.callAs(API.getProfile, null, token)).toMatchObject({
      result: { profile: { email: admin.email, role: 'user' } },
    });

    // Signing in again gives a session that stands, as the member (user) they still are.
    const fresh = await env.signIn(admin);
    expect((await env.call(API.requestAccountDeletion, null, fresh)).body).toMatchObject({
      result: { status: 'sent' },
    });
    expect(
      errorOf(
        await env.router.callAs(
          API.setUserRole,
          { uid: owner.uid, tenantId: TENANT, role: 'admin' },
          await held({ ...admin, token: fresh }),
        ),
      ),
    ).toEqual({
      code: 'permission-denied',
      message: SERVER_ERRORS.assignRolesRequired,
    });
  });
});

describe('an account deleted or disabled since the token was issued', () => {
  it.each([
    ['deleted', (uid: string) => env.admin.deleteUser(uid)],
    ['disabled', (uid: string) => env.admin.updateUser(uid, { disabled: true }).then(() => undefined)],
  ])('is refused where membership changes when %s', async (_, end) => {
    const member = await env.member(TENANT, 'viewer');
    const token = await held(member);
    await end(member.uid);
    expect(errorOf(await env.router.callAs(API.requestAccountDeletion, null, token))).toEqual(ended);
    expect(await env.router.callAs(API.getProfile, null, token)).toMatchObject({ result: {} });
  });

  it('is refused when the token carries no sign-in time to compare', async () => {
    const member = await env.member(TENANT, 'viewer');
    const { auth_time: _dropped, ...claims } = (await held(member)).claims;
    const token = { ...(await held(member)), claims };
    expect(errorOf(await env.router.callAs(API.requestAccountDeletion, null, token))).toEqual(ended);
  });
});

/** Callables that change roles, billing or membership: each checks revocation. */
const CHECKS_REVOKED: readonly ApiName[] = [
  API.setUserRole,
  API.removeUserRole,
  API.createInvite,
  API.resendInvite,
  API.withdrawInvite,
  API.offerOwnership,
  API.acceptOwnership,
  API.declineOwnership,
  API.cancelOwnershipOffer,
  API.startCheckout,
  API.confirmCheckout,
  API.changePlan,
  API.cancelSubscription,
  API.openBillingPortal,
  API.finishSandboxCheckout,
  API.replaceSandboxCard,
  // Sign-up makes the caller an organisation's owner.
  API.completeSignup,
  API.requestAccountDeletion,
  API.confirmAccountDeletion,
  API.requestOrganisationDeletion,
  API.confirmOrganisationDeletion,
];

/** The rest of the groups that manage people, plans and accounts: the plain check is enough. */
const PLAIN: readonly ApiName[] = [
  API.getUserRole,
  API.getAvailableRoles,
  API.findUsersByEmail,
  API.listTenantUsers,
  API.describeInvite,
  // Public, and reads no session: the open invite's id decides.
  API.declineInvite,
  // Public: the invite decides whose account joins, and an addressee's own session is optional.
  API.verifyAndLoginWithInvite,
  API.saveInviteAnswer,
  API.submitInvite,
  API.getOwnershipOffer,
  API.previewPlanChange,
  API.listPlanPrices,
  API.listInvoices,
  API.getSandboxCheckout,
  API.getSandboxPortal,
  API.getSandboxInvoice,
  API.getSubscriptionDetails,
  API.getCustomerEntitlements,
  API.getProfile,
  API.watchProfile,
  API.updateNames,
  API.exportMyData,
  API.saveOrganisation,
  API.getQuickscanDetails,
];

const GOVERNING_GROUPS = [
  'admin',
  'users',
  'invites',
  'journey',
  'ownership',
  'billing',
  'subscription',
  'entitlements',
  'account',
  'organisation',
];

describe('the revocation flag', () => {
  it('is declared by exactly the callables that change roles, billing or membership', () => {
    const flagged = allCallables.filter((handler) => handler.checkRevoked).map((handler) => handler.name);
    expect([...flagged].sort()).toEqual([...CHECKS_REVOKED].sort());
  });

  it('is decided for every callable of the groups that manage people, plans and accounts', () => {
    const undecided = allCallables
      .map((handler) => handler.name)
      .filter((name) => GOVERNING_GROUPS.includes(name.split('-')[0]!))
      .filter((name) => !CHECKS_REVOKED.includes(name) && !PLAIN.includes(name));
    expect(undecided).toEqual([]);
  });
});
