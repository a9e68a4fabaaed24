import {
  COMPANY_NAME_QUESTION_ID,
  hasQuestion,
  locateSlide,
  nextPosition,
  normaliseSurvey,
  previousPosition,
  totalSlides,
} from './definition';
import { parseSurveyQuery } from './query-params';
import { quickscanResponse } from './test-support';

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
    expect(totalSlides(survey)).toBe(34);
    expect(locateSlide(survey, { sectionId: 2, slide: 3 })).toMatchObject({ number: 8, total: 34 });
    expect(locateSlide(survey, { sectionId: 2, slide: 7 })).toBeNull();
    expect(locateSlide(survey, { sectionId: 99, slide: 1 })).toBeNull();
    expect(locateSlide(survey, { sectionId: 1, slide: 0 })).toBeNull();
  });

  it('walks through section start pages and slides in both directions', () => {
    expect(nextPosition(survey, { sectionId: 1, slide: 0 })).toEqual({ sectionId: 1, slide: 1 });
    expect(nextPosition(survey, { sectionId: 1, slide: 5 })).toEqual({ sectionId: 2, slide: 0 });
    expect(nextPosition(survey, { sectionId: 6, slide: 6 })).toBeNull();
    expect(previousPosition(survey, { sectionId: 2, slide: 0 })).toEqual({ sectionId: 1, slide: 5 });
    expect(previousPosition(survey, { sectionId: 2, slide: 1 })).toEqual({ sectionId: 2, slide: 0 });
    expect(previousPosition(survey, { sectionId: 1, slide: 0 })).toBeNull();
  });

  it('skips question types it does not know', () => {
    const raw = quickscanResponse().survey;
    raw.sections[0]!.questions.push({ ...raw.sections[0]!.questions[1], type: 'MATRIX' } as never);
    expect(normaliseSurvey(raw).sections[0]!.slides).toHaveLength(5);
  });
});

describe('the query string', () => {
  it('prefills the respondent, the company-name answer and every custom_ parameter', () => {
    expect(hasQuestion(survey, COMPANY_NAME_QUESTION_ID)).toBe(true);
    const query = parseSurveyQuery(
      '?firstName=Ana&lastName=%20Li&email=ana%40example.com&tenant=t9' +
        '&companyName=%20Green%20Caf%C3%A9%20&custom_ref=abc&custom_bad%24=x&other=1',
      COMPANY_NAME_QUESTION_ID,
    );
    expect(query).toEqual({
      resultId: null,
      inviteId: null,
      prefill: {
        respondent: { firstName: 'Ana', lastName: 'Li', email: 'ana@example.com', tenant: 't9' },
        answers: { 'company-name': 'Green Café' },
        custom: { custom_ref: 'abc' },
      },
    });
  });

  it('sends no company name when the survey has no such question, and no prefill when there is none', () => {
    expect(parseSurveyQuery('?companyName=Acme', null).prefill).toBeUndefined();
    expect(parseSurveyQuery('', COMPANY_NAME_QUESTION_ID).prefill).toBeUndefined();
  });

  it('reads a result to resume, and invite mode only with both ids', () => {
    expect(parseSurveyQuery('?resultId=r1&inviteId=i1', null)).toMatchObject({
      resultId: 'r1',
      inviteId: 'i1',
    });
    expect(parseSurveyQuery('?inviteId=i1', null)).toMatchObject({ resultId: null, inviteId: null });
    expect(parseSurveyQuery(`?resultId=${'x'.repeat(129)}`, null).resultId).toBeNull();
    expect(parseSurveyQuery('?resultId=a%2Fb', null).resultId).toBeNull();
  });

  it('leaves out values the server would refuse, keeping the rest, and never splits a character', () => {
    const query = parseSurveyQuery(
      '?firstName=Ana%00&lastName=Li&custom_b=ok%0Aline&custom_c=fine' +
        `&companyName=${'x'.repeat(499)}%F0%9F%8C%B1`,
      COMPANY_NAME_QUESTION_ID,
    );
    expect(query.prefill).toEqual({
      respondent: { lastName: 'Li' },
      answers: { 'company-name': 'x'.repeat(499) },
      custom: { custom_c: 'fine' },
    });
  });
});
