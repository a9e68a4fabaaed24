// A respondent on a phone who skips every question reaches the last slide,
// is told which parts are still empty with a link to each, cannot finish, follows a link, answers,
// comes back and finishes. "Question n of m" counts questions, never the survey's information slides.
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { expect, test } from '../support/stack';
import { SurveyPage, surveySlides } from '../support/survey-page';

test.use({ viewport: { width: 390, height: 844 } });

test('a survey skipped through cannot be finished empty: the last slide links to the empty parts', async ({
  page,
  stack,
}, testInfo) => {
  test.setTimeout(180_000);
  const { title, slides } = surveySlides('quickscan');
  const survey = new SurveyPage(page);

  await page.goto('/survey/demo-publisher/quickscan');
  await expect(survey.heading(title)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the start page');
  await survey.begin(title, slides[0]!);
  const resultId = await survey.resultId();

  // The first slide only informs: it is not counted as a question.
  expect(slides[0]!.questions.map((question) => question.type)).toEqual(['content']);
  await expect(page.getByText('Before question 1 of 39', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'an information slide');

  // Skips every slide, checking the count on each.
  for (const [index, slide] of slides.entries()) {
    await survey.expectProgress(slides, index);
    if (index === 1) await expect(page.getByText('Question 1 of 39', { exact: true })).toBeVisible();
    if (slide.sectionId === 2 && slide.isGroup) {
      await expect(page.getByText('Questions 9–11 of 39', { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'a group slide');
    }
    const next = slides[index + 1];
    if (next) await survey.next(next);
  }

  // The last slide: every scored part is listed, and Finish waits.
  const last = slides[slides.length - 1]!;
  const empty = page.getByRole('region', { name: 'Answer at least one question before you finish' });
  await expect(empty).toBeVisible();
  await expect(empty.getByRole('link')).toHaveText([
    'Energy and emissions',
    'Waste and materials',
    'People and wellbeing',
    'Community',
    'Governance',
  ]);
  const finish = page.getByRole('button', { name: 'Finish' });
  await expect(finish).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'the last slide with nothing answered');
  await page.screenshot({ path: testInfo.outputPath('last-slide-empty.png'), fullPage: true });

  // By keyboard to the Community part's first slide, where one question is answered.
  await empty.getByRole('link', { name: 'Community' }).focus();
  await page.keyboard.press('Enter');
  const community = slides.find((slide) => slide.sectionTitle === 'Community' && slide.number === 1)!;
  await survey.expectSlide(community);
  await survey.expectProgress(slides, slides.indexOf(community));
  await expectNoSeriousA11yViolations(page, 'a part reached from the last slide');
  await survey.answer(community);
  await expect(survey.saveStatus()).toHaveText('All answers saved');

  // Back on the last slide the answered part is no longer listed, and Finish completes.
  await page.goBack();
  await survey.expectSlide(last);
  const stillEmpty = page.getByRole('region', { name: 'Some parts are still unanswered' });
  await expect(stillEmpty.getByRole('link')).toHaveText([
    'Energy and emissions',
    'Waste and materials',
    'People and wellbeing',
    'Governance',
  ]);
  await expect(empty).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'the last slide with a part answered');
  await page.screenshot({ path: testInfo.outputPath('last-slide-answered.png'), fullPage: true });
  await finish.click();
  await survey.expectThankYou();

  const stored = await stack.store!.get(`tenants/demo-publisher/assessments/quickscan/results/${resultId}`);
  expect(stored.data).toMatchObject({ isCompleted: true });
});
