// A respondent opening a survey's slide reads and answers it before the app's
// scripts have arrived (the shell's early slide, drawn by index.html's one inline script); the app
// then takes over where the page stands, with the answer given there, and saves it.
import type { Page, Route } from '@playwright/test';
import { paths } from '@toolkit/domain';
import { expect, test } from '../support/stack';
import { SurveyPage, surveySlides } from '../support/survey-page';

const SLIDE = (slide: number) => `/survey/demo-publisher/quickscan/section/1/slide/${slide}`;

/** Holds every script of the app's own origin until released. */
async function holdAppScripts(page: Page, appUrl: string) {
  const held: Route[] = [];
  let released = false;
  const origin = new URL(appUrl).origin;
  await page.route(
    (url) => url.origin === origin && url.pathname.endsWith('.js'),
    (route) => (released ? route.fallback() : void held.push(route)),
  );
  return {
    held,
    release: async () => {
      released = true;
      await Promise.all(held.map((route) => route.fallback()));
    },
  };
}

/** Where an element is on screen, to the pixel. */
const boxOf = async (page: Page, selector: string) => {
  const box = await page.locator(selector).first().boundingBox();
  return box && { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width) };
};

test.use({ viewport: { width: 390, height: 844 } });

test('the first question is answered before the app has loaded, and the app takes over with the answer where it stands', async ({
  page,
  stack,
}) => {
  const scripts = await holdAppScripts(page, stack.urls.app);
  await page.goto(SLIDE(2));

  // The slide as the app would draw it, with nothing of the app run yet.
  const early = page.locator('h1', { hasText: 'What is the name of your business?' });
  await expect(early).toBeVisible();
  await expect(page.getByText('Question 1 of 39')).toBeVisible();
  await expect(page.getByText('The trading name your customers know you by.')).toBeVisible();
  await expect.poll(() => scripts.held.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => Object.keys(window).some((key) => key.startsWith('webpackChunk')))).toBe(
    false,
  );
  // Its question takes an answer; moving on waits for the app.
  const name = page.getByRole('textbox', { name: 'What is the name of your business?' });
  await name.fill('Early Bird');
  await name.press('End');
  await expect(page.locator('.es-actions[inert]')).toHaveCount(1);
  const before = { heading: await boxOf(page, 'h1'), field: await boxOf(page, 'input[type=text]') };

  await scripts.release();
  // One page, the app's: the early one is gone, the answer and the focus are in the app's field, and
  // nothing moved.
  await expect(page.locator('.es')).toHaveCount(0);
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('[inert]')).toHaveCount(0);
  await expect(name).toHaveValue('Early Bird');
  await expect(name).toBeFocused();
  expect({ heading: await boxOf(page, 'h1'), field: await boxOf(page, 'input[type=text]') }).toEqual(before);
  await page.keyboard.type(' Bakery');
  await expect(name).toHaveValue('Early Bird Bakery');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/section\/1\/slide\/3$/);
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(name).toHaveValue('Early Bird Bakery');
});

test('an option tapped as soon as it shows on a slow phone network is kept and stored', async ({ page }) => {
  test.setTimeout(120_000);
  const survey = new SurveyPage(page);
  const { slides } = surveySlides('quickscan');
  const slide = slides.find((s) => !s.isGroup && s.questions[0]?.type === 'multipleChoice')!;
  const question = slide.questions[0]!;
  const option = question.options![1]!;
  // A 4G-like network and a phone's CPU, through the DevTools protocol as the bench does.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 1.6e6 / 8,
    uploadThroughput: 750e3 / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

  await page.goto(paths.surveySlide('demo-publisher', 'quickscan', slide.sectionId, slide.number), {
    waitUntil: 'commit',
  });
  // Tapped on the early slide, before the app has taken over.
  const earlyOption = page.locator('.es').getByRole('radio', { name: option.label });
  await earlyOption.click();
  expect(await page.locator('.es').count()).toBe(1);
  await expect(earlyOption).toBeChecked();
  const look = (radio: typeof earlyOption) =>
    radio.evaluate((input) => {
      const { backgroundColor, color, borderColor } = getComputedStyle(input.closest('label')!);
      return { backgroundColor, color, borderColor };
    });
  const chosenEarly = await look(earlyOption);

  await expect(page.locator('.es')).toHaveCount(0, { timeout: 30_000 });
  const appOption = page.getByRole('radio', { name: option.label });
  await expect(appOption).toBeChecked();
  // The chosen option looks the same once the app has it.
  expect(await look(appOption)).toEqual(chosenEarly);
  // Saying so only once the server has it.
  await expect(survey.saveStatus()).toHaveText('Saving…');
  await expect(survey.saveStatus()).toHaveText('All answers saved', { timeout: 30_000 });

  // Stored: read back from the server on a reload, with nothing left waiting on the device.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  expect(
    await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('toolkit:survey-early-answers')),
    ),
  ).toEqual([]);
  await page.reload();
  await expect(page.locator('.es')).toHaveCount(0);
  await survey.expectSlide(slide);
  await expect(page.getByRole('radio', { name: option.label })).toBeChecked();
});
