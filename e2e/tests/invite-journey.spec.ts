// The two kinds of invite. From Users, an owner invites a team member: the mail asks them to join the
// organisation, and accepting lands them on the dashboard as a member; the owner sees each invitation
// still waiting (its status, who sent it and when), sends one again or withdraws it, whose link then
// says so. From Assessments, the owner invites someone to answer a survey, worded as such, who answers
// it from the link. A link reaches only the invitee's inbox, works in one browser only, and a used
// link says so.
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { AppPage } from '../support/app-page';
import { signInAsNewOwner, uniqueEmail } from '../support/auth';
import { linkIn, mailsTo, waitForMail } from '../support/mail';
import { expect, test } from '../support/stack';
import { SurveyPage, surveySlides } from '../support/survey-page';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function invite(page: Page, email: string) {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Invite sent to ${email}` })).toBeVisible();
}

const invitation = (page: Page, email: string) =>
  page.getByRole('list', { name: 'Invitations not accepted yet' }).getByRole('listitem', { name: email });

test('an owner invites a team member from Users, who joins the organisation and lands on the dashboard; a waiting invitation is sent again or withdrawn', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const app = new AppPage(page);
  const member = uniqueEmail('colleague');
  const second = uniqueEmail('second');
  const owner = await signInAsNewOwner(page);

  await app.dashboardLink('Users').click();
  await app.expectScreen('Users', '/dashboard/users');
  await expect(page.getByRole('heading', { name: 'Invite a team member' })).toBeVisible();
  await expect(page.getByText(/We e-mail them an invitation to join your organisation/)).toBeVisible();
  // A member's own address is refused: an invite never reaches an existing member's account.
  await page.getByLabel('E-mail address').fill(owner.email);
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText(`${owner.email} is already a member of your organisation`)).toBeVisible();
  await page.getByLabel('E-mail address').clear();
  await invite(page, member);
  // Invited is not joined: the address waits apart from the team until its owner accepts.
  await expect(invitation(page, member)).toContainText('Invited to join the team');
  await expect(invitation(page, member)).toContainText('Invited, not accepted yet · link not opened');
  await expect(page.getByRole('list', { name: 'Team members' })).not.toContainText(member);

  // The mail invites them to join the organisation: no survey in it.
  const mail = await waitForMail(member, /^Invitation to join the team of /);
  expect(mail.html).toMatch(/invites you to join <strong>[^<]+<\/strong> as a user\./);
  expect(mail.html).not.toMatch(/take the|assessment/i);
  const link = linkIn(mail, '/journey/');
  expect(link).toMatch(/\/journey\/[^/?]+\?inviteId=[^&]+&key=[\w-]{43}$/);
  // The inviter's screen never shows the link's key: it signs its holder in.
  await expect(page.getByText(new URL(link).searchParams.get('key') ?? '')).toHaveCount(0);

  // The invitee opens the mail on their phone, accepts, and is on the dashboard as a member.
  const inviteeContext = await browser.newContext({ viewport: PHONE });
  try {
    const inviteePage = await inviteeContext.newPage();
    await inviteePage.goto(link);
    await expect(inviteePage.getByText(/invites you to join .* as a user\.$/)).toBeVisible();
    await expect(inviteePage.getByText(`This invitation was sent to ${member}`)).toBeVisible();
    await expectNoSeriousA11yViolations(inviteePage, 'the team invitation on a phone');
    await inviteePage.screenshot({ path: test.info().outputPath('team-offer-on-phone.png') });
    await inviteePage.getByLabel('First name').fill('Robin');
    await inviteePage.getByLabel('Last name').fill('Hale');
    await inviteePage.getByRole('button', { name: 'Accept and join' }).click();
    await new AppPage(inviteePage).expectDashboardHome();
    await expectNoSeriousA11yViolations(inviteePage, 'the new member’s dashboard on a phone');
    await inviteePage.screenshot({ path: test.info().outputPath('member-dashboard-on-phone.png') });

    // Someone else who got hold of the link cannot use it once the invitee has.
    const otherContext = await browser.newContext();
    try {
      const otherPage = await otherContext.newPage();
      await otherPage.goto(link);
      await expect(otherPage.getByRole('button', { name: 'Decline' })).toHaveCount(0);
      await otherPage.getByRole('button', { name: 'Continue' }).click();
      await expect(otherPage.getByRole('alert')).toContainText('This invite has already been used');
    } finally {
      await otherContext.close();
    }
  } finally {
    await inviteeContext.close();
  }

  // Accepting made them a member: the owner's team lists them, and their invitation waits no more.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Team members' })).toContainText(member);
  await expect(page.getByRole('list', { name: 'Invitations not accepted yet' })).toHaveCount(0);

  // A second invitation waits: its status, who sent it and when.
  await invite(page, second);
  const waiting = invitation(page, second);
  await expect(waiting).toContainText('Invited, not accepted yet · link not opened');
  // Sent by the owner (their name, else their address), dated in the reader's locale.
  await expect(waiting).toContainText(/ · sent by \S.* on \S/);
  await expect(waiting).toContainText(String(new Date().getFullYear()));
  await expectNoSeriousA11yViolations(page, 'Users with a waiting invitation');
  await page.screenshot({ path: test.info().outputPath('users-desktop.png'), fullPage: true });
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page, 'Users with a waiting invitation on a phone');
  await page.screenshot({ path: test.info().outputPath('users-phone.png'), fullPage: true });
  await page.setViewportSize(DESKTOP);

  // Resending minutes after the mail went says that none went again.
  await waiting.getByRole('button', { name: `Resend the invitation to ${second}` }).click();
  await expect(
    page.getByRole('status').filter({
      hasText: `We e-mailed ${second} less than 10 minutes ago, so we did not send it again yet.`,
    }),
  ).toBeVisible();
  expect(await mailsTo(second, /^Invitation to join the team of /)).toHaveLength(1);

  // Withdrawn, it leaves the list, and its link says it was withdrawn.
  const secondLink = linkIn(await waitForMail(second, /^Invitation to join the team of /), '/journey/');
  await waiting.getByRole('button', { name: `Withdraw the invitation to ${second}` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Invitation to ${second} withdrawn: its link now says so.` }),
  ).toBeVisible();
  await expect(invitation(page, second)).toHaveCount(0);
  const withdrawnContext = await browser.newContext({ viewport: PHONE });
  try {
    const withdrawnPage = await withdrawnContext.newPage();
    await withdrawnPage.goto(secondLink);
    await expect(withdrawnPage.getByRole('alert')).toContainText('This invitation was withdrawn');
    await expect(withdrawnPage.getByRole('button', { name: /Accept/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(withdrawnPage, 'a withdrawn invitation on a phone');
  } finally {
    await withdrawnContext.close();
  }
});

test('an owner invites someone to answer the supplier assessment from Assessments; the link works once and for them only', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const app = new AppPage(page);
  const invitee = uniqueEmail('supplier');
  await signInAsNewOwner(page);
  const { title, slides } = surveySlides('supplier-assessment');

  await app.dashboardLink('Assessments').click();
  await app.expectScreen('Assessments', '/dashboard/assessments');
  const card = page.getByRole('region', { name: 'Invite someone to answer' });
  await card.getByRole('button', { name: `Invite someone to answer the ${title}` }).click();
  const form = card.getByRole('form', { name: `Invite someone to answer the ${title}` });
  await expect(form).toContainText(
    `We e-mail them an invitation to answer the ${title} for your organisation`,
  );
  await expectNoSeriousA11yViolations(page, 'Assessments with the survey invitation open');
  await form.getByLabel('E-mail address').fill(invitee);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByText(`Invitation to answer the ${title} sent to ${invitee}.`)).toBeVisible();

  const mail = await waitForMail(invitee, new RegExp(`^Invitation to take the ${title}`));
  const link = linkIn(mail, '/journey/');
  await expect(page.getByText(new URL(link).searchParams.get('key') ?? '')).toHaveCount(0);

  // The invitee opens the mail on their phone.
  const inviteeContext = await browser.newContext({ viewport: PHONE });
  try {
    const inviteePage = await inviteeContext.newPage();
    const survey = new SurveyPage(inviteePage);
    await inviteePage.goto(link);
    await expect(inviteePage.getByText(/invites you to join .* as a user, and to take the/)).toBeVisible();
    await expect(inviteePage.getByText(`This invitation was sent to ${invitee}`)).toBeVisible();
    await expectNoSeriousA11yViolations(inviteePage, 'the survey invitation on a phone');
    await inviteePage.screenshot({ path: test.info().outputPath('offer-on-phone.png') });
    await inviteePage.getByLabel('First name').fill('Sam');
    await inviteePage.getByLabel('Last name').fill('Vale');
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
  await app.dashboardLink('Users').click();
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
  await signInAsNewOwner(page);
  await app.dashboardLink('Users').click();
  await invite(page, invitee);

  const link = linkIn(await waitForMail(invitee, /invit/i), '/journey/');
  const inviteeContext = await browser.newContext({ viewport: PHONE });
  try {
    const inviteePage = await inviteeContext.newPage();
    await inviteePage.goto(link);
    await inviteePage.getByRole('button', { name: 'Decline' }).click();
    await expect(inviteePage.getByRole('status')).toContainText('You declined the invitation');
    await expectNoSeriousA11yViolations(inviteePage, 'a declined invitation on a phone');
    await inviteePage.screenshot({ path: test.info().outputPath('declined-on-phone.png') });
    // The link is spent: opening it again says so and offers nothing to accept.
    await inviteePage.goto(link);
    await expect(inviteePage.getByRole('alert')).toContainText('This invitation was declined');
    await expect(inviteePage.getByRole('button', { name: /Accept/ })).toHaveCount(0);
  } finally {
    await inviteeContext.close();
  }

  await page.reload();
  await expect(invitation(page, invitee)).toContainText('Declined the invitation');
  await expect(page.getByRole('list', { name: 'Team members' })).not.toContainText(invitee);
});
