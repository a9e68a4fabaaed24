// The invite journey (SPEC §2 /journey/{inviteId}, §4 Invite journey): an owner invites a team
// member, whose e-mailed link signs them in on the supplier assessment; a used link says so.
import { AppPage } from '../support/app-page';
import { signUpAsOwner, uniqueEmail } from '../support/auth';
import { linkIn, waitForMail } from '../support/mail';
import { expect, test } from '../support/stack';
import { SurveyPage, surveySlides } from '../support/survey-page';

test('an invited team member answers the supplier assessment from the e-mailed link, which works once', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  const invitee = uniqueEmail('supplier');
  await signUpAsOwner(page);

  await app.dashboardLink('Users').click();
  await app.expectScreen('Users', '/dashboard/users');
  await page.getByLabel('E-mail address').fill(invitee);
  await page.getByRole('button', { name: 'Create invite' }).click();
  const shownLink = await page.getByRole('textbox', { name: 'Invite link' }).inputValue();

  const { title, slides } = surveySlides('supplier-assessment');
  const mail = await waitForMail(invitee, new RegExp(`invites you to take the ${title}`));
  const link = linkIn(mail, '/journey/');
  expect(link).toBe(shownLink);
  expect(link).toMatch(/\/journey\/[^/?]+\?inviteId=/);

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
