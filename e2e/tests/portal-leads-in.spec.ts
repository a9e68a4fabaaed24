// A toolkit portal's main button leads into that toolkit: its survey needs an account, so the button
// starts the toolkit's sign-up, which goes on into that survey. Its brand stays on its own pages,
// and the organisation's screens wear it on any device, decided by what the server holds.
import { AppPage } from '../support/app-page';
import { fillSignupDetails, openSession, uniqueEmail } from '../support/auth';
import { linkIn, waitForMail } from '../support/mail';
import { expect, test } from '../support/stack';

// The coastal check's colours (packages/content/content/coastal-check.json) and the product's own.
const COASTAL_BLUE = 'rgb(11, 93, 122)';
const PRODUCT_GREEN = 'rgb(46, 125, 50)';

test('the coastal portal’s button leads into its sign-up and on into its survey; its brand stays its own', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const app = new AppPage(page);
  const banner = page.getByRole('banner');
  const email = uniqueEmail('coastal-lead');

  await page.goto('/flow/coastal');
  await app.expectScreen('Welcome to the Coastal Green Business Check toolkit');
  await expect(banner.getByRole('img', { name: 'Coastal Council' })).toBeVisible();
  await page.getByRole('button', { name: 'Take the Quickscan' }).click();
  await expect(page.getByLabel('E-mail address')).toBeFocused();
  await expect(
    page.getByText(
      /Your organisation joins the Coastal Green Business Check toolkit, and its Quickscan opens/,
    ),
  ).toBeVisible();

  const requestedAt = Date.now() - 1000;
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`we sent a sign-in link to ${email}`)).toBeVisible();
  const mail = await waitForMail(email, /sign in/i, { after: requestedAt });
  await page.goto(linkIn(mail, 'oobCode'));
  // The sign-up is the toolkit's own page, in its look.
  await expect(page.getByRole('heading', { name: 'About your organisation' })).toBeVisible();
  await expect(banner.getByRole('img', { name: 'Coastal Council' })).toBeVisible();
  await fillSignupDetails(page);

  // Next is the coastal check itself, in the council's colours: not a portal, not another survey.
  await app.expectScreen('Coastal Green Business Check', '/survey/coastal-council/coastal-check');
  await expect(banner.getByRole('img', { name: 'Coastal Council' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start' })).toHaveCSS('background-color', COASTAL_BLUE);

  // Signed out, the product's own portal shows in the product's own look.
  await banner.getByRole('button', { name: 'Sign out' }).click();
  await page.goto('/');
  await app.expectScreen('Where does your business stand on sustainability?');
  await expect(banner.getByRole('img')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Take the Quickscan' })).toHaveCSS(
    'background-color',
    PRODUCT_GREEN,
  );

  // Another device knows nothing of this browser: the server's record of the toolkit decides.
  const elsewhere = await browser.newContext();
  try {
    const other = await elsewhere.newPage();
    await openSession(other, email);
    await new AppPage(other).expectDashboardHome();
    await expect(other.getByRole('banner').getByRole('img', { name: 'Coastal Council' })).toBeVisible();
  } finally {
    await elsewhere.close();
  }
});
