// The publisher's side of verification, on a desktop. A business (made through the callables: a new
// owner on a paid plan, its Quickscan completed, a bill attached, verification asked) is reviewed by
// the publisher's owner, who marks one answer "needs information" with a comment and sends it back;
// the business replies, attaches another file and resubmits (callables); the publisher accepts every
// answer and verifies; the business signs its declaration (callable), and a signed-out browser's
// public check of the credential says who verified it.
import { API, type ApiResponses } from '@toolkit/domain';
import { AppPage } from '../support/app-page';
import { callApi, createOwner, openSession, SIGNUP_DETAILS, uniqueEmail } from '../support/auth';
import { expect, test } from '../support/stack';
import { completeBusinessQuickscan } from '../support/survey-api';

const PUBLISHER_OWNER = 'owner@demo-publisher.example';

/** A one-page PDF with nothing on it, as the business's bill. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
).toString('base64');

test('the publisher asks for more information, then verifies, and the public check names it', async ({
  page,
  browser,
}) => {
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
  const { surveyId, resultId, questions } = result!;
  const asked = questions[0]!;
  const attach = (fileName: string) =>
    business('addEvidenceFile', {
      surveyId,
      resultId,
      questionId: asked.questionId,
      fileName,
      contentBase64: PDF,
    });
  await attach('electricity-bill.pdf');
  const { reviewId, publisherName } = await business('requestReview', { surveyId, resultId });

  await openSession(page, PUBLISHER_OWNER);
  await page.goto(`/dashboard/reviews/${reviewId}`);
  await new AppPage(page).expectScreen(`Review of ${organisation}`);
  const question = page.getByRole('region', { name: asked.title, exact: true });
  const verdict = page.getByRole('region', { name: 'Verdict' });
  await expect(question).toContainText('electricity-bill.pdf');
  await question.getByRole('textbox', { name: 'Comment' }).fill('Please add this year’s bill too.');
  await question.getByRole('button', { name: 'Needs information' }).click();
  await expect(question.getByRole('button', { name: 'Needs information' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await verdict.getByRole('button', { name: 'Ask for more information' }).click();
  await expect(verdict).toContainText(`Waiting for ${organisation}`);

  await business('commentOnReview', {
    reviewId,
    questionId: asked.questionId,
    text: 'This year’s is attached.',
  });
  await attach('bill-2026.pdf');
  await business('resubmitReview', { reviewId });

  await page.reload();
  await expect(question).toContainText('This year’s is attached.');
  await expect(question).toContainText('bill-2026.pdf');
  const undecided = page.getByRole('button', { name: 'Accept', pressed: false });
  for (let left = await undecided.count(); left > 0; left--) {
    await undecided.first().click();
    await expect(undecided).toHaveCount(left - 1);
  }
  await verdict.getByRole('button', { name: 'Verify' }).click();
  await expect(verdict).toContainText('Verified on');

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
