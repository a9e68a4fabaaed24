import { quickscanResponse } from './testing/quickscan';
import { locateSlide, nextPosition, normaliseSurvey, previousPosition, totalSlides } from './survey-slides';

const survey = normaliseSurvey(quickscanResponse().survey);

describe('the survey definition', () => {
  it('makes one slide per question and one per question group', () => {
    const energy = survey.sections.find((s) => s.title === 'Energy and emissions')!;
    expect(energy.slides.map((s) => s.id)).toEqual([
      'energy-tracking',
      'renewable-electricity',
      'efficiency-measures',
      'transport',
      'emissions-footprint',
      'energy-next-step',
    ]);
    const transport = energy.slides[3]!;
    expect(transport.isGroup).toBe(true);
    expect(transport.questions.map((q) => [q.id, q.type])).toEqual([
      ['vehicle-fleet', 'multipleChoice'],
      ['low-carbon-commuting', 'slider'],
      ['business-travel', 'dropdown'],
    ]);
    expect(energy.slides[2]!.questions[0]).toMatchObject({ type: 'dropdown', multiple: true });
    expect(survey.sections[0]!.slides[1]!.questions[0]).toMatchObject({ id: 'company-name', textLines: 1 });
  });

  it('numbers slides over the whole survey', () => {
    expect(totalSlides(survey)).toBe(35);
    expect(locateSlide(survey, { sectionId: 2, slide: 3 })).toMatchObject({ number: 9, total: 35 });
    expect(locateSlide(survey, { sectionId: 2, slide: 7 })).toBeNull();
    expect(locateSlide(survey, { sectionId: 99, slide: 1 })).toBeNull();
    expect(locateSlide(survey, { sectionId: 1, slide: 0 })).toBeNull();
  });

  it('walks through section start pages and slides in both directions', () => {
    expect(nextPosition(survey, { sectionId: 1, slide: 0 })).toEqual({ sectionId: 1, slide: 1 });
    expect(nextPosition(survey, { sectionId: 1, slide: 6 })).toEqual({ sectionId: 2, slide: 0 });
    expect(nextPosition(survey, { sectionId: 6, slide: 6 })).toBeNull();
    expect(previousPosition(survey, { sectionId: 2, slide: 0 })).toEqual({ sectionId: 1, slide: 6 });
    expect(previousPosition(survey, { sectionId: 2, slide: 1 })).toEqual({ sectionId: 2, slide: 0 });
    expect(previousPosition(survey, { sectionId: 1, slide: 0 })).toBeNull();
  });

  it('skips question types it does not know', () => {
    const raw = quickscanResponse().survey;
    raw.sections[0]!.questions.push({ ...raw.sections[0]!.questions[1], type: 'MATRIX' } as never);
    expect(normaliseSurvey(raw).sections[0]!.slides).toHaveLength(6);
  });
});
