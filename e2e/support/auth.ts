// Real accounts for specs: the sign-up and sign-in specs go through the product's own pages and the
// local inbox; the rest make accounts with e-mail sign-in links over the Auth emulator's API and
// open a browser session with such a link; members join by the invite mail's link, as an invitee does.
import { expect, type Page } from '@playwright/test';
import { authEmulatorClient, readLocalRuntimeConfig, signUpProven } from '@toolkit/dev-stack';
import { ADVANCED_ROLES, API, type ApiResponses, type Role } from '@toolkit/domain';
import { DASHBOARD_HOME } from './app-page';
import { linkIn, waitForMail } from './mail';
import { E2E_API_URL, E2E_PORTS, root } from './stack';

// The stack runs the Auth emulator for the project and key of the local configuration.
const { firebase } = readLocalRuntimeConfig(root);

let counter = 0;
export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;

/** What a new organisation's sign-up asks for. */
export interface SignupDetails {
  organisationName: string;
  firstName: string;
  lastName: string;
}

export const SIGNUP_DETAILS: SignupDetails = {
  organisationName: 'Seaview Tearooms',
  firstName: 'Ann',
  lastName: 'Baker',
};

/** Fills in the sign-up's questions about the new organisation, as the person does. */
export async function fillSignupDetails(page: Page, details: SignupDetails = SIGNUP_DETAILS) {
  await page.getByLabel('Organisation name').fill(details.organisationName);
  await page.getByLabel('First name').fill(details.firstName);
  await page.getByLabel('Last name').fill(details.lastName);
  await page.getByRole('button', { name: 'Finish sign-up' }).click();
}

/**
 * Asks for a sign-in link on a portal page and opens it from the inbox; lands on the dashboard, or
 * on `landing` (a sign-up through a toolkit whose survey needs an account goes on into that survey).
 * A first sign-in answers the sign-up's questions on the way with `details`.
 */
export async function signInThroughPortal(
  page: Page,
  email: string,
  portal = '/',
  details: SignupDetails = SIGNUP_DETAILS,
  landing = '**/dashboard',
) {
  const requestedAt = Date.now() - 1000;
  await page.goto(portal);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect(page.getByText(`we sent a sign-in link to ${email}`)).toBeVisible();
  const mail = await waitForMail(email, /sign in/i, { after: requestedAt });
  await page.goto(linkIn(mail, 'oobCode'));
  const askedDetails = page.getByRole('button', { name: 'Finish sign-up' });
  // Setting up the session and loading the dashboard can take a while on a busy machine.
  await expect(askedDetails.or(page.getByRole('heading', { level: 1, name: DASHBOARD_HOME }))).toBeVisible({
    timeout: 45_000,
  });
  if (await askedDetails.isVisible()) await fillSignupDetails(page, details);
  await page.waitForURL(landing);
}

export const emulator = authEmulatorClient({
  authUrl: `http://127.0.0.1:${E2E_PORTS.auth}`,
  apiKey: firebase.apiKey,
  projectId: firebase.projectId,
  continueUrl: `http://localhost:${E2E_PORTS.shell}/`,
});

export const identity = <T>(method: string, body: object): Promise<T> => emulator.identity<T>(method, body);

