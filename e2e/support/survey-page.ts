// The survey remote's page object. Which slides a survey has, and what each asks, comes from the
// seed content the local content service serves (packages/content/content), so the walk follows
// the real definition rather than a copy of it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { progressCaption, sliderAnswerText, slideProgress } from '@toolkit/domain';
import { root } from './stack';

export type QuestionType = 'content' | 'comment' | 'dropdown' | 'multipleChoice' | 'slider';

export interface SeedQuestion {
  id: string;
  type: QuestionType;
  title: string;
  multiple?: boolean;
  textLines?: number;
  options?: { id: string; label: string }[];
  /** A slider's scale. */
  labels?: string[];
  scoreMin?: number;
  scoreMax?: number;
  scoreStepSize?: number;
}

export interface Slide {
  sectionId: number;
  sectionTitle: string;
  /** 1-based within its section, as in the slide's URL. */
  number: number;
  /** The slide's heading: the question's title, or the group's. */
  title: string;
  isGroup: boolean;
  questions: SeedQuestion[];
}

type SeedItem = SeedQuestion | { id: string; type: 'group'; title: string; questions: SeedQuestion[] };

interface SeedSurvey {
  extends?: string;
  title: string;
  notificationEmailRecipients?: string[];
  sections?: { id: number; title: string; questions: SeedItem[] }[];
}

function readSeed(file: string): SeedSurvey {
  const seed = JSON.parse(
    readFileSync(path.join(root, 'packages/content/content', file), 'utf8'),
  ) as SeedSurvey;
  return seed.extends ? { ...readSeed(seed.extends), ...seed } : seed;
}

/** The slides of a seed survey in the order a respondent meets them. */
export function surveySlides(surveyId: string): { title: string; recipients: string[]; slides: Slide[] } {
  const seed = readSeed(`${surveyId}.json`);
  const slides = (seed.sections ?? []).flatMap((section) =>
    section.questions.map((item, index) => ({
      sectionId: section.id,
      sectionTitle: section.title,
      number: index + 1,
      title: item.title,
      isGroup: item.type === 'group',
      questions: item.type === 'group' ? item.questions : [item],
    })),
  );
  return { title: seed.title, recipients: seed.notificationEmailRecipients ?? [], slides };
}

/** What `answer` gives each question: the second option, two boxes, two slider steps, a sentence. */
export type Answer = string | string[] | number;

export class SurveyPage {
  constructor(readonly page: Page) {}

  heading(name: string) {
    return this.page.getByRole('heading', { level: 1, name, exact: true });
  }

  saveStatus() {
    return this.page.getByRole('status').filter({ hasText: /saved|saving|retrying|offline/i });
  }

  async expectSlide(slide: Slide) {
    await expect(this.heading(slide.title)).toBeVisible();
    await expect(this.page).toHaveURL(new RegExp(`/section/${slide.sectionId}/slide/${slide.number}(\\?|$)`));
  }

  /** The caption and bar of slide `index` of `slides`: questions counted, information slides not. */
  async expectProgress(slides: readonly Slide[], index: number) {
    const caption = progressCaption(slideProgress(slides, index));
    await expect(this.page.getByText(caption, { exact: true })).toBeVisible();
    await expect(this.page.getByRole('progressbar', { name: 'Survey progress' })).toHaveAttribute(
      'aria-valuetext',
      caption,
    );
  }

  /** Answers every question on the slide shown, by keyboard and pointer as a respondent would. */
  async answer(slide: Slide, text = (question: SeedQuestion) => `Answer to ${question.id}`) {
    const answers: Record<string, Answer> = {};
    for (const question of slide.questions) {
      const name = question.title;
      switch (question.type) {
        case 'content':
          break;
        case 'comment': {
          const value = text(question);
          await this.page.getByRole('textbox', { name, exact: true }).fill(value);
          answers[question.id] = value;
          break;
        }
        case 'multipleChoice': {
          const option = question.options![1]!;
          await this.page
            .getByRole('radiogroup', { name, exact: true })
            .getByRole('radio', { name: option.label, exact: true })
            .check();
          answers[question.id] = option.id;
          break;
        }
        case 'dropdown': {
          if (question.multiple) {
            const group = this.page.getByRole('group', { name, exact: true });
            const chosen = question.options!.slice(0, 2);
            for (const option of chosen) {
              await group.getByRole('checkbox', { name: option.label, exact: true }).check();
            }
            answers[question.id] = chosen.map((option) => option.id);
          } else {
            const option = question.options![1]!;
            await this.page.getByRole('combobox', { name, exact: true }).selectOption(option.id);
            answers[question.id] = option.id;
          }
          break;
        }
        case 'slider': {
          const slider = this.page.getByRole('slider', { name, exact: true });
          const from = Number(await slider.inputValue());
          await slider.focus();
          await this.page.keyboard.press('ArrowRight');
          await this.page.keyboard.press('ArrowRight');
          const value = Number(await slider.inputValue());
          answers[question.id] = value;
          expect(value).toBeGreaterThan(from);
          // The answer reads in the scale's words (its caption, or a share as a percentage), never
          // as the value and a caption side by side.
          const words = sliderAnswerText(
            {
              labels: question.labels ?? null,
              scoreMin: question.scoreMin ?? 0,
              scoreMax: question.scoreMax ?? 0,
            },
            value,
          );
          await expect(slider).toHaveAttribute('aria-valuetext', words);
          await expect(this.page.getByText(`Your answer: ${words}`, { exact: true })).toBeVisible();
          break;
        }
      }
    }
    return answers;
  }

