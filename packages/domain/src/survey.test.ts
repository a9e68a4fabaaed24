import {
  decideCompletion,
  mayReachResult,
  type CompletionDecision,
  INITIAL_PROGRESS,
  QUESTION_TYPES,
  SURVEY_LIMITS,
  SurveyStatus,
  decideResultAction,
  isQuestionType,
  statusOfResult,
  type StoredResultState,
} from './survey';

describe('decideResultAction (result lifecycle)', () => {
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

describe('constants', () => {
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

describe('mayReachResult: the starter or the invitee of this result', () => {
  test.each([
    [{ isStarter: true, inviteMatches: false }, true],
    [{ isStarter: false, inviteMatches: true }, true],
    [{ isStarter: true, inviteMatches: true }, true],
    [{ isStarter: false, inviteMatches: false }, false],
  ])('%o → %s', (access, expected) => {
    expect(mayReachResult(access)).toBe(expected);
  });
});

describe('decideCompletion: who may complete a result', () => {
  const base = {
    viaInvite: false,
    isStarter: true,
    inviteMatches: false,
    inviteOpen: false,
    isCompleted: false,
  };
  test.each<[string, Partial<typeof base>, CompletionDecision]>([
    ['the starter completes', {}, 'complete'],
    ['the starter asking again gets the stored completion', { isCompleted: true }, 'already-completed'],
    ['someone else is refused', { isStarter: false }, 'denied'],
    [
      'an invitee of this result completes it through the survey',
      { isStarter: false, inviteMatches: true },
      'complete',
    ],
    ['the journey needs an invite for this result, even from the starter', { viaInvite: true }, 'denied'],
    [
      'the journey with an open invite completes',
      { viaInvite: true, inviteMatches: true, inviteOpen: true },
      'complete',
    ],
    [
      'the journey with a submitted invite is closed',
      { viaInvite: true, inviteMatches: true },
      'invite-closed',
    ],
    [
      'the journey never completes twice',
      { viaInvite: true, inviteMatches: true, inviteOpen: true, isCompleted: true },
      'invite-closed',
    ],
  ])('%s', (_case, state, expected) => {
    expect(decideCompletion({ ...base, ...state })).toBe(expected);
  });
});