/** A callable as the app calls it; without `idToken`, as someone not signed in. */
export async function callApi<T>(name: string, data: unknown, idToken?: string): Promise<T> {
  const response = await fetch(`${E2E_API_URL}/${name}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(idToken === undefined ? {} : { Authorization: `Bearer ${idToken}` }),
    },
    body: JSON.stringify({ data }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (!response.ok || body.result === undefined) throw new Error(`${name}: ${body.error?.message}`);
  return body.result;
}

/**
 * An owner made through the API (not a browser), for specs about someone else in the tenant: signed
 * up with an e-mail sign-in link, as a person is, with the details sign-up asks for; `details: null`
 * makes an organisation as stored before sign-up asked for them (no names).
 */
export async function createOwner(
  email = uniqueEmail('owner'),
  details: SignupDetails | null = SIGNUP_DETAILS,
) {
  const { idToken, uid, tenantId } = await signUpProven(emulator, email, (first) =>
    callApi<ApiResponses[typeof API.completeSignup]>(
      API.completeSignup,
      { toolkit: 'quickscan', ...details },
      first,
    ),
  );
  return {
    email,
    uid,
    tenantId,
    /** The owner's API session, with the claims sign-up set. */
    idToken,
    /** Puts the tenant on Growth through the billing sandbox, as paying its checkout does. */
    async upgrade() {
      const { url } = await callApi<{ url: string }>(API.startCheckout, { planId: 'growth' }, idToken);
      const sessionId = url.split('/').pop();
      await callApi(API.finishSandboxCheckout, { sessionId, pay: true }, idToken);
    },
    /**
     * Invites `member` with `role` (a finer role needs a paid plan), and accepts through the link in
     * the invite mail, as the invitee does; answers the member's uid.
     */
    async addMember(member: string, role: Role) {
      if (ADVANCED_ROLES.includes(role)) await this.upgrade();
      const sentAfter = Date.now() - 1000;
      // A team invite: the member joins the organisation, with no survey to answer.
      await callApi(API.createInvite, { email: member, role }, idToken);
      const mail = await waitForMail(member, /invitation/i, { after: sentAfter });
      const link = new URL(linkIn(mail, 'inviteId=')).searchParams;
      const inviteId = link.get('inviteId');
      const key = link.get('key');
      if (!inviteId || !key) throw new Error(`The invite mail to ${member} names no invite or no key`);
      await callApi(API.verifyAndLoginWithInvite, { inviteId, key });
      const { users } = await callApi<ApiResponses[typeof API.listTenantUsers]>(
        API.listTenantUsers,
        {},
        idToken,
      );
      const joined = users.find((user) => user.email === member);
      if (!joined) throw new Error(`${member} did not join ${tenantId}`);
      if (joined.role !== role)
        throw new Error(`${member} joined ${tenantId} as ${joined.role}, not ${role}`);
      return joined.uid;
    },
  };
}

/**
 * Signs the page in as `email`, who has an account, by the product's own sign-in: an e-mail sign-in
 * link for the address, asked of the Auth emulator and opened at once, with the address confirmed on
 * the link's page as on another device. The portal's form and the inbox are the sign-up specs' to
 * test; the rest start here, seconds sooner. Lands on the dashboard.
 */
export async function openSession(page: Page, email: string) {
  await identity('sendOobCode', {
    requestType: 'EMAIL_SIGNIN',
    email,
    continueUrl: `http://localhost:${E2E_PORTS.shell}/complete-signup`,
    canHandleCodeInApp: true,
  });
  const response = await fetch(
    `http://127.0.0.1:${E2E_PORTS.auth}/emulator/v1/projects/${firebase.projectId}/oobCodes`,
  );
  const { oobCodes = [] } = (await response.json()) as {
    oobCodes?: { email: string; oobLink: string; requestType: string }[];
  };
  // Listed in the order they were sent: the newest is the one just asked for.
  const code = oobCodes
    .filter((listed) => listed.requestType === 'EMAIL_SIGNIN' && listed.email === email.toLowerCase())
    .pop();
  if (!code) throw new Error(`The Auth emulator listed no sign-in link for ${email}`);
  await page.goto(code.oobLink);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Finish signing in' }).click();
  await page.waitForURL('**/dashboard', { timeout: 45_000 });
}

/** A new business's owner (createOwner), with the page in their session on the dashboard. */
export async function signInAsNewOwner(page: Page, email = uniqueEmail('owner'), details = SIGNUP_DETAILS) {
  const owner = await createOwner(email, details);
  await openSession(page, email);
  return { ...owner, ...details };
}

/** Signs the page in as a member of a fresh tenant with the given role. */
export async function signInAs(page: Page, role: Role) {
  if (role === 'owner') return signInAsNewOwner(page);
  const owner = await createOwner();
  const email = uniqueEmail(role);
  await owner.addMember(email, role);
  await openSession(page, email);
  return { email, owner };
}
