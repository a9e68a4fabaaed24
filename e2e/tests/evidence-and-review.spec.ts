// A business's owner on a phone attaches evidence to two answers of the Quickscan it completed and
// asks the toolkit's publisher to verify the result, which locks its answers while it is reviewed.
import { API, type ApiResponses } from '@toolkit/domain';
import { AppPage } from '../support/app-page';
import { callApi, createOwner, openSession } from '../support/auth';
import { expect, test } from '../support/stack';
import { completeBusinessQuickscan } from '../support/survey-api';

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

test('on a phone, an owner attaches a photo and a PDF to two answers and asks the publisher to verify the result', async ({
  page,
}) => {
  const owner = await createOwner();
  // Asking for verification is part of the paid plans.
  await owner.upgrade();
  await completeBusinessQuickscan(owner.idToken);
  const { result } = await callApi<ApiResponses[typeof API.getMyReview]>(API.getMyReview, {}, owner.idToken);
  // The Quickscan asks for evidence on these two: their lists are open on the screen.
  const [first, second] = result!.questions.filter((question) => question.evidenceRequired);

  await page.setViewportSize(PHONE);
  await openSession(page, owner.email);
  await page.goto('/dashboard/evidence');
  await new AppPage(page).expectScreen('Evidence and review', '/dashboard/evidence');

  const question = (title: string) => page.getByRole('listitem', { name: title, exact: true });
  await question(first!.title).locator('input[type="file"]').setInputFiles({
    name: 'solar-panels.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(question(first!.title)).toContainText('solar-panels.png');
  await question(second!.title).locator('input[type="file"]').setInputFiles({
    name: 'electricity-bill.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(question(second!.title)).toContainText('electricity-bill.pdf');

  const publisher = result!.publisherName;
  await page.getByRole('button', { name: `Ask ${publisher} to verify` }).click();
  await page.getByRole('button', { name: 'Yes, ask them' }).click();
  await expect(page.getByText(`Waiting for ${publisher}`)).toBeVisible();
  await expect(question(first!.title)).toContainText(`Locked while ${publisher} reviews your result`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