  /** Checks that the slide shows the given answers (e.g. after a reload). */
  async expectAnswers(slide: Slide, answers: Record<string, Answer>) {
    for (const question of slide.questions) {
      const expected = answers[question.id];
      if (expected === undefined) continue;
      const name = question.title;
      const option = (id: string) => question.options!.find((candidate) => candidate.id === id)!.label;
      if (question.type === 'comment')
        await expect(this.page.getByRole('textbox', { name, exact: true })).toHaveValue(String(expected));
      else if (question.type === 'multipleChoice')
        await expect(
          this.page.getByRole('radio', { name: option(String(expected)), exact: true }),
        ).toBeChecked();
      else if (question.type === 'slider')
        await expect(this.page.getByRole('slider', { name, exact: true })).toHaveValue(String(expected));
      else if (question.multiple)
        for (const id of expected as string[])
          await expect(
            this.page.getByRole('group', { name, exact: true }).getByRole('checkbox', { name: option(id) }),
          ).toBeChecked();
      else await expect(this.page.getByRole('combobox', { name, exact: true })).toHaveValue(String(expected));
    }
  }

  /** From a slide to the next one: through the next section's start page when the section ends. */
  async next(to: Slide | null) {
    if (!to) {
      await this.page.getByRole('button', { name: 'Finish' }).click();
      return;
    }
    await this.page.getByRole('button', { name: 'Next', exact: true }).click();
    if (to.number === 1) {
      await expect(this.heading(to.sectionTitle)).toBeVisible();
      await this.page.getByRole('button', { name: 'Start this part' }).click();
    }
    await this.expectSlide(to);
  }

  /** Back from slide `from` to slide `to`, through the section's start page when `from` is its first. */
  async previous(from: Slide, to: Slide) {
    await this.page.getByRole('button', { name: 'Previous', exact: true }).click();
    if (from.number === 1) {
      await expect(this.heading(from.sectionTitle)).toBeVisible();
      await this.page.getByRole('button', { name: 'Previous', exact: true }).click();
    }
    await this.expectSlide(to);
  }

  /**
   * Until the shell's service worker controls the page and keeps the survey's version, so that the
   * survey reloads without a network.
   */
  async untilKeptOffline() {
    await this.page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, {
      timeout: 15_000,
    });
    await expect
      .poll(() =>
        this.page.evaluate(async () => {
          const names = await caches.keys();
          const pins = names.find((name) => name.startsWith('toolkit-offline-pins'));
          return pins ? (await (await caches.open(pins)).keys()).length : 0;
        }),
      )
      .toBeGreaterThan(0);
  }

  /** From the survey's start page to its first slide. */
  async begin(title: string, first: Slide) {
    await expect(this.heading(title)).toBeVisible();
    // By keyboard: a click right after scrolling the button into view can land in the intro's video,
    // a cross-origin frame whose hit-test area Chromium moves only a moment after the scroll.
    await this.page.getByRole('button', { name: 'Start', exact: true }).press('Enter');
    await expect(this.heading(first.sectionTitle)).toBeVisible();
    await this.page.getByRole('button', { name: 'Start this part' }).click();
    await this.expectSlide(first);
  }

  /** The respondent's result: the survey remembers where they are in it, under the result's id. */
  async resultId(): Promise<string> {
    const resultId = await this.page.evaluate(() =>
      Object.keys(localStorage)
        .find((key) => key.startsWith('toolkit:survey-position:v1:'))
        ?.split(':')
        .pop(),
    );
    expect(resultId).toBeTruthy();
    return resultId!;
  }

  async expectThankYou() {
    await expect(this.heading('Thank you: your answers are in')).toBeVisible({ timeout: 30_000 });
  }
}
