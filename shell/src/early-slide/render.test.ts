import { slideProgress } from '@toolkit/domain/survey-progress';
import { locateSlide, normaliseSurvey, type SlideLocation, type SurveyDefinition } from '@toolkit/platform';
import { quickscanResponse } from '@toolkit/platform/testing';
import { buildTheme } from '@toolkit/ui/theme';
import type { AnswerValue } from '@toolkit/domain';
import { toggledChoices } from '@toolkit/platform/survey-answers';
import { canDraw, earlySlidePage, type EarlyAnswering } from './render';

const survey = normaliseSurvey(quickscanResponse().survey);
const theme = buildTheme({ primaryColor: '#1f5f4a' });

/** Every slide of the Quickscan with where it is, in order. */
const slides = (definition: SurveyDefinition) =>
  definition.sections.flatMap((section) =>
    section.slides.map((_, index) => locateSlide(definition, { sectionId: section.id, slide: index + 1 })!),
  );

/** Answers kept in memory, with every one recorded, in order. */
function answeringWith(answers: Record<string, AnswerValue> = {}) {
  const recorded: [string, AnswerValue][] = [];
  const answering: EarlyAnswering = {
    answers,
    record(questionId, answer) {
      recorded.push([questionId, answer]);
      answering.answers = { ...answering.answers, [questionId]: answer };
    },
  };
  return { answering, recorded };
}

/** The page of a slide of the Quickscan, its progress counted as the survey remote counts it. */
const pageOf = (location: SlideLocation, isLast = false, answering = answeringWith().answering) =>
  // In the document, as the page is shown, so a click changes a choice.
  document.body.appendChild(
    earlySlidePage(
      location,
      slideProgress(
        survey.sections.flatMap((section) => section.slides),
        location.number - 1,
      ),
      theme,
      isLast,
      answering,
    ),
  );

afterEach(() => document.body.replaceChildren());

const all = slides(survey);
const single = (type: string, multiple?: boolean) =>
  all.find(
    (s) =>
      !s.slide.isGroup &&
      s.slide.questions[0]?.type === type &&
      (multiple === undefined || s.slide.questions[0].multiple === multiple),
  );

describe('the early slide', () => {
  it('draws a slide as the survey remote does: progress, section, title and the question', () => {
    const page = pageOf(slides(survey)[1]!);
    expect(page.querySelector('h1')?.textContent).toBe('What is the name of your business?');
    // The information slide before it is not counted.
    expect(page.textContent).toContain('Question 1 of 39');
    expect(page.textContent).toContain('Your business');
    expect(page.querySelector('input[type=text]')).not.toBeNull();
    expect((page.querySelector('[style]') as HTMLElement).style.width).toBe(`${Math.round((1 / 39) * 100)}%`);
    expect([...page.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Previous', 'Next']);
  });

  it('does not count an information slide as a question', () => {
    const page = pageOf(slides(survey)[0]!);
    expect(page.querySelector('h1')?.textContent).toBe('Before you start');
    expect(page.textContent).toContain('Before question 1 of 39');
    expect((page.querySelector('[style]') as HTMLElement).style.width).toBe('0%');
  });

  it("takes answers as the app's controls make them, and keeps only its buttons inert", () => {
    const text = all[1]!;
    const { answering, recorded } = answeringWith();
    const page = pageOf(text, false, answering);
    expect(page.hasAttribute('inert')).toBe(false);
    expect(page.querySelector('.es-actions')!.hasAttribute('inert')).toBe(true);
    const field = page.querySelector<HTMLInputElement>('input[type=text]')!;
    expect(field.getAttribute('aria-labelledby')).toBe(page.querySelector('h1')!.id);
    field.value = 'Early Bird';
    field.dispatchEvent(new Event('input'));
    expect(recorded).toEqual([[text.slide.questions[0]!.id, 'Early Bird']]);

    const choice = single('multipleChoice')!;
    const question = choice.slide.questions[0]!;
    const choicePage = pageOf(choice, false, answering);
    const radios = [...choicePage.querySelectorAll<HTMLInputElement>('input[type=radio]')];
    radios[1]!.click();
    expect(recorded.at(-1)).toEqual([question.id, question.options[1]!.id]);
    expect(choicePage.querySelector('[role=radiogroup]')!.getAttribute('aria-labelledby')).toBe('es-title');
  });

  it("shows the answers already on the device, and ticks several choices in the definition's order", () => {
    const several = single('dropdown', true);
    const one = single('dropdown', false) ?? single('multipleChoice')!;
    const q = one.slide.questions[0]!;
    const { answering } = answeringWith({ [q.id]: q.options[0]!.id });
    const page = pageOf(one, false, answering);
    const chosen = page.querySelector<HTMLInputElement | HTMLSelectElement>('select, input:checked');
    expect(chosen?.value).toBe(q.options[0]!.id);
    if (!several) return;
    const question = several.slide.questions[0]!;
    const { answering: many, recorded } = answeringWith();
    const boxes = [
      ...pageOf(several, false, many).querySelectorAll<HTMLInputElement>('input[type=checkbox]'),
    ];
    boxes[2]!.click();
    boxes[0]!.click();
    expect(recorded.at(-1)).toEqual([
      question.id,
      toggledChoices(question, [question.options[2]!.id], question.options[0]!.id, true),
    ]);
    expect(recorded.at(-1)![1]).toEqual([question.options[0]!.id, question.options[2]!.id]);
  });

  it('draws choices as options, the last slide with Finish, and a group with each question titled', () => {
    const choice = all.find((s) => s.slide.questions[0]?.type === 'multipleChoice' && !s.slide.isGroup)!;
    const page = pageOf(choice, true);
    expect(page.querySelectorAll('input[type=radio]')).toHaveLength(
      choice.slide.questions[0]!.options.length,
    );
    expect([...page.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Previous', 'Finish']);
    const group = all.find((s) => s.slide.isGroup && canDraw(s))!;
    const groupPage = pageOf(group);
    expect([...groupPage.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(
      group.slide.questions.map((q) => q.title),
    );
  });

  it('leaves a slide with a slider to the app', () => {
    const withSlider = all.filter((s) => s.slide.questions.some((q) => q.type === 'slider'));
    expect(withSlider.length).toBeGreaterThan(0);
    for (const location of withSlider) expect(canDraw(location)).toBe(false);
    expect(canDraw(all[0]!)).toBe(true);
  });

  it('themes the page with the tenant colours', () => {
    const style = pageOf(slides(survey)[0]!).querySelector('style')!.textContent;
    expect(style).toContain(`.es-primary{`);
    expect(style).toMatch(/\.es-fill\{height:100%;background:#1f5f4a\}/);
  });
});
