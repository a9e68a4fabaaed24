// Real accounts for specs: sign-up and sign-in go through the product's own pages and the local
// inbox; roles are granted through the admin callables, as an owner would.
import { expect, type Page } from '@playwright/test';
import { ADVANCED_ROLES, API, type Role } from '@toolkit/domain';
import { linkIn, waitForMail } from './mail';
import { E2E_API_URL, E2E_PORTS } from './stack';

const IDENTITY = `http://127.0.0.1:${E2E_PORTS.auth}/identitytoolkit.googleapis.com/v1`;
const API_KEY = 'demo-api-key';

let counter = 0;
export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;

/** Asks for a sign-in link on a portal page and opens it from the inbox; lands on the dashboard. */
export async function signInThroughPortal(page: Page, email: string, portal = '/') {
  const requestedAt = Date.now() - 1000;
  await page.goto(portal);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect(page.getByText(`we sent a sign-in link to ${email}`)).toBeVisible();
  const mail = await waitForMail(email, /sign in/i, { after: requestedAt });
  await page.goto(linkIn(mail, 'oobCode'));
  await page.waitForURL('**/dashboard');
}

/** A new business signs up through the Quickscan toolkit portal and becomes owner of a new tenant. */
export async function signUpAsOwner(page: Page, email = uniqueEmail('owner')) {
  await signInThroughPortal(page, email, '/flow/quickscan');
  return { email };
}

export async function identity<T>(method: string, body: object): Promise<T> {
  const response = await fetch(`${IDENTITY}/accounts:${method}?key=${API_KEY}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`Auth emulator ${method}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function callApi<T>(name: string, data: unknown, idToken: string): Promise<T> {
  const response = await fetch(`${E2E_API_URL}/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ data }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (!response.ok || body.result === undefined) throw new Error(`${name}: ${body.error?.message}`);
  return body.result;
}

/** An owner made through the API (not a browser), for specs about someone else in the tenant. */
export async function createOwner(email = uniqueEmail('owner')) {
  const password = `pw-${Date.now()}`;
  await identity('signUp', { email, password });
  const first = await identity<{ idToken: string }>('signInWithPassword', { email, password });
  const { tenantId } = await callApi<{ tenantId: string }>(
    API.completeSignup,
    { toolkit: 'quickscan' },
    first.idToken,
  );
  // A fresh token carries the owner claims set by sign-up.
  const { idToken } = await identity<{ idToken: string }>('signInWithPassword', { email, password });
  return {
    email,
    tenantId,
    /** Puts the tenant on Growth through the billing sandbox, as paying its checkout does. */
    async upgrade() {
      const { url } = await callApi<{ url: string }>(API.startCheckout, { planId: 'growth' }, idToken);
      const sessionId = url.split('/').pop();
      await callApi(API.finishSandboxCheckout, { sessionId, pay: true }, idToken);
    },
    /** Invites `member` to the tenant and gives them `role` (a finer role needs a paid plan). */
    async addMember(member: string, role: Role) {
      if (ADVANCED_ROLES.includes(role)) await this.upgrade();
      await callApi(API.createInvite, { email: member, surveyId: 'supplier-assessment' }, idToken);
      const { users } = await callApi<{ users: { uid: string; email: string }[] }>(
        API.listTenantUsers,
        {},
        idToken,
      );
      const uid = users.find((user) => user.email === member)?.uid;
      if (!uid) throw new Error(`${member} did not join ${tenantId}`);
      if (role !== 'user') await callApi(API.setUserRole, { uid, tenantId, role }, idToken);
      return uid;
    },
  };
}

/** Signs the page in as a member of a fresh tenant with the given role. */
export async function signInAs(page: Page, role: Role) {
  if (role === 'owner') return signUpAsOwner(page);
  const owner = await createOwner();
  const email = uniqueEmail(role);
  await owner.addMember(email, role);
  await signInThroughPortal(page, email);
  return { email, owner };
}
