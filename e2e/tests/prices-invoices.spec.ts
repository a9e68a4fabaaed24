// Prices at checkout and an invoice after paying, on desktop and phone.
// A Free owner sees each plan's price from the billing sandbox (AUD, GST included), switches to
// yearly with its saving, pays for Growth yearly on the sandbox's checkout page, which names the
// price, finds the invoice on Plans, switches back to monthly after reading what that does to the
// year paid, and opens the receipt and the sandbox's billing portal.
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { AppPage } from '../support/app-page';
import { signInAsNewOwner } from '../support/auth';
import { expect, test } from '../support/stack';

const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
};

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  test(`a Free owner sees prices, checks out yearly and finds the invoice (${device})`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const app = new AppPage(page);
    await signInAsNewOwner(page);

    await page.goto('/dashboard/plans');
    await app.expectScreen('Plans', '/dashboard/plans');
    await expect(page.getByRole('heading', { name: 'Free (your plan)' })).toBeVisible();
    const growth = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Growth' }) });
    await expect(growth).toContainText('$49.00 per month');
    await expect(growth).toContainText('AUD, GST included');
    await expect(page.getByText('No invoices yet: the first comes with your first payment.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `Plans on Free (${device})`);

    // Yearly: each plan's yearly price and what it saves against twelve months.
    await page.getByRole('radio', { name: /^Yearly/ }).check();
    await expect(growth).toContainText('$490.00 per year');
    await expect(growth).toContainText('Saves $98.00 (17%) against paying monthly');
    await page.screenshot({ path: testInfo.outputPath(`plans-yearly-${device}.png`), fullPage: true });
    await expectNoSeriousA11yViolations(page, `Plans, yearly prices (${device})`);

    // The sandbox's checkout names what is paid, for how long.
    await growth.getByRole('button', { name: 'Choose Growth' }).click();
    await expect(page.getByRole('heading', { name: 'Checkout: the Growth plan' })).toBeVisible();
    await expect(page.getByText(/You pay this today, then yearly/)).toContainText(
      '$490.00 per year, AUD, GST included.',
    );
    await expectNoSeriousA11yViolations(page, `the sandbox checkout (${device})`);
    await page.getByRole('button', { name: 'Pay for Growth (sandbox)' }).click();

    await expect(page.getByText('Thank you: your organisation is on the Growth plan now.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Growth (your plan)' })).toBeVisible();
    await expect(page.getByText(/on the Growth plan, billed yearly, renewing on/)).toBeVisible();
    const invoices = page.getByRole('list', { name: 'Invoices' });
    await expect(invoices.getByRole('listitem')).toHaveCount(1);
    await expect(invoices).toContainText('SANDBOX-0001 · Growth plan, yearly');
    await expect(invoices).toContainText('$490.00');
    await expect(invoices).toContainText('Paid');
    await page.screenshot({ path: testInfo.outputPath(`plans-paid-${device}.png`), fullPage: true });
    await expectNoSeriousA11yViolations(page, `Plans after paying (${device})`);

    // Back to monthly: what the switch does to the year just paid, before it is made.
    await page.getByRole('radio', { name: 'Monthly' }).check();
    await growth.getByRole('button', { name: 'Switch to monthly billing' }).click();
    const change = page.getByRole('group', { name: 'Switch to Growth, billed monthly' });
    await expect(change).toContainText('Credit for the unused part of your current period: $490.00');
    await expect(change).toContainText(
      'Nothing to pay now: $441.00 stays as credit towards your next invoices.',
    );
    await expectNoSeriousA11yViolations(page, `Plans, previewing a switch (${device})`);
    await change.getByRole('button', { name: 'Confirm the switch to Growth' }).click();
    await expect(change.getByRole('status')).toContainText('on the Growth plan, billed monthly');
    await expect(page.getByText(/on the Growth plan, billed monthly, renewing on/)).toBeVisible();
    await expect(invoices.getByRole('listitem')).toHaveCount(2);
    await expect(invoices.getByRole('listitem').first()).toContainText('Growth plan, monthly, prorated');

    // The receipt the sandbox serves in place of the provider's PDF.
    const receipt = await invoices
      .getByRole('link', { name: 'Open invoice SANDBOX-0001' })
      .getAttribute('href');
    await page.goto(receipt!);
    await expect(page.getByRole('heading', { name: 'Receipt SANDBOX-0001' })).toBeVisible();
    await expect(page.getByText(/\$490\.00 AUD, including GST of \$44\.55/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, `the sandbox receipt (${device})`);

    // Manage billing opens the sandbox's stand-in for the customer portal.
    await page.goto('/dashboard/plans');
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await expect(page.getByRole('heading', { name: 'Billing portal (sandbox)' })).toBeVisible();
    await expect(page.getByText('Visa ending 4242')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your plan: Growth' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `the sandbox billing portal (${device})`);
  });
}
