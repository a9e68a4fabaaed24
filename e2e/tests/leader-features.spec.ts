// The Leader plan's own features: on Free an owner is told which plan brings the
// materiality assessment and actions of their own; after paying for Leader in the sandbox they rate
// matters on the matrix and write an action that joins their plan; back on Free both are kept,
// read-only.
import { AppPage } from '../support/app-page';
import { createOwner, openSession } from '../support/auth';
import { expect, test } from '../support/stack';
import { completeBusinessQuickscan } from '../support/survey-api';

test('a Leader owner rates materiality and plans an action of their own; a downgrade keeps both read-only', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const app = new AppPage(page);
  const owner = await createOwner();
  // A completion needs a scored answer: the energy part is answered, the rest skipped.
  await completeBusinessQuickscan(owner.idToken);
  await openSession(page, owner.email);

  await page.goto('/dashboard/materiality');
  await expect(
    page.getByText(/Double-materiality assessment: part of the Leader plan, not yours/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save assessment' })).toHaveCount(0);

  await app.mainLink('Plans').click();
  await page.getByRole('button', { name: 'Choose Leader' }).click();
  await page.getByRole('button', { name: 'Pay for Leader (sandbox)' }).click();
  await expect(page.getByRole('heading', { name: 'Leader (your plan)' })).toBeVisible();

  // Plans belongs to the billing remote, which shows no dashboard sections.
  await app.mainLink('Dashboard').click();
  await app.dashboardLink('Materiality').click();
  const climate = page.getByRole('group', { name: 'Climate change' });
  await climate.getByRole('combobox', { name: 'Impact' }).selectOption('5');
  await climate.getByRole('combobox', { name: 'Financial importance' }).selectOption('4');
  const workforce = page.getByRole('group', { name: 'Own workforce' });
  await workforce.getByRole('combobox', { name: 'Impact' }).selectOption('2');
  await workforce.getByRole('combobox', { name: 'Financial importance' }).selectOption('3');
  await page.getByRole('button', { name: 'Save assessment' }).click();
  await expect(page.getByText('Saved. The matrix shows your latest ratings.')).toBeVisible();
  await page.reload();
  const ranked = page.getByRole('list', { name: 'Matters, most material first' });
  await expect(ranked.getByRole('listitem')).toHaveText([
    'Climate change: impact 5, financial 4 (material for impact and finance)',
    'Own workforce: impact 2, financial 3 (not material yet)',
  ]);
  await expect(page.getByRole('img', { name: /1\. Climate change: impact 5, financial 4/ })).toBeVisible();

  await app.dashboardLink('Actions').click();
  const write = page.getByRole('form', { name: 'Write an action' });
  await write.getByRole('textbox', { name: 'Title' }).fill('Bike to work week');
  await write.getByRole('textbox', { name: 'What it involves' }).fill('Lend bikes to the team each spring.');
  await write.getByRole('combobox', { name: 'Topic' }).selectOption('PEOPLE');
  await write.getByRole('button', { name: 'Add action' }).click();
  await page.getByRole('button', { name: 'Add “Bike to work week” to plan' }).click();
  await expect(page.getByRole('group', { name: 'Bike to work week' }).getByLabel('Status')).toHaveValue(
    'todo',
  );

  await app.mainLink('Plans').click();
  await page.getByRole('button', { name: 'Cancel the Leader plan' }).click();
  await page.getByRole('button', { name: 'Yes, go back to Free' }).click();
  await expect(page.getByRole('heading', { name: 'Free (your plan)' })).toBeVisible();

  await app.mainLink('Dashboard').click();
  await app.dashboardLink('Actions').click();
  await expect(
    page.getByText(/Your actions are kept and stay in your plan; they cannot be changed/),
  ).toBeVisible();
  await expect(page.getByRole('group', { name: 'Bike to work week' }).getByLabel('Status')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit “Bike to work week”' })).toHaveCount(0);
  await app.dashboardLink('Materiality').click();
  await expect(page.getByText(/Your ratings are kept and shown; they cannot be changed/)).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Climate change' }).getByRole('combobox', { name: 'Impact' }),
  ).toBeDisabled();
});
