// Manage and Expert. A business owner routes new-team-member notifications to an office
// address, which confirms by the link it is mailed, and sees the next invite announced there; then
// asks an expert, whose mail reaches the toolkit's experts with the question escaped, and a copy
// reaches the owner.
import { AppPage } from '../support/app-page';
import { signInAsNewOwner, uniqueEmail } from '../support/auth';
import { linkIn, mailsTo, waitForMail } from '../support/mail';
import { expect, test } from '../support/stack';
import { surveySlides } from '../support/survey-page';

test('an owner sets who hears of new team members, then asks an expert by e-mail', async ({ page }) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  const { email: owner } = await signInAsNewOwner(page);
  const organisation = `Harbour Bakery ${Date.now()}`;
  await app.dashboardLink('Profile').click();
  await page.getByLabel('Organisation name').fill(organisation);
  await page.getByRole('button', { name: 'Save organisation details' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  // Manage: a wrong address is named and nothing is saved; a right one is confirmed.
  const office = uniqueEmail('office');
  await app.dashboardLink('Manage').click();
  const team = page.getByRole('textbox', { name: 'New team members' });
  await team.fill(`${office}\nnot-an-address`);
  await page.getByRole('button', { name: 'Save notifications' }).click();
  await expect(page.getByText('“not-an-address” is not an e-mail address.')).toBeVisible();
  await team.fill(office);
  await page.getByRole('button', { name: 'Save notifications' }).click();
  await expect(page.getByText(/^Saved\. Notifications of .*new team members: 1 address/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'New team members' })).toHaveValue(office);
  // The office is outside the organisation: it receives nothing until it confirms by its link.
  await expect(page.getByRole('region', { name: 'Waiting for confirmation' })).toContainText(office);
  const confirmation = await waitForMail(
    office,
    /^Please confirm notifications from the Sustainability Toolkit/,
  );
  const confirmPage = await page.context().newPage();
  await confirmPage.goto(linkIn(confirmation, '/alerts/confirm#'));
  await confirmPage.getByRole('button', { name: 'Yes, send me these notifications' }).click();
  await expect(confirmPage.getByRole('status')).toContainText(`Confirmed: ${office} now receives`);
  await confirmPage.close();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'New team members' })).toHaveValue(office);
  await expect(page.getByRole('region', { name: 'Waiting for confirmation' })).toHaveCount(0);

  const colleague = uniqueEmail('colleague');
  await app.dashboardLink('Users').click();
  await page.getByLabel('E-mail address').fill(colleague);
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText(`Invite sent to ${colleague}`)).toBeVisible();
  const announced = await waitForMail(office, /^New team member in /);
  expect(announced.subject).toBe(`New team member in ${organisation}: ${colleague}`);

  // Expert: the toolkit's experts (its assessment's recipients) get the question, escaped.
  const [experts] = surveySlides('business-quickscan').recipients;
  const askedAt = Date.now() - 1000;
  await app.dashboardLink('Expert').click();
  await page.getByRole('combobox', { name: 'Topic' }).selectOption({ label: 'Climate' });
  await page
    .getByRole('textbox', { name: 'Your question' })
    .fill('We run <b>two</b> ovens. Where do we start?');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('heading', { name: 'Your request is on its way' })).toBeVisible();
  await expect(page.getByText(`We sent a copy to ${owner}.`)).toBeVisible();
  const request = await waitForMail(experts!, new RegExp(`^Expert request from ${organisation}: Climate$`), {
    after: askedAt,
  });
  expect(request.html).toContain('We run &lt;b&gt;two&lt;/b&gt; ovens.');
  expect(request.html).toContain(`e-mail, at ${owner}`);
  await waitForMail(owner, /^We received your expert request: Climate$/, { after: askedAt });
  expect(await mailsTo(owner, /^We received your expert request/)).toHaveLength(1);
});
