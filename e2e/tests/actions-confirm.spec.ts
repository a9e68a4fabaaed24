// Important actions say what they did. An invited member is asked their name as they accept, and the
// team knows them by it; a publisher excluding a result is told so, and Activity names the result; a
// deleted organisation's owner lands on a page saying so, and the organisation leaves its publisher's
// Members, which is searched on the server. States are reached through the callables.
import { API } from '@toolkit/domain';
import { AppPage } from '../support/app-page';
import { callApi, createOwner, openSession, uniqueEmail } from '../support/auth';
import { linkIn, waitForMail } from '../support/mail';
import { expect, test } from '../support/stack';
import { anonymousRespondent, completeSurvey } from '../support/survey-api';

const DESKTOP = { width: 1280, height: 800 };
const PUBLISHER_OWNER = 'owner@demo-publisher.example';

/** A word only this run's names hold, so a search finds exactly them. */
const runWord = () => `Ac${Date.now().toString(36)}`;

test.use({ viewport: DESKTOP });

test('an invited member gives their name as they accept, and the team list shows it', async ({ page }) => {
  const owner = await createOwner();
  const member = uniqueEmail('named');
  const sentAfter = Date.now() - 1000;
  await callApi(API.createInvite, { email: member }, owner.idToken);
  const invite = linkIn(
    await waitForMail(member, /^Invitation to join the team of /, { after: sentAfter }),
    '/journey/',
  );

  await page.goto(invite);
  const form = page.getByRole('form', { name: 'Accept the invitation' });
  await form.getByLabel('First name').fill('   ');
  await form.getByRole('button', { name: 'Accept and join' }).click();
  await expect(form.getByLabel('First name')).toHaveAccessibleDescription('Enter your first name.');
  await expect(form.getByLabel('Last name')).toHaveAccessibleDescription('Enter your last name.');
  await form.getByLabel('First name').fill('Priya');
  await form.getByLabel('Last name').fill(' Patel ');
  await page.screenshot({ path: test.info().outputPath('invite-names.png') });
  await form.getByRole('button', { name: 'Accept and join' }).click();
  await new AppPage(page).expectDashboardHome();

  await openSession(page, owner.email);
  await page.goto('/dashboard/users');
  const row = page.getByRole('list', { name: 'Team members' }).getByRole('listitem', { name: 'Priya Patel' });
  await expect(row).toContainText(member);
  await page.screenshot({ path: test.info().outputPath('team-named.png'), fullPage: true });
});

test('a publisher excludes a result and is told what that did, and Activity names the result', async ({
  page,
}) => {
  const company = `${runWord()} Heron Ceramics`;
  await completeSurvey(
    await anonymousRespondent(),
    'demo-publisher',
    'quickscan',
    { 'energy-tracking': 3 },
    { answers: { 'company-name': company } },
  );

  await openSession(page, PUBLISHER_OWNER);
  await page.goto(`/dashboard/received?surveyId=quickscan&search=${company.split(' ')[0]}`);
  await page.getByRole('button', { name: `Exclude the result of ${company}` }).click();
  const dialog = page.getByRole('dialog', { name: `Exclude the result of ${company}?` });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Our own test run');
  await dialog.getByRole('button', { name: 'Exclude result' }).click();
  const told = page.getByRole('status').filter({ hasText: `Excluded the result of ${company} (completed` });
  await expect(told).toContainText('insights and benchmarks no longer count it');
  await expect(told).toContainText('listed under Excluded, where it can be included again');
  await page.screenshot({ path: test.info().outputPath('excluded.png') });

  await page.goto('/dashboard/activity?kind=result.excluded');
  const entry = page
    .getByRole('listitem')
    .filter({ hasText: `excluded the result of ${company} (completed` });
  await expect(entry).toContainText('from the figures.');
  await expect(entry).toContainText('Reason: Our own test run');
  await entry.getByRole('link', { name: `Open the result of ${company}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Result from ${company}` })).toBeVisible();
  await page.goBack();
  await expect(entry).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('activity.png') });
});

test('a deleted organisation’s owner is told so, and it leaves its publisher’s Members, which finds a member by name', async ({
  page,
}) => {
  const word = runWord();
  const leaving = await createOwner(uniqueEmail('leaving'), {
    organisationName: `${word} Kestrel Bikes`,
    firstName: 'Kit',
    lastName: 'Moss',
  });
  await createOwner(uniqueEmail('staying'), {
    organisationName: `${word} Osprey Cycles`,
    firstName: 'Oz',
    lastName: 'Reed',
  });

  // The owner asks for the deletion link, and confirms it in the browser.
  const askedAt = Date.now() - 1000;
  await callApi(API.requestOrganisationDeletion, null, leaving.idToken);
  const mail = await waitForMail(leaving.email, /^Confirm deleting /, { after: askedAt });
  await openSession(page, leaving.email);
  await page.goto(linkIn(mail, '#delete-organisation='));
  await page.getByRole('button', { name: 'Delete the organisation permanently' }).click();
  await new AppPage(page).expectPortal();
  await expect(
    page.getByRole('status').filter({ hasText: `The organisation ${word} Kestrel Bikes has been deleted` }),
  ).toContainText('Its data is deleted for good on');
  await page.screenshot({ path: test.info().outputPath('organisation-deleted.png') });

  await openSession(page, PUBLISHER_OWNER);
  await page.goto('/dashboard/members');
  await expect(
    page.getByRole('status').filter({ hasText: /^Showing 1–\d+ of [\d,]+ organisations?$/ }),
  ).toBeVisible();
  const search = page.getByRole('search', { name: 'Search the members' });
  await search.getByLabel('Organisation name').fill(word);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Showing 1 of 1 organisation named with “${word}”` }),
  ).toBeVisible();
  const names = page.getByRole('table', { name: /joined through/ }).getByRole('rowheader');
  await expect(names).toHaveText([`${word} Osprey Cycles`]);
  await page.screenshot({ path: test.info().outputPath('members-search.png'), fullPage: true });
});
