import { slideProgress } from '@toolkit/domain/survey-progress';
import { locateSlide, normaliseSurvey, type SlideLocation, type SurveyDefinition } from '@toolkit/platform';
import { quickscanResponse } from '@toolkit/platform/testing';
import { buildTheme } from '@toolkit/ui/theme';
import { canDraw, earlySlidePage } from './render';

const survey = normaliseSurvey(quickscanResponse().survey);
const theme = buildTheme({ primaryColor: '#1f5f4a' });

/** Every slide of the Quickscan with where it is, in order. */
const slides = (definition: SurveyDefinition) =>
  definition.sections.flatMap((section) =>
    section.slides.map((_, index) => locateSlide(definition, { sectionId: section.id, slide: index + 1 })!),
  );

/** The page of a slide of the Quickscan, its progress counted as the survey remote counts it. */
const pageOf = (location: SlideLocation, isLast = false) =>
  earlySlidePage(
    location,
    slideProgress(
      survey.sections.flatMap((section) => section.slides),
      location.number - 1,
    ),
    theme,
    isLast,
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

  it('keeps everything on it inert, so nothing can be typed into a page that is about to go', () => {
    const page = pageOf(slides(survey)[1]!);
    expect(page.hasAttribute('inert')).toBe(true);
    expect(page.getAttribute('aria-busy')).toBe('true');
  });

  it('draws choices as options, the last slide with Finish, and a group with each question titled', () => {
    const all = slides(survey);
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
    const all = slides(survey);
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
