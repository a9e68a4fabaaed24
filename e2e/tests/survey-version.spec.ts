// A survey opened once on a phone keeps working without a network, and stays on the version of the
// survey remote it was started on: the shell's service worker (shell/src/offline) keeps the page,
// the files and the definition it served, and the survey remote's version for that survey's pages
// until the server has completed the result.
import { cpSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { paths } from '@toolkit/domain';
import { listApps, webpackBuild } from '@toolkit/dev-stack';
import { expect, root, test } from '../support/stack';
import { SurveyPage, surveySlides, type Slide } from '../support/survey-page';

const TENANT = 'demo-publisher';
const SURVEY = 'quickscan';
const RELEASE_NOTE = 'Release 2 of the survey remote';

const slideUrl = (slide: Slide) => paths.surveySlide(TENANT, SURVEY, slide.sectionId, slide.number);

test.use({ viewport: { width: 390, height: 844 } });

test('a survey opened once reloads without a network on the slide the respondent was on, with the answer', async ({
  page,
  context,
}) => {
  const survey = new SurveyPage(page);
  const { slides } = surveySlides(SURVEY);
  const first = slides.find((slide) => slide.questions.some((question) => question.type !== 'content'))!;

  await page.goto(slideUrl(first));
  await survey.expectSlide(first);
  const answers = await survey.answer(first);
  await expect(survey.saveStatus()).toHaveText('All answers saved');
  await survey.untilKeptOffline();

  await context.setOffline(true);
  try {
    await page.reload();
    await survey.expectSlide(first);
    await survey.expectAnswers(first, answers);
  } finally {
    await context.setOffline(false);
  }
});

test('a survey started on one release of the survey remote finishes on it, and the next start takes the new one', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const survey = new SurveyPage(page);
  const { title, slides } = surveySlides(SURVEY);
  // A completion needs a scored answer: "Energy and emissions" scores its choices.
  const scored = slides.find(
    (slide) =>
      slide.sectionId === 2 && slide.questions.some((question) => question.type === 'multipleChoice'),
  )!;
  const last = slides.at(-1)!;
  const served = path.join(root, 'mfe-survey', 'dist');
  const probe = path.join(root, '.data', `survey-release-probe-${Date.now()}`, 'mfe-survey');
  const previous = `${served}-previous-${Date.now()}`;

  // The new release: the survey remote's source with a line on every slide, built as any release is.
  cpSync(path.join(root, 'mfe-survey'), probe, {
    recursive: true,
    filter: (source) => !/[/\\](node_modules|dist|@mf-types)([/\\]|$)/.test(path.relative(root, source)),
  });
  const screen = path.join(probe, 'src', 'features', 'answering', 'slide-screen.tsx');
  const source = readFileSync(screen, 'utf8');
  const changed = source.replace(
    '<Eyebrow>{section.title}</Eyebrow>\n',
    `<Eyebrow>{section.title}</Eyebrow>\n      <p>${RELEASE_NOTE}</p>\n`,
  );
  expect(changed, 'the probe found the slide’s section line to change').not.toBe(source);
  writeFileSync(screen, changed);
  const surveyApp = listApps().find((app) => app.name === 'survey')!;
  await webpackBuild({ name: 'survey', dir: probe, root, app: { ...surveyApp, dir: probe } });

  // A respondent starts on the release being served, and answers a scored question.
  await page.goto(slideUrl(scored));
  await survey.expectSlide(scored);
  await survey.answer(scored);
  await expect(survey.saveStatus()).toHaveText('All answers saved');
  await survey.untilKeptOffline();

  try {
    // The deploy: the survey remote's hosting files are replaced, nothing else.
    renameSync(served, previous);
    cpSync(path.join(probe, 'dist'), served, { recursive: true });

    // Reloaded, and opened at another of its slides: the survey stays on the release it started on.
    await page.reload();
    await survey.expectSlide(scored);
    await page.goto(slideUrl(last));
    await survey.expectSlide(last);
    await expect(page.getByText(RELEASE_NOTE)).toHaveCount(0);
    await page.getByRole('button', { name: 'Finish' }).click();
    await survey.expectThankYou();

    // Completed on the server, the survey's next start takes the new release.
    const next = await context.newPage();
    const nextSurvey = new SurveyPage(next);
    await next.goto(paths.survey(TENANT, SURVEY));
    await nextSurvey.begin(title, slides[0]!);
    await expect(next.getByText(RELEASE_NOTE)).toBeVisible();
  } finally {
    if (existsSync(previous)) {
      rmSync(served, { recursive: true, force: true });
      renameSync(previous, served);
    }
    rmSync(path.dirname(probe), { recursive: true, force: true });
  }
});
