// Journey stage 2 to 100 %. A business owner completes the Quickscan, reviews Insights and
// downloads the priority ESG topics, signs the declaration and opens the credential; the QR code on
// the Declaration screen, decoded here, opens the public check in a fresh signed-out browser, which
// names the organisation, says "Not genuine" for a changed byte and "Revoked" once revoked.
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { AppPage } from '../support/app-page';
import { signInAsNewOwner } from '../support/auth';
import { expect, test } from '../support/stack';
import { completeBusinessQuickscan } from '../support/survey-api';

test('stage 2: insights, priorities, the declaration and its credential, checked by anyone from its QR code until revoked', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const app = new AppPage(page);
  const organisation = `Harbour Bakery ${Date.now()}`;
  const owner = await signInAsNewOwner(page);

  await app.dashboardLink('Profile').click();
  await page.getByLabel('Organisation name').fill(organisation);
  await page.getByRole('button', { name: 'Save organisation details' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  await completeBusinessQuickscan(owner.idToken);

  // Reviewing Insights, then downloading the priorities: the first two milestones of stage 2.
  await page.goto('/dashboard/insights');
  await expect(page.getByRole('heading', { name: 'Priority ESG topics' })).toBeVisible();
  const priorities = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download priorities (CSV)' }).click();
  expect((await priorities).suggestedFilename()).toMatch(/priority-topics\.csv$/);

  await app.dashboardLink('Declaration').click();
  await expect(page.getByRole('heading', { name: 'Sustainability Quickscan declaration' })).toBeVisible();
  await page.getByRole('checkbox', { name: /may sign it for my organisation/ }).check();
  await page.getByRole('button', { name: 'Sign the declaration' }).click();
  await expect(page.getByRole('heading', { name: 'Your declaration credential' })).toBeVisible();
  await expect(page.getByText(`Signed for ${organisation}`)).toBeVisible();

  // Opening the credential from the screen: a new tab with the public check.
  const [opened] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Open the credential' }).click(),
  ]);
  await expect(opened.getByText('Genuine and valid')).toBeVisible();
  await opened.close();

  // The QR code, read as a phone camera would.
  const qr = page.getByRole('img', { name: "QR code of the credential's link" });
  const png = PNG.sync.read(await qr.screenshot());
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(decoded, 'the QR code decodes').not.toBeNull();
  const url = decoded!.data;
  expect(url).toBe(await page.getByRole('textbox', { name: 'Credential link' }).inputValue());

  // A stranger: a fresh browser context, never signed in.
  const stranger = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const check = await stranger.newPage();
    await check.goto(url);
    await expect(check.getByText('Genuine and valid')).toBeVisible();
    const facts = check.getByLabel('What the credential states');
    await expect(facts).toContainText(organisation);
    // Stage 1 still lacks its team invite: the business is working in stage 1.
    await expect(facts).toContainText('Initiator');

    // One changed character of the signed claims: not genuine.
    const [base, token] = url.split('#') as [string, string];
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const at = Math.floor(payload.length / 2);
    const changed = payload.slice(0, at) + (payload[at] === 'A' ? 'B' : 'A') + payload.slice(at + 1);
    await check.goto(`${base}#${header}.${changed}.${signature}`);
    await expect(check.getByText('Not genuine')).toBeVisible();
    await expect(check.getByText(organisation)).toHaveCount(0);

    // The owner revokes it; the same link now says so.
    await page.getByRole('button', { name: 'Revoke the credential' }).click();
    await page.getByRole('button', { name: 'Yes, revoke it' }).click();
    await expect(page.getByText(/^Revoked on/)).toBeVisible();
    await check.goto('about:blank');
    await check.goto(url);
    await expect(check.getByText('Revoked', { exact: true })).toBeVisible();
  } finally {
    await stranger.close();
  }

  // Every milestone of stage 2 is done, each set by the server where it happened.
  await page.goto('/step2');
  for (const name of [
    'Review Organisation Insights',
    'Download your priority ESGs',
    'Sign the declaration',
    'Share your declaration credentials',
  ]) {
    const milestone = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name, exact: true }) });
    await expect(milestone).toContainText('Done');
  }
});
