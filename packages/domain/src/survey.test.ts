import {
  INITIAL_PROGRESS,
  QUESTION_TYPES,
  SURVEY_LIMITS,
  SurveyStatus,
  decideResultAction,
  isQuestionType,
  statusOfResult,
  type StoredResultState,
} from './survey';

describe('decideResultAction (SPEC §4 result lifecycle)', () => {
  test.each<[StoredResultState | null | undefined, 'create' | 'resume']>([
    [null, 'create'],
    [undefined, 'create'],
    [{ isCompleted: true }, 'create'],
    [{ isCompleted: false }, 'resume'],
    [{}, 'resume'],
    [{ isCompleted: null }, 'resume'],
  ])('%j -> %s', (existing, action) => {
    expect(decideResultAction(existing)).toBe(action);
  });
});

describe('statusOfResult', () => {
  test.each<[StoredResultState | null, number]>([
    [{ isCompleted: true }, 2],
    [{ isCompleted: false }, 1],
    [{}, 1],
    [null, 1],
  ])('%j -> %i', (result, status) => {
    expect(statusOfResult(result)).toBe(status);
  });
});

describe('constants (SPEC §9)', () => {
  test.each<[string, unknown, unknown]>([
    ['limits', SURVEY_LIMITS, { sections: 10, questionsPerSection: 20, questionsPerGroup: 20 }],
    ['status codes', SurveyStatus, { InProgress: 1, Completed: 2 }],
    ['initial progress', INITIAL_PROGRESS, 2],
    ['question types', QUESTION_TYPES, ['slider', 'comment', 'content', 'dropdown', 'multipleChoice']],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  test.each<[unknown, boolean]>([
    ['slider', true],
    ['multipleChoice', true],
    ['multiple choice', false],
    ['Slider', false],
    [null, false],
  ])('isQuestionType(%j) -> %s', (value, expected) => {
    expect(isQuestionType(value)).toBe(expected);
  });
});
