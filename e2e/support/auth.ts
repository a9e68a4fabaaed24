import type { Page } from '@playwright/test';
import { E2E_PORTS } from './stack';

const EMULATOR = `http://127.0.0.1:${E2E_PORTS.auth}`;
const PROJECT = 'demo-toolkit';
const API_KEY = 'demo-api-key';

async function emulatorCall<T>(pathname: string, body: unknown): Promise<T> {
  const response = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/${pathname}?key=${API_KEY}`, {
    method: 'POST',
    // "Bearer owner" is the emulator's admin credential, standing in for the Admin SDK.
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Auth emulator ${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

let counter = 0;
export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;

/**
 * Creates a user with the given custom claims at the identity provider (as the admin callables
 * will), then signs in through the product's own e-mail-link page.
 */
export async function signInWithClaims(
  page: Page,
  claims: Record<string, unknown>,
  email = uniqueEmail('user'),
) {
  const { localId } = await emulatorCall<{ localId: string }>(`projects/${PROJECT}/accounts`, {
    email,
    password: `pw-${Date.now()}`,
  });
  await emulatorCall(`projects/${PROJECT}/accounts:update`, {
    localId,
    customAttributes: JSON.stringify(claims),
  });
  await page.goto('/');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await page.getByText(`we sent a sign-in link to ${email}`).waitFor();
  const { oobCodes } = (await (
    await fetch(`${EMULATOR}/emulator/v1/projects/${PROJECT}/oobCodes`)
  ).json()) as {
    oobCodes: { email: string; oobLink: string; requestType: string }[];
  };
  const link = oobCodes.filter((code) => code.email === email && code.requestType === 'EMAIL_SIGNIN').pop();
  if (!link) throw new Error(`No sign-in link was issued for ${email}`);
  await page.goto(link.oobLink);
  await page.waitForURL('**/dashboard');
  return { uid: localId, email };
}
