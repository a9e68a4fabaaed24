// Evidence and verification, walked whole on the real stack. A business's owner on a phone (its
// account, paid plan and completed Quickscan made through the callables) attaches a photo and a PDF
// to the two answers the Quickscan asks evidence for and asks the publisher to verify, which locks
// the answers. The publisher's owner on a desktop marks one answer "needs information" with a
// comment; the business replies on its phone, adds a file and sends it back; the publisher accepts
// every answer and verifies. The credential the business then signs is checked in a signed-out
// browser, which names the publisher that verified it.
import { API, type ApiResponses } from '@toolkit/domain';
import { AppPage } from '../support/app-page';
import { callApi, createOwner, openSession, SIGNUP_DETAILS, uniqueEmail } from '../support/auth';
import { expect, test } from '../support/stack';
import { completeBusinessQuickscan } from '../support/survey-api';

const PUBLISHER_OWNER = 'owner@demo-publisher.example';
const PHONE = { width: 390, height: 844 };

/** A 1×1 PNG: its signature, header, one pixel's data and the end. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** A one-page PDF with nothing on it. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('a business backs two answers with evidence, the publisher asks for more and verifies, and the public check names it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const organisation = `Harbour Bakery ${Date.now()}`;
  const owner = await createOwner(uniqueEmail('owner'), {
    ...SIGNUP_DETAILS,
    organisationName: organisation,
  });
  // Asking for verification is part of the paid plans.
  await owner.upgrade();
  await completeBusinessQuickscan(owner.idToken);
  const business = <N extends keyof typeof API>(name: N, data: unknown) =>
    callApi<ApiResponses[(typeof API)[N]]>(API[name], data, owner.idToken);
  const { result } = await business('getMyReview', {});
  const publisherName = result!.publisherName;
  // The Quickscan asks for evidence on these two: their lists are open on the screen.
  const [first, second] = result!.questions.filter((question) => question.evidenceRequired);

  // The business, on a phone.
  await page.setViewportSize(PHONE);
  await openSession(page, owner.email);
  await page.goto('/dashboard/evidence');
  await new AppPage(page).expectScreen('Evidence and review', '/dashboard/evidence');
  const answer = (title: string) => page.getByRole('listitem', { name: title, exact: true });
  const attach = async (title: string, file: { name: string; mimeType: string; buffer: Buffer }) => {
    await answer(title).locator('input[type="file"]').setInputFiles(file);
    await expect(answer(title)).toContainText(file.name);
  };
  await attach(first!.title, { name: 'solar-panels.png', mimeType: 'image/png', buffer: PNG });
  await attach(second!.title, { name: 'electricity-bill.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: `Ask ${publisherName} to verify` }).click();
  await page.getByRole('button', { name: 'Yes, ask them' }).click();
  await expect(page.getByText(`Waiting for ${publisherName}`)).toBeVisible();
  await expect(answer(first!.title)).toContainText(`Locked while ${publisherName} reviews your result`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const { review } = await business('getMyReview', {});

  // The publisher, on a desktop.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const reviewer = await desk.newPage();
  await openSession(reviewer, PUBLISHER_OWNER);
  await reviewer.goto(`/dashboard/reviews/${review!.reviewId}`);
  await new AppPage(reviewer).expectScreen(`Review of ${organisation}`);
  const question = reviewer.getByRole('region', { name: first!.title, exact: true });
  const verdict = reviewer.getByRole('region', { name: 'Verdict' });
  await expect(question).toContainText('solar-panels.png');
  await question.getByRole('textbox', { name: 'Comment' }).fill('Please add this year’s bill too.');
  await question.getByRole('button', { name: 'Needs information' }).click();
  await expect(question.getByRole('button', { name: 'Needs information' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await verdict.getByRole('button', { name: 'Ask for more information' }).click();
  await expect(verdict).toContainText(`Waiting for ${organisation}`);

  // The business replies on its phone, adds the file asked for and sends the result back.
  await page.reload();
  await expect(page.getByText(`${publisherName} needs more information on 1 question`)).toBeVisible();
  await expect(answer(first!.title)).toContainText('Please add this year’s bill too.');
  await answer(first!.title).getByRole('textbox', { name: 'Your reply' }).fill('This year’s is attached.');
  await answer(first!.title).getByRole('button', { name: 'Send reply' }).click();
  await expect(answer(first!.title).getByRole('textbox', { name: 'Your reply' })).toHaveValue('');
  await attach(first!.title, { name: 'bill-2026.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'Send back for review' }).click();
  await expect(page.getByText(`In review by ${publisherName}`)).toBeVisible();

  // The publisher reads the reply, accepts every answer and verifies.
  await reviewer.reload();
  await expect(question).toContainText('This year’s is attached.');
  await expect(question).toContainText('bill-2026.pdf');
  const undecided = reviewer.getByRole('button', { name: 'Accept', pressed: false });
  for (let left = await undecided.count(); left > 0; left--) {
    await undecided.first().click();
    await expect(undecided).toHaveCount(left - 1);
  }
  await verdict.getByRole('button', { name: 'Verify' }).click();
  await expect(verdict).toContainText('Verified on');
  await desk.close();

  const { declaration } = await business('getDeclaration', {});
  const { credential } = await business('signDeclaration', { surveyId: declaration!.surveyId });
  const stranger = await browser.newContext();
  try {
    const check = await stranger.newPage();
    await check.goto(credential!.url);
    await expect(check.getByText('Genuine and valid')).toBeVisible();
    await expect(check.getByText(new RegExp(`^Verified by ${publisherName} on `))).toBeVisible();
  } finally {
    await stranger.close();
  }
});
