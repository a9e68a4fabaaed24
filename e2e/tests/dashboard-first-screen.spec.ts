// What the dashboard's first screen after sign-in waits for: the profile, which the shell's theme
// and the home screen both need, is asked once; the other screens' code is not in its download
// but comes after it is shown.
import type { Request } from '@playwright/test';
import { AppPage } from '../support/app-page';
import { signInAsNewOwner } from '../support/auth';
import { E2E_PORTS, expect, test } from '../support/stack';

test("an owner's dashboard asks for the profile once and downloads the other screens' code after the first screen", async ({
  page,
}) => {
  const { firstName } = await signInAsNewOwner(page);
  const app = new AppPage(page);
  // When the greeting naming the person is first on the page (page time, as resource timings are).
  await page.addInitScript((name) => {
    const seen = () => [...document.querySelectorAll('h1')].some((h1) => h1.textContent?.includes(name));
    new MutationObserver((_changes, observer) => {
      if (!seen()) return;
      (window as { greetedAt?: number }).greetedAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, firstName);
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await page.reload();
  await app.expectScreen(new RegExp(`^Welcome( back)?, ${firstName}`), /\/dashboard$/);
  expect(
    requests
      .filter((request) => request.url().endsWith('/account-getProfile'))
      .map((request) => request.method()),
  ).toEqual(['POST']);

  await app.dashboardLink('Academy').click();
  await app.expectScreen('Academy', '/dashboard/academy');
  const scriptsAfterGreeting = await page.evaluate((port) => {
    const { greetedAt } = window as { greetedAt?: number };
    return performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).port === port && entry.name.endsWith('.js'))
      .filter((entry) => greetedAt !== undefined && entry.startTime > greetedAt).length;
  }, String(E2E_PORTS.dashboard));
  expect(scriptsAfterGreeting).toBeGreaterThan(0);
});
