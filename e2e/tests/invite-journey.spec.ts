// The invite journey (SPEC §2 /journey/{inviteId}, §4 Invite journey): an owner invites a team
// member, whose e-mailed link signs them in on the supplier assessment. The link reaches only the
// invitee's inbox, works in one browser only, and a used link says so.
import { AppPage } from '../support/app-page';
import { signUpAsOwner, uniqueEmail } from '../support/auth';
import { linkIn, waitForMail } from '../support/mail';
import { expect, test } from '../support/stack';
import { SurveyPage, surveySlides } from '../support/survey-page';

test('an invited team member answers the supplier assessment from the e-mailed link, which works once and for them only', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  const invitee = uniqueEmail('supplier');
  const owner = await signUpAsOwner(page);

  await app.dashboardLink('Users').click();
  await app.expectScreen('Users', '/dashboard/users');
  // A member's own address is refused: an invite never reaches an existing member's account.
  await page.getByLabel('E-mail address').fill(owner.email);
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText(`${owner.email} is already a member of your organisation`)).toBeVisible();
  await page.getByLabel('E-mail address').clear();
  await page.getByLabel('E-mail address').fill(invitee);
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Invite sent to ${invitee}` })).toBeVisible();

  const { title, slides } = surveySlides('supplier-assessment');
  const mail = await waitForMail(invitee, new RegExp(`^Invitation to take the ${title}`));
  const link = linkIn(mail, '/journey/');
  expect(link).toMatch(/\/journey\/[^/?]+\?inviteId=/);
  // The inviter's screen never shows the link: it signs its holder in.
  const inviteId = new URL(link).searchParams.get('inviteId') ?? '';
  await expect(page.getByText(inviteId)).toHaveCount(0);

  const inviteeContext = await browser.newContext();
  try {
    const inviteePage = await inviteeContext.newPage();
    const survey = new SurveyPage(inviteePage);
    await inviteePage.goto(link);
    const [first] = slides;
    await expect(survey.heading(first!.sectionTitle)).toBeVisible();
    await expect(inviteePage).toHaveURL(
      /\/survey\/demo-publisher\/supplier-assessment\/section\/1\?inviteId=/,
    );
    await inviteePage.getByRole('button', { name: 'Start this part' }).click();
    await survey.expectSlide(first!);

    // Someone else who got hold of the link cannot open it once the invitee has.
    const otherContext = await browser.newContext();
    try {
      const otherPage = await otherContext.newPage();
      await otherPage.goto(link);
      await expect(otherPage.getByRole('alert')).toContainText('This invite link has already been opened');
    } finally {
      await otherContext.close();
    }

    for (const [index, slide] of slides.entries()) {
      await survey.answer(slide);
      await survey.next(slides[index + 1] ?? null);
    }
    await survey.expectThankYou();

    await inviteePage.goto(link);
    await expect(inviteePage.getByRole('heading', { level: 1, name: 'Your invitation' })).toBeVisible();
    await expect(inviteePage.getByRole('alert')).toContainText('This invite has already been used');
  } finally {
    await inviteeContext.close();
  }
});
