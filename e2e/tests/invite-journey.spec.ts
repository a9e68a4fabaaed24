// The invite journey: an owner invites a team member, who sees who invites them into what and
// accepts (joining the organisation) or declines (joining nothing). The link reaches only the
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
  // Invited is not joined: the address waits apart from the team until its owner accepts.
  const waiting = page.getByRole('list', { name: 'Invitations not accepted yet' });
  await expect(waiting.getByRole('listitem').filter({ hasText: invitee })).toContainText(
    'Invited, not accepted yet',
  );
  await expect(page.getByRole('list', { name: 'Team members' })).not.toContainText(invitee);

  const { title, slides } = surveySlides('supplier-assessment');
  const mail = await waitForMail(invitee, new RegExp(`^Invitation to take the ${title}`));
  const link = linkIn(mail, '/journey/');
  expect(link).toMatch(/\/journey\/[^/?]+\?inviteId=/);
  // The inviter's screen never shows the link: it signs its holder in.
  const inviteId = new URL(link).searchParams.get('inviteId') ?? '';
  await expect(page.getByText(inviteId)).toHaveCount(0);

  // The invitee opens the mail on their phone.
  const inviteeContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const inviteePage = await inviteeContext.newPage();
    const survey = new SurveyPage(inviteePage);
    await inviteePage.goto(link);
    await expect(inviteePage.getByText(/invites you to join .* as a user, and to take the/)).toBeVisible();
    await expect(inviteePage.getByText(`This invitation was sent to ${invitee}`)).toBeVisible();
    await inviteePage.screenshot({ path: test.info().outputPath('offer-on-phone.png') });
    await inviteePage.getByRole('button', { name: 'Accept and start' }).click();
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
      await expect(otherPage.getByRole('button', { name: 'Decline' })).toHaveCount(0);
      await otherPage.getByRole('button', { name: 'Continue' }).click();
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

  // Accepting made them a member: the owner's team lists them, and no invitation waits any more.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Team members' })).toContainText(invitee);
  await expect(page.getByRole('list', { name: 'Invitations not accepted yet' })).toHaveCount(0);
});

test('an invitee who declines joins nothing, and the owner sees the invitation declined', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  const invitee = uniqueEmail('declines');
  await signUpAsOwner(page);
  await app.dashboardLink('Users').click();
  await page.getByLabel('E-mail address').fill(invitee);
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Invite sent to ${invitee}` })).toBeVisible();

  const link = linkIn(await waitForMail(invitee, /invit/i), '/journey/');
  const inviteeContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const inviteePage = await inviteeContext.newPage();
    await inviteePage.goto(link);
    await inviteePage.getByRole('button', { name: 'Decline' }).click();
    await expect(inviteePage.getByRole('status')).toContainText('You declined the invitation');
    await inviteePage.screenshot({ path: test.info().outputPath('declined-on-phone.png') });
    // The link is spent: opening it again says so and offers nothing to accept.
    await inviteePage.goto(link);
    await expect(inviteePage.getByRole('alert')).toContainText('This invitation was declined');
    await expect(inviteePage.getByRole('button', { name: 'Accept and start' })).toHaveCount(0);
  } finally {
    await inviteeContext.close();
  }

  await page.reload();
  const waiting = page.getByRole('list', { name: 'Invitations not accepted yet' });
  await expect(waiting.getByRole('listitem').filter({ hasText: invitee })).toContainText(
    'Declined the invitation',
  );
  await expect(page.getByRole('list', { name: 'Team members' })).not.toContainText(invitee);
});
