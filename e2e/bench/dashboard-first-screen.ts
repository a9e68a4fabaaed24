// The dashboard's first screen after sign-in, measured beside the survey's first question so that
// later work on the dashboard cannot quietly grow it: an owner of a new business (made as the e2e
// suite makes one, e2e/support/auth.ts: proven by an e-mail link, then signed in through the
// portal's form and the link in the inbox) opens /dashboard cold on the same phone and networks.
// Shown: its heading ("Welcome…", "Welcome back…" after a first visit) has a size. Usable: its first content is there and answers
// a tap: the greeting names the person (their profile arrived), nothing in the page is loading
// (no spinner, nothing busy or inert), and the first link of its content can be followed.
import { authEmulatorClient, signUpProven } from '@toolkit/dev-stack';
import { API, type ApiResponses } from '@toolkit/domain';
import { askPage, NETWORK_PROFILES, phonePage, type CdpBrowser, type CdpPage } from './cdp-browser';

export type Stack = Awaited<ReturnType<typeof import('@toolkit/dev-stack').startStack>>;

export const FIRST_NAME = 'Ann';
const DETAILS = { organisationName: 'Seaview Tearooms', firstName: FIRST_NAME, lastName: 'Baker' };

/** The page's record of both moments (plain JavaScript, run from the document's start). */
const watchFirstScreen = `(() => {
  const sized = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const heading = () => [...document.querySelectorAll('h1')].find((h1) => /^Welcome( back)?(,|$)/.test(h1.textContent.trim()) && sized(h1));
  let shown;
  let waiting = false;
  const atFrame = () => {
    waiting = false;
    const h1 = heading();
    if (!h1) return;
    const ms = performance.now();
    shown ??= ms;
    const main = h1.closest('main') ?? document.body;
    const loading = main.querySelector('[role=status] svg, [aria-busy=true], [inert]') ||
      [...main.querySelectorAll('[role=status]')].some((status) => /loading/i.test(status.textContent));
    const link = [...main.querySelectorAll('a[href]')].find(sized);
    if (!h1.textContent.includes(${JSON.stringify(FIRST_NAME)}) || loading || !link || h1.closest('[inert]')) return;
    observer.disconnect();
    window.__benchFirstScreen = JSON.stringify({ origin: performance.timeOrigin, shownMs: shown, usableMs: ms });
  };
  const observer = new MutationObserver(() => {
    if (waiting) return;
    waiting = true;
    requestAnimationFrame(atFrame);
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
})()`;

export async function callApi<T>(stack: Stack, name: string, data: unknown, idToken: string): Promise<T> {
  const response = await fetch(`${stack.urls.api}/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ data }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (!response.ok || body.result === undefined) throw new Error(`${name}: ${body.error?.message}`);
  return body.result;
}

/** The newest link containing `oobCode` in a sign-in mail to `email` sent after `after`, from the local inbox. */
async function signInLink(stack: Stack, email: string, after: number): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(`${stack.urls.mail}/email`)).json()) as {
      subject: string;
      html: string;
      time: string;
      to: { address: string }[];
    }[];
    const mail = mails
      .filter((m) => m.to.some((to) => to.address.toLowerCase() === email) && /sign in/i.test(m.subject))
      .filter((m) => Date.parse(m.time) >= after)
      .pop();
    const link = [...(mail?.html.matchAll(/href="([^"]+)"/g) ?? [])]
      .map(([, href]) => (href ?? '').replace(/&amp;/g, '&'))
      .find((href) => href.includes('oobCode'));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No sign-in mail to ${email} arrived within 30 s`);
}

const evaluate = (page: CdpPage, expression: string) =>
  page.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });

