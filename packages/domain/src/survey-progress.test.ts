import {
  completionGaps,
  isAnswered,
  progressCaption,
  progressPercent,
  scoredQuestionIds,
  shownPercent,
  slideProgress,
} from './survey-progress';

const ask = (...types: string[]) => ({ questions: types.map((type) => ({ type })) });

// An information slide first, a single question, a group of three, an information slide, a last question.
const slides = [
  ask('content'),
  ask('slider'),
  ask('multipleChoice', 'slider', 'dropdown'),
  ask('content'),
  ask('comment'),
];

describe('the "Question n of m" caption', () => {
  it.each([
    [0, 'Before question 1 of 5', 0],
    [1, 'Question 1 of 5', 20],
    [2, 'Questions 2–4 of 5', 80],
    [3, 'Before question 5 of 5', 80],
    [4, 'Question 5 of 5', 100],
  ])('slide %d reads "%s"', (index, caption, percent) => {
    const progress = slideProgress(slides, index);
    expect(progressCaption(progress)).toBe(caption);
    expect(progressPercent(progress)).toBe(percent);
  });

  it('counts a group mixing information and questions by its questions only', () => {
    expect(progressCaption(slideProgress([ask('content', 'slider'), ask('comment')], 1))).toBe(
      'Question 2 of 2',
    );
  });

  it('says an information slide after the last question comes after it', () => {
    expect(progressCaption(slideProgress([ask('slider'), ask('content')], 1))).toBe('After question 1 of 1');
  });
});

describe('completing a survey', () => {
  const sections = [['company', 'size'], ['energy', 'solar', 'note'], ['waste']];
  const scored = new Set(['energy', 'solar', 'waste']);

  it.each([
    ['nothing answered', {}, false, [1, 2]],
    ['only unscored questions answered', { company: 'Harbour', size: 'small' }, false, [1, 2]],
    ['blank text and empty choices', { energy: '  ', solar: [] }, false, [1, 2]],
    ['one scored question', { solar: 0 }, true, [2]],
    ['every scored section', { energy: 'a', waste: ['x'] }, true, []],
  ])('%s', (_, answers, canComplete, emptySections) => {
    expect(completionGaps(sections, scored, answers)).toEqual({ canComplete, emptySections });
  });

  it('never holds back a survey that scores nothing', () => {
    expect(completionGaps(sections, new Set(), {})).toEqual({ canComplete: true, emptySections: [] });
  });

  it('counts as scored only questions with points in sections of weight above 0', () => {
    const question = (id: string, method: string, maxScore: number) => ({
      id,
      scoring: { method, maxScore },
    });
    expect(
      scoredQuestionIds([
        { weight: 0, questions: [question('size', 'OPTION', 3)] },
        {
          weight: 2,
          questions: [
            question('energy', 'SCALED', 4),
            question('note', 'NONE', 0),
            question('zero', 'OPTION', 0),
          ],
        },
      ]),
    ).toEqual(['energy']);
  });

  it.each([
    [undefined, false],
    [null, false],
    ['', false],
    [' ', false],
    [[], false],
    [0, true],
    ['a', true],
    [['a'], true],
  ])('%p is answered: %p', (answer, answered) => {
    expect(isAnswered(answer)).toBe(answered);
  });
});

describe('a section percent as shown', () => {
  it.each([
    [{ weight: 0, max: 10, percent: 0 }, null],
    [{ weight: 2, max: 0, percent: 0 }, null],
    [{ weight: 2, max: 10, percent: 0 }, 0],
    [{ weight: 1, max: 10, percent: 45.5 }, 45.5],
  ])('%o is %p', (section, shown) => {
    expect(shownPercent(section)).toBe(shown);
  });
});
