// The dashboard's first screen after sign-in: the shell asks its reads as soon as the session is
// known, while the dashboard's code still downloads, and the dashboard takes those answers, so
// each read is asked once and the screen shows what they answered.
import { API } from '@toolkit/domain';
import { AppPage } from '../support/app-page';
import { signInAsNewOwner } from '../support/auth';
import { expect, test } from '../support/stack';

/** A business's first-screen reads (@toolkit/domain firstReadsOf). */
const FIRST_READS: string[] = [API.getProfile, API.getBrand, API.getOwnershipOffer, API.listMilestones];

test("a business owner's dashboard asks its first screen's reads before its code is in, each once", async ({
  page,
  context,
}) => {
  const { firstName, organisationName } = await signInAsNewOwner(page);
  // Opened cold in a new tab, as on a later visit: the shell starts the reads itself. (Counting on
  // the sign-in's own page would count its reads too, still on their way as it reloads.)
  const tab = await context.newPage();
  const app = new AppPage(tab);
  const asked: string[] = [];
  let allAsked = () => {};
  const askedBeforeCode = new Promise<void>((resolve) => (allAsked = resolve));
  tab.on('request', (request) => {
    const name = new URL(request.url()).pathname.split('/').pop() ?? '';
    if (request.method() !== 'POST' || !FIRST_READS.includes(name)) return;
    asked.push(name);
    if (FIRST_READS.every((read) => asked.includes(read))) allAsked();
  });
  // The dashboard's screens arrive only once their reads were asked (or after 10 s, too late): the
  // shell, not the dashboard, must have asked them.
  let beforeCode: string[] | null = null;
  await tab.route(/__federation_expose_mount\.[^/]*\.js$/, async (route) => {
    await Promise.race([askedBeforeCode, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    beforeCode ??= [...asked];
    await route.fallback();
  });
  await tab.goto('/dashboard');
  await app.expectScreen(new RegExp(`^Welcome( back)?, ${firstName}$`), /\/dashboard$/);
  await expect(tab.getByText(`Here is how ${organisationName} is getting on.`)).toBeVisible();
  const steps = tab.getByRole('region', { name: 'Your next steps' });
  await expect(steps).not.toHaveAttribute('aria-busy', 'true');
  await expect(steps.getByRole('link').first()).toBeVisible();
  expect([...(beforeCode ?? [])].sort()).toEqual([...FIRST_READS].sort());
  expect([...asked].sort()).toEqual([...FIRST_READS].sort());
});
