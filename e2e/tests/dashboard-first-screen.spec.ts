// What the dashboard's first screen after sign-in waits for: the profile, which the shell's theme
// and the home screen both need, is asked once; the other screens' code is not in its download
// but comes when one is opened.
import type { Request } from '@playwright/test';
import { AppPage } from '../support/app-page';
import { signInAsNewOwner } from '../support/auth';
import { E2E_PORTS, expect, test } from '../support/stack';

test("an owner's dashboard asks for the profile once and downloads a screen's code only when it opens", async ({
  page,
}) => {
  const { firstName } = await signInAsNewOwner(page);
  const app = new AppPage(page);
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await page.reload();
  await app.expectScreen(new RegExp(`^Welcome( back)?, ${firstName}`), /\/dashboard$/);
  await expect(app.dashboardLink('Academy')).toBeVisible();
  expect(
    requests
      .filter((request) => request.url().endsWith('/account-getProfile'))
      .map((request) => request.method()),
  ).toEqual(['POST']);

  const dashboardScripts = () =>
    requests.filter((request) => new URL(request.url()).port === String(E2E_PORTS.dashboard)).length;
  const before = dashboardScripts();
  await app.dashboardLink('Academy').click();
  await app.expectScreen('Academy', '/dashboard/academy');
  expect(dashboardScripts()).toBeGreaterThan(before);
});
