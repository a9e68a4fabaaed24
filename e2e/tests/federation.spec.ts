import { AppPage } from '../support/app-page';
import { signInAs } from '../support/auth';
import { E2E_PORTS, expect, test } from '../support/stack';

const remotePort = (url: string) => Number(new URL(url).port);

test('a respondent on /survey downloads the shell and the survey remote only', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto('/survey/demo-publisher/quickscan/section/1/slide/1');
  // Section 1's first slide is the information text before the questions.
  await new AppPage(page).expectScreen('Before you start');
  const ports = new Set(requested.filter((url) => url.startsWith('http')).map(remotePort));
  expect(ports).toContain(E2E_PORTS.survey);
  for (const other of [E2E_PORTS.dashboard, E2E_PORTS.journey, E2E_PORTS.billing])
    expect(ports).not.toContain(other);
});

test('the shell preloads the chunks a survey link starts with, and each of them is used', async ({
  page,
}) => {
  await page.goto('/survey/demo-publisher/quickscan/section/1/slide/1');
  await new AppPage(page).expectScreen('Before you start');
  const { preloaded, installed } = await page.evaluate(() => ({
    preloaded: [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')].map(
      (link) => new URL(link.href).pathname,
    ),
    // webpack records every chunk it has run in this array, by chunk id.
    installed: (
      (window as unknown as { webpackChunkshell?: [(string | number)[]][] }).webpackChunkshell ?? []
    ).flatMap(([ids]) => ids.map(String)),
  }));
  // The shared packages are in the entry itself: what is preloaded is the shell's own start-up code.
  expect(preloaded.length).toBeGreaterThan(0);
  for (const path of preloaded) {
    const id = /^\/([^.]+)\./.exec(path)?.[1];
    expect(installed, `${path} is preloaded but never run`).toContain(id);
  }
});

test('React is loaded once per page, whatever remotes are mounted', async ({ page }) => {
  await signInAs(page, 'owner');
  await page.goto('/dashboard/plans');
  await new AppPage(page).expectScreen('Plans');
  await page.goto('/step1');
  await new AppPage(page).expectScreen('Journey stage 1');
  // The federation runtime records every provider of a shared module and which one was loaded.
  const loaded = await page.evaluate(() => {
    const share = (
      window as unknown as {
        __FEDERATION__: {
          __SHARE__: Record<
            string,
            Record<string, Record<string, Record<string, { loaded?: boolean; from: string }>>>
          >;
        };
      }
    ).__FEDERATION__.__SHARE__;
    const out: Record<string, string[]> = {};
    for (const scopes of Object.values(share)) {
      for (const [name, versions] of Object.entries(scopes.default ?? {})) {
        for (const [version, entry] of Object.entries(versions)) {
          const provider = `${entry.from}@${version}`;
          if (entry.loaded && !(out[name] ??= []).includes(provider)) out[name].push(provider);
        }
      }
    }
    return out;
  });
  for (const name of ['react', 'react-dom', 'react-redux', 'styled-components', '@toolkit/store-contract']) {
    expect(loaded[name], name).toHaveLength(1);
    expect(loaded[name]?.[0], name).toMatch(/^shell@/);
  }
});

test('with the billing remote down, the dashboard works and plans shows a retry boundary', async ({
  page,
  stack,
}) => {
  const app = new AppPage(page);
  await signInAs(page, 'owner');
  await stack.stopRemote('billing');
  try {
    await page.goto('/dashboard');
    await app.expectDashboardHome();
    await page.goto('/dashboard/plans');
    await expect(page.getByRole('alert')).toContainText('could not be loaded');
    await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('alert')).toContainText('could not be loaded');
  } finally {
    await stack.startRemote('billing');
  }
  await page.getByRole('button', { name: 'Try again' }).click();
  await app.expectScreen('Plans', '/dashboard/plans');
});

test('runtime configuration, not the build, says where each remote lives', async ({ page, stack }) => {
  const config = await (await page.request.get('/runtime-config.json')).json();
  expect(config.remotes.billing).toBe(stack.urls.remotes.billing);
  expect(config.remotes.billing).toContain(`:${E2E_PORTS.billing}/mf-manifest.json`);
});
