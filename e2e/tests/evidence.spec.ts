// A business owner at a desk attaches evidence to an answer the reviewer expects it on: a file the
// browser reads and the server checks by its content (a script disguised as an image is refused in
// the server's words), a download that gives back the same bytes, and a removal after a confirmation.
import { readFile } from 'node:fs/promises';
import { API, type ApiResponses } from '@toolkit/domain';
import { AppPage } from '../support/app-page';
import { callApi, createOwner, openSession } from '../support/auth';
import { expect, test } from '../support/stack';
import { completeBusinessQuickscan } from '../support/survey-api';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
);

test('an owner adds a power bill to the renewable electricity answer, downloads it whole and removes it', async ({
  page,
}) => {
  const owner = await createOwner();
  await completeBusinessQuickscan(owner.idToken);
  const { result } = await callApi<ApiResponses[typeof API.getMyReview]>(API.getMyReview, {}, owner.idToken);
  const renewable = result!.questions.find((question) => question.questionId === 'renewable-electricity')!;
  expect(renewable.evidenceRequired).toBe(true);

  await openSession(page, owner.email);
  await page.goto('/dashboard/evidence');
  await new AppPage(page).expectScreen('Evidence and review', '/dashboard/evidence');
  const answer = page.getByRole('listitem', { name: renewable.title, exact: true });
  const chooser = answer.locator('input[type="file"]');

  // A drawing with a script, named as a photo: refused beside the button, in the server's words.
  await chooser.setInputFiles({ name: 'meter.png', mimeType: 'image/png', buffer: SVG });
  await expect(answer.getByRole('alert')).toContainText(
    'meter.png: This file is a web page or SVG drawing, which could run code when opened.',
  );

  await answer.getByLabel('Note for the files (optional)').fill('Green power plan, page 2');
  await chooser.setInputFiles({ name: 'Power bill March.pdf', mimeType: 'application/pdf', buffer: PDF });
  const bill = answer.getByRole('listitem').filter({ hasText: 'Power bill March.pdf' });
  await expect(bill).toContainText('A PDF, ');
  await expect(bill).toContainText('Green power plan, page 2');
  await expect(answer.getByRole('alert')).toHaveCount(0);

  const download = page.waitForEvent('download');
  await bill.getByRole('button', { name: 'Download Power bill March.pdf' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('Power bill March.pdf');
  expect((await readFile((await saved.path())!)).equals(PDF)).toBe(true);

  await bill.getByRole('button', { name: 'Remove Power bill March.pdf' }).click();
  await answer.getByRole('button', { name: 'Yes, remove it' }).click();
  await expect(bill).toHaveCount(0);
  await expect(answer).toContainText('No evidence on this answer yet.');
});