/** Signs `email` in within `context` as a person does: the portal's form, then the mail's link. */
export async function signInThroughPortal(browser: CdpBrowser, context: string, stack: Stack, email: string) {
  const page = await browser.newPage(context);
  try {
    await page.send('Page.enable');
    await page.send('Page.navigate', { url: stack.urls.app });
    await askPage(page, `document.querySelector('input[type=email]') ? '""' : null`, 'The portal');
    const requestedAt = Date.now() - 1000;
    await evaluate(page, `document.querySelector('input[type=email]').focus()`);
    await page.send('Input.insertText', { text: email });
    await evaluate(
      page,
      `[...document.querySelectorAll('button')].find((b) => b.textContent.includes('E-mail me a sign-in link')).click()`,
    );
    await page.send('Page.navigate', { url: await signInLink(stack, email, requestedAt) });
    await askPage(
      page,
      `[...document.querySelectorAll('h1')].some((h1) => /^Welcome( back)?(,|$)/.test(h1.textContent.trim())) ? '""' : null`,
      'The dashboard after sign-in',
      60_000,
    );
  } finally {
    await page.close();
  }
}

interface Run {
  shownMs: number;
  usableMs: number;
  kilobytes: number;
  requests: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** The stack's Auth emulator, as the browser's SDK reaches it (its key, project and sign-in links' return address). */
export function stackAuthEmulator(stack: Stack) {
  const { apiKey, projectId } = stack.runtimeConfig.firebase;
  return authEmulatorClient({ authUrl: stack.urls.auth, apiKey, projectId, continueUrl: stack.urls.app });
}

/** A new business's owner, named FIRST_NAME, proven by an e-mail link and signed up: answers the address. */
export async function signUpBusinessOwner(stack: Stack): Promise<string> {
  const email = `bench-owner-${Date.now()}@example.com`;
  await signUpProven(stackAuthEmulator(stack), email, (idToken: string) =>
    callApi<ApiResponses[typeof API.completeSignup]>(
      stack,
      API.completeSignup,
      { toolkit: 'quickscan', ...DETAILS },
      idToken,
    ),
  );
  return email;
}

/** The dashboard's first screen, `runs` cold loads in each network profile, signed in once. */
export async function measureDashboard(browser: CdpBrowser, stack: Stack, runs: number) {
  const email = await signUpBusinessOwner(stack);
  const context = await browser.newContext();
  try {
    await signInThroughPortal(browser, context, stack, email);
    const url = `${stack.urls.app.replace(/\/$/, '')}/dashboard`;
    const profiles: Record<string, { median: Run; all: Run[] }> = {};
    for (const profile of NETWORK_PROFILES) {
      const all: Run[] = [];
      for (let i = 0; i < runs; i += 1) {
        const { page, requests } = await phonePage(browser, profile, context);
        try {
          await page.send('Page.addScriptToEvaluateOnNewDocument', { source: watchFirstScreen });
          await page.send('Page.navigate', { url });
          const moments = await askPage<{ origin: number; shownMs: number; usableMs: number }>(
            page,
            'window.__benchFirstScreen',
            "The dashboard's first screen",
            60_000,
          );
          const { kilobytes, requests: count } = await requests.until(moments.origin + moments.usableMs);
          all.push({
            shownMs: Math.round(moments.shownMs),
            usableMs: Math.round(moments.usableMs),
            kilobytes: Number(kilobytes.toFixed(1)),
            requests: count,
          });
        } finally {
          await page.close();
        }
      }
      const of = (key: keyof Run) => median(all.map((run) => run[key]));
      const figures = {
        shownMs: of('shownMs'),
        usableMs: of('usableMs'),
        kilobytes: of('kilobytes'),
        requests: of('requests'),
      };
      profiles[profile.name] = { median: figures, all };
      console.log(
        `dashboard's first screen, ${profile.name.padEnd(11)}: shown at ${figures.shownMs} ms, usable at ${figures.usableMs} ms, ${figures.kilobytes} KB in ${figures.requests} requests until then`,
      );
    }
    return {
      what: "a signed-in business owner's cold load of /dashboard until its first screen is shown and usable",
      profiles,
    };
  } finally {
    await browser.disposeContext(context);
  }
}
