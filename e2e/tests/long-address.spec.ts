// A 150-character e-mail address does not break the sign-in card on a phone or
// a desktop; it wraps in the message that tells where the link went. Screenshots are kept to look at.
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { expect, test } from '../support/stack';

/** A valid address of exactly 150 characters: a 64-character local part (the most there may be). */
function longAddress() {
  const local = `long-${Date.now()}-`.padEnd(64, 'x');
  return `${local}@${'a'.repeat(38)}.${'b'.repeat(38)}.example`;
}

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test(`a 150-character address keeps the sign-in card within a ${device}'s screen`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const email = longAddress();
    expect(email).toHaveLength(150);
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Sign up or sign in' });
    await card.getByLabel('E-mail address').fill(email);
    await card.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    const sent = card.getByText(`Check your inbox: we sent a sign-in link to ${email}.`);
    await expect(sent).toBeVisible();

    // Nothing is wider than the screen: the page does not scroll sideways, the card and the message fit.
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(viewport.width);
    const cardBox = await card.boundingBox();
    const sentBox = await sent.boundingBox();
    expect(cardBox!.x + cardBox!.width).toBeLessThanOrEqual(viewport.width);
    expect(sentBox!.x + sentBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
    await expectNoSeriousA11yViolations(page, `the sign-in card with a long address on a ${device}`);
    await page.screenshot({ path: test.info().outputPath(`sign-in-card-${device}.png`), fullPage: true });
  });
}
