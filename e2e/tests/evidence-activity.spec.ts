// An owner's evidence added to an answer and taken off again shows on Activity, in words naming the
// file, the answer and the survey: the trail a reviewer's questions are answered from.
import { API, type ApiResponses } from '@toolkit/domain';
import { AppPage } from '../support/app-page';
import { callApi, createOwner, openSession, uniqueEmail } from '../support/auth';
import { expect, test } from '../support/stack';
import { completeBusinessQuickscan } from '../support/survey-api';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

test('evidence added to an answer and removed again is on Activity, in words', async ({ page }) => {
  const owner = await createOwner(uniqueEmail('evidence-activity'), {
    organisationName: 'Harbour Ledger',
    firstName: 'Dana',
    lastName: 'Lee',
  });
  await completeBusinessQuickscan(owner.idToken);
  const { result } = await callApi<ApiResponses[typeof API.getMyReview]>(API.getMyReview, {}, owner.idToken);
  const { surveyId, resultId, surveyTitle } = result!;
  const renewable = result!.questions.find((question) => question.questionId === 'renewable-electricity')!;
  const { item } = await callApi<ApiResponses[typeof API.addEvidenceFile]>(
    API.addEvidenceFile,
    {
      surveyId,
      resultId,
      questionId: renewable.questionId,
      fileName: 'Power bill.pdf',
      contentBase64: PDF.toString('base64'),
    },
    owner.idToken,
  );
  await callApi(API.removeEvidence, { surveyId, resultId, evidenceId: item.evidenceId }, owner.idToken);

  await openSession(page, owner.email);
  await page.goto('/dashboard/activity');
  await new AppPage(page).expectScreen('Activity', '/dashboard/activity');
  const entries = page.getByRole('list', { name: 'Activity, newest first' }).getByRole('listitem');
  const answer = `the answer to "${renewable.title}" in the result of ${surveyTitle}`;
  await expect(entries.nth(0)).toContainText(
    `Dana Lee removed the file "Power bill.pdf" from the evidence for ${answer}.`,
  );
  await expect(entries.nth(1)).toContainText(
    `Dana Lee added the file "Power bill.pdf" as evidence for ${answer}.`,
  );
});
