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

/** The dashboard remote's files this device learned its mount needed beyond `named` (paths in its folder). */
async function learnedFiles(page: Page, named: string[]): Promise<string[]> {
  const kept = await page.evaluate(() => localStorage.getItem('toolkit:area-files:dashboard'));
  return (JSON.parse(kept ?? '[]') as string[])
    .map((file) => new URL(file).pathname.slice(1))
    .filter((file) => file !== 'remoteEntry.js' && !named.includes(file));
}

test.describe('a respondent', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a survey link starts the app from the shell’s entry and its two start-up chunks, not a file per package', async ({
    page,
  }) => {
    const scripts = recordScripts(page);
    await page.goto('/survey/demo-publisher/quickscan/section/1/slide/1');
    await new AppPage(page).expectScreen('Before you start');
    // What the page starts with, as index.html lists it for the early slide to start: the entry
    // (with React, the router, Redux, styled-components and our shared packages in it) and the
    // shell's start-up modules (early start and bootstrap) it preloads. Screens and the sign-in SDK
    // download later, when asked for.
    const html = await (await page.request.get('/survey/demo-publisher/quickscan/section/1/slide/1')).text();
    const template = /<template id="app-start">(.*?)<\/template>/s.exec(html)?.[1] ?? '';
    const shellStartup = new Set([...template.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, file]) => file));
    expect(shellStartup.size).toBe(3);
    const requested = scripts.filter(({ port }) => port === E2E_PORTS.shell).map(({ path }) => path);
    for (const file of shellStartup) expect(requested).toContain(file);
  });
});

test('an owner’s dashboard downloads the dashboard remote’s scripts, reads ahead the Plans area its menu leads to, and no other remote’s', async ({
  page,
}) => {
  await signInAs(page, 'owner');
  const scripts = recordScripts(page);
  await page.goto('/dashboard');
  await new AppPage(page).expectDashboardHome();
  const billingMount = () =>
    scripts.some(
      ({ port, path }) => port === E2E_PORTS.billing && path.includes('__federation_expose_mount'),
    );
  // Once the page is idle after the first screen.
  await expect.poll(billingMount).toBe(true);
  const before = scripts.length;
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Plans' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Plans/ })).toBeVisible();
  // Plans draws from the area read ahead, asking for none of its files again.
  expect(scripts.slice(before).filter(({ port }) => port === E2E_PORTS.billing)).toEqual([]);
  const ports = new Set(scripts.map(({ port }) => port));
  expect(ports).toContain(E2E_PORTS.dashboard);
  for (const other of [E2E_PORTS.survey, E2E_PORTS.journey]) expect(ports).not.toContain(other);
});

test.describe('without the offline worker', () => {
  // The worker serves the app's files it keeps from the device; holding the entry back must hold the app.
  test.use({ serviceWorkers: 'block' });

  test('an owner’s dashboard asks for its first reads, the catalogue, the shared reads and the dashboard’s code with the files it mounted with last time while the shell’s entry still downloads, each once, and not the sign-in SDK its session was kept without', async ({
    page,
  }) => {
    // Signing in draws the dashboard, whose first reads this device keeps for its next visit, and
    // the files the dashboard's remote mounted with beyond those its manifest names for it.
    await signInAs(page, 'owner');
    const manifest = (await (
      await page.request.get(`http://localhost:${E2E_PORTS.dashboard}/mf-manifest.json`)
    ).json()) as {
      exposes: { name: string; assets: { js: { sync: string[] } } }[];
    };
    const named = manifest.exposes.find((exposed) => exposed.name === 'mount')?.assets.js.sync ?? [];
    await expect.poll(() => learnedFiles(page, named)).not.toEqual([]);
    const learned = await learnedFiles(page, named);
    // A new tab, as a later visit is: the sign-in's own page may still be asking as it is left.
    const visit = await page.context().newPage();
    const asked: string[] = [];
    // What the early slide must start by itself, as port and path: the entry is held back until these
    // were asked (or for 10 s, too late), so nothing the entry starts can count.
    const early = [
      ...learned.map((file) => new RegExp(`^${E2E_PORTS.dashboard}/${file.replace(/\./g, '\\.')}$`)),
      new RegExp(`^${E2E_PORTS.shell}/shared-reads\\.[^/]*\\.js$`),
      new RegExp(`^${E2E_PORTS.dashboard}/remoteEntry\\.js$`),
      new RegExp(`^${E2E_PORTS.dashboard}/__federation_expose_mount\\.[^/]*\\.js$`),
      new RegExp(`^${E2E_PORTS.shell}/api/account-getProfile$`),
      new RegExp(`^${E2E_PORTS.shell}/api/milestones-list$`),
      new RegExp(`^${E2E_PORTS.content}/graphql$`),
    ];
    let allAsked = () => {};
    const askedEarly = new Promise<void>((resolve) => (allAsked = resolve));
    visit.on('request', (request) => {
      const url = new URL(request.url());
      asked.push(`${url.port}${url.pathname}`);
      if (early.every((file) => asked.some((entry) => file.test(entry)))) allAsked();
    });
    let beforeEntry: string[] | null = null;
    await visit.route(/\/main\.[^/]*\.js$/, async (route) => {
      await Promise.race([askedEarly, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      beforeEntry ??= [...asked];
      await route.fallback();
    });
    await visit.goto('/dashboard');
    await new AppPage(visit).expectDashboardHome();
    for (const file of early) expect(beforeEntry ?? []).toContainEqual(expect.stringMatching(file));
    expect(beforeEntry ?? []).not.toContainEqual(expect.stringMatching(/\/firebase-session\./));
    const count = (entry: string) => asked.filter((one) => one === entry).length;
    expect(count(`${E2E_PORTS.dashboard}/mf-manifest.json`)).toBe(1);
    for (const file of learned) expect(count(`${E2E_PORTS.dashboard}/${file}`)).toBe(1);
    expect(count(`${E2E_PORTS.shell}/api/milestones-list`)).toBe(1);
    expect(count(`${E2E_PORTS.shell}/api/account-getProfile`)).toBe(1);
  });

  test('an owner’s dashboard opened with the session kept on the device is drawn before the sign-in SDK downloads, which then opens', async ({
    page,
  }) => {
    await signInAs(page, 'owner');
    // A new tab, as a later visit is: the sign-in's own page may still be asking as it is left.
    const visit = await page.context().newPage();
    let homeShown = () => {};
    const shown = new Promise<void>((resolve) => (homeShown = resolve));
    const sdkAsked: string[] = [];
    // The SDK's chunk is held until the home is on screen: a home that needed it would never come.
    await visit.route(/\/firebase-session\.[^/]*\.js$/, async (route) => {
      sdkAsked.push(route.request().url());
      await Promise.race([shown, new Promise((resolve) => setTimeout(resolve, 30_000))]);
      await route.fallback();
    });
    const lookups: string[] = [];
    visit.on('request', (request) => {
      if (request.url().includes('accounts:lookup')) lookups.push(request.url());
    });
    await visit.goto('/dashboard');
    await new AppPage(visit).expectDashboardHome();
    expect(lookups).toEqual([]);
    homeShown();
    // Once the first screen's reads are in, the SDK opens and checks the user with the identity provider.
    await expect.poll(() => sdkAsked.length).toBeGreaterThan(0);
    await expect.poll(() => lookups.length).toBeGreaterThan(0);
    await expect(visit.getByRole('heading', { level: 1 })).toHaveText(/^Welcome/);
  });
});
