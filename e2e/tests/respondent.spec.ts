// An anonymous respondent on a phone answers the public Quickscan; no answer is lost to a
// reload or to a dropped connection, the publisher is told, and every screen passes axe-core.
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { waitForMail } from '../support/mail';
import { expect, test } from '../support/stack';
import { SurveyPage, surveySlides, type Answer, type Slide } from '../support/survey-page';

const HOSTILE_NAME = '<img src=x onerror=alert(1)>';

test.use({ viewport: { width: 390, height: 844 } });

/** Which kind of slide this is, for auditing one of each. */
const kindOf = (slide: Slide) => {
  if (slide.isGroup) return 'group';
  const [question] = slide.questions;
  if (question?.type === 'dropdown') return question.multiple ? 'dropdown (several)' : 'dropdown (one)';
  if (question?.type === 'comment') return (question.textLines ?? 1) > 1 ? 'comment (lines)' : 'comment';
  return question?.type ?? 'empty';
};

test('an anonymous respondent completes the public Quickscan on a phone and loses no answer', async ({
  page,
  context,
  stack,
}) => {
  test.setTimeout(180_000);
  const { title, recipients, slides } = surveySlides('quickscan');
  const survey = new SurveyPage(page);
  const company = `Harbour Bakery ${Date.now()}`;
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });

  const query = new URLSearchParams({ firstName: HOSTILE_NAME, lastName: 'Okafor' });
  await page.goto(`/survey/demo-publisher/quickscan?${query}`);
  await expect(survey.heading(title)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the start page');
  await survey.begin(title, slides[0]!);
  const resultId = await survey.resultId();

  // Mid-way through "Energy and emissions" the page is reloaded; the three answerable slides that
  // follow the start of "Waste and materials" are answered offline.
  const reloadAt = slides.findIndex((slide) => slide.sectionId === 2 && slide.number === 2);
  const offlineFrom = slides.findIndex((slide) => slide.sectionId === 3 && slide.number === 2);
  const offlineSlides = slides.slice(offlineFrom, offlineFrom + 3);
  expect(
    offlineSlides.every((slide) => slide.questions.some((question) => question.type !== 'content')),
  ).toBe(true);

  const answers: Record<string, Answer> = {};
  const audited = new Set<string>();
  for (const [index, slide] of slides.entries()) {
    const kind = kindOf(slide);
    if (!audited.has(kind)) {
      audited.add(kind);
      await expectNoSeriousA11yViolations(page, `a ${kind} slide`);
    }
    await survey.expectProgress(slides, index);
    if (index === offlineFrom) await context.setOffline(true);

    const given = await survey.answer(slide, (question) =>
      question.id === 'company-name' ? company : `Our answer to ${question.id}`,
    );
    Object.assign(answers, given);

    if (index === offlineFrom) {
      await expect(survey.saveStatus()).toContainText(/^Offline: \d+ answers? kept on this device/);
    }
    if (index === offlineFrom + offlineSlides.length - 1) {
      await context.setOffline(false);
      await expect(survey.saveStatus()).toHaveText('All answers saved');
    }
    if (index === reloadAt) {
      await page.reload();
      await survey.expectSlide(slide);
      await survey.expectAnswers(slide, given);
    }
    await survey.next(slides[index + 1] ?? null);
  }
  expect([...audited].sort()).toEqual(
    [
      'comment',
      'comment (lines)',
      'content',
      'dropdown (one)',
      'dropdown (several)',
      'group',
      'multipleChoice',
      'slider',
    ].sort(),
  );
  await survey.expectThankYou();

  // The server holds every answer, including the ones given offline.
  const stored = await stack.store!.get(`tenants/demo-publisher/assessments/quickscan/results/${resultId}`);
  expect(stored.data).toMatchObject({ isCompleted: true, questions: answers });

  // The publisher's notification names the respondent as text, never as markup.
  const [recipient] = recipients;
  const mail = await waitForMail(recipient!, new RegExp(`New self-assessment result from ${company}`));
  expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; Okafor');
  expect(mail.html).not.toContain(HOSTILE_NAME);
  const mailView = await context.newPage();
  mailView.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  await mailView.setContent(mail.html);
  await expect(mailView.getByText(`${HOSTILE_NAME} Okafor`)).toBeVisible();
  await expect(mailView.getByText(company)).toBeVisible();
  expect(alerts).toEqual([]);
});
