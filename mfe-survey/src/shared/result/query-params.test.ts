import { COMPANY_NAME_QUESTION_ID, hasQuestion, normaliseSurvey } from '@toolkit/platform';
import { quickscanResponse } from '@toolkit/platform/testing';
import { parseSurveyQuery } from './query-params';

const survey = normaliseSurvey(quickscanResponse().survey);

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
