// The page calls the callables on its own origin (`/api/<name>`, forwarded to the functions), so
// no call waits for a CORS preflight first: on a phone's network that is one round trip less before
// every answer, on the first screen and on every screen change.
import { AppPage } from '../support/app-page';
import { signInAsNewOwner } from '../support/auth';
import { E2E_APP_API_URL, E2E_PORTS, expect, test } from '../support/stack';

interface Sent {
  id: string;
  method: string;
  url: string;
}

test('a business owner’s first dashboard screen asks every callable on the app’s origin, with no preflight', async ({
  page,
}) => {
  await signInAsNewOwner(page);
  // Chromium tells of its preflights through the DevTools protocol only, not Playwright's events.
  const cdp = await page.context().newCDPSession(page);
  const sent: Sent[] = [];
  const statuses = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) =>
    sent.push({ id: requestId, method: request.method, url: request.url }),
  );
  cdp.on('Network.responseReceived', ({ requestId, response }) => statuses.set(requestId, response.status));
  await cdp.send('Network.enable');
  // As on a first visit: nothing from the sign-in's page load, not even a remembered preflight.
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

  await page.reload();
  await new AppPage(page).expectDashboardHome();
  await expect(page.getByRole('region', { name: 'Your next steps' }).getByRole('link').first()).toBeVisible();
  // Asked on the app's origin or at the functions' own address, preflights included.
  const callables = () =>
    sent.filter(
      ({ url }) => url.startsWith(`${E2E_APP_API_URL}/`) || new URL(url).port === String(E2E_PORTS.functions),
    );
  // The profile's live stream opens once the profile's first answer is in. As in production, it goes
  // to the functions' own address (a forwarded answer would be held back until it ends), with its
  // one preflight; every other call is on the app's origin.
  const stream = (url: string) => url.endsWith('/account-watchProfile');
  await expect.poll(() => callables().some(({ url }) => stream(url))).toBe(true);
  const calls = callables().filter(({ url }) => !stream(url));

  // Firebase Auth's and the CMS's requests still have theirs: those hosts are not the app's.
  expect(calls.filter(({ method }) => method === 'OPTIONS')).toEqual([]);
  const names = calls.map(({ url }) => url.slice(`${E2E_APP_API_URL}/`.length));
  expect(names).toEqual(expect.arrayContaining(['account-getProfile']));
  for (const { id, method, url } of calls) {
    expect(url.startsWith(`${E2E_APP_API_URL}/`), `${url} is on the app's origin`).toBe(true);
    expect(method).toBe('POST');
    await expect.poll(() => statuses.get(id), `${url} answered`).toBe(200);
  }
});
