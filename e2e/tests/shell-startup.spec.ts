import type { Page } from '@playwright/test';
import { AppPage } from '../support/app-page';
import { signInAs } from '../support/auth';
import { E2E_PORTS, expect, test } from '../support/stack';

/** The scripts the page asks for from then on, by port and path. */
function recordScripts(page: Page) {
  const scripts: { port: number; path: string }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script') scripts.push({ port: Number(url.port), path: url.pathname });
  });
  return scripts;
}

test.describe('a respondent', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a survey link starts the app from the shell’s entry and its two start-up chunks, not a file per package', async ({
    page,
  }) => {
    const scripts = recordScripts(page);
    await page.goto('/survey/demo-publisher/quickscan/section/1/slide/1');
    await new AppPage(page).expectScreen('Before you start');
    // What the page starts with: the entry (with React, the router, Redux, styled-components and our
    // shared packages in it) and the shell's start-up modules (early start and bootstrap) it preloads.
    // Screens and the sign-in SDK download later, when asked for.
    const startup = await page.evaluate(() => [
      ...[...document.querySelectorAll<HTMLScriptElement>('head script[src]')].map((script) => script.src),
      ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')].map(
        (link) => link.href,
      ),
    ]);
    const shellStartup = new Set(
      startup
        .map((url) => new URL(url))
        .filter((url) => url.port === String(E2E_PORTS.shell))
        .map((url) => url.pathname),
    );
    expect(shellStartup.size).toBe(3);
    const requested = scripts.filter(({ port }) => port === E2E_PORTS.shell).map(({ path }) => path);
    for (const file of shellStartup) expect(requested).toContain(file);
  });
});

test('an owner’s dashboard downloads the dashboard remote’s scripts and no other remote’s', async ({
  page,
}) => {
  await signInAs(page, 'owner');
  const scripts = recordScripts(page);
  await page.goto('/dashboard');
  await new AppPage(page).expectDashboardHome();
  const ports = new Set(scripts.map(({ port }) => port));
  expect(ports).toContain(E2E_PORTS.dashboard);
  for (const other of [E2E_PORTS.survey, E2E_PORTS.journey, E2E_PORTS.billing])
    expect(ports).not.toContain(other);
});
