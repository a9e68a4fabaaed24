import type { ServerQuestion, ServerSurveyDefinition } from './api/handler';
import { answerProblem, bandFor, findQuestion, questionPoints, scoreResult, verifiedScore } from './scoring';

const question = (overrides: Partial<ServerQuestion>): ServerQuestion => ({
  id: 'q',
  type: 'comment',
  title: 'Q',
  scoring: { method: 'NONE', maxScore: 0 },
  scoreMin: null,
  scoreMax: null,
  labels: null,
  options: null,
  multiple: null,
  evidenceRequired: false,
  ...overrides,
});

const slider = question({
  id: 'slider',
  type: 'slider',
  scoring: { method: 'SCALED', maxScore: 10 },
  scoreMin: 0,
  scoreMax: 4,
});
const offsetSlider = question({
  id: 'offset',
  type: 'slider',
  scoring: { method: 'SCALED', maxScore: 5 },
  scoreMin: 1,
  scoreMax: 5,
});
const choice = question({
  id: 'choice',
  type: 'multipleChoice',
  scoring: { method: 'OPTION', maxScore: 10 },
  options: [
    { id: 'none', label: 'None', score: 0 },
    { id: 'half', label: 'Half', score: 6 },
    { id: 'all', label: 'All', score: 10 },
  ],
});
const multi = question({
  id: 'multi',
  type: 'dropdown',
  multiple: true,
  scoring: { method: 'OPTION_SUM_CAPPED', maxScore: 5 },
  options: [
    { id: 'a', label: 'A', score: 2 },
    { id: 'b', label: 'B', score: 3 },
    { id: 'c', label: 'C', score: 3 },
  ],
});
const comment = question({ id: 'comment', type: 'comment' });
const content = question({ id: 'intro', type: 'content' });

describe('questionPoints', () => {
  it.each([
    ['slider at its minimum', slider, 0, 0],
    ['slider half way', slider, 2, 5],
    ['slider at its maximum', slider, 4, 10],
    ['slider with a non-zero minimum', offsetSlider, 3, 2.5],
    ['slider above its range is capped', slider, 9, 10],
    ['slider below its range is floored', offsetSlider, -3, 0],
    ['slider answered with text', slider, '4', 0],
    ['single choice', choice, 'half', 6],
    ['single choice given as a one-item list', choice, ['all'], 10],
    ['unknown option', choice, 'everything', 0],
    ['multiple dropdown sums its options', multi, ['a', 'b'], 5],
    ['multiple dropdown is capped at maxScore', multi, ['a', 'b', 'c'], 5],
    ['a repeated option counts once', multi, ['a', 'a', 'a'], 2],
    ['comment gives no points', comment, 'We recycle everything', 0],
    ['unanswered', choice, undefined, 0],
    ['cleared answer', slider, null, 0],
  ] as const)('%s', (_name, q, answer, expected) => {
    expect(questionPoints(q, answer as never)).toBeCloseTo(expected, 10);
  });
});

describe('bandFor', () => {
  const bands = [
    { min: 40, label: 'Making progress', description: null },
    { min: 0, label: 'Getting started', description: 'First steps' },
    { min: 70, label: 'Leading the way', description: null },
  ];
  it.each([
    [0, 'Getting started'],
    [39.9, 'Getting started'],
    [40, 'Making progress'],
    [69.9, 'Making progress'],
    [70, 'Leading the way'],
    [100, 'Leading the way'],
  ])('a score of %s is "%s", whatever order the bands come in', (score, label) => {
    expect(bandFor(bands, score)?.label).toBe(label);
  });

  it('gives no band below the lowest band or when there are none', () => {
    expect(bandFor([{ min: 10, label: 'Ten', description: null }], 5)).toBeNull();
    expect(bandFor([], 50)).toBeNull();
  });
});

describe('scoreResult', () => {
  const definition: Pick<ServerSurveyDefinition, 'sections' | 'scoring'> = {
    scoring: {
      scale: 100,
      bands: [
        { min: 0, label: 'Getting started', description: null },
        { min: 40, label: 'Making progress', description: null },
        { min: 70, label: 'Leading the way', description: null },
      ],
    },
    sections: [
      { title: 'Your business', topic: null, weight: 0, questions: [content, comment] },
      { title: 'Energy', topic: null, weight: 3, questions: [slider, choice] },
      { title: 'Waste', topic: null, weight: 1, questions: [multi] },
    ],
  };

  it('verifies only the accepted answers: the rest score as unanswered', () => {
    const answers = { slider: 2, choice: 'half', multi: ['a', 'b'] };
    // Energy: the slider's 5 of 20 points = 25 %; Waste: unanswered; overall 3 × 0.25 / 4 = 18.75.
    const partly = verifiedScore(definition, answers, { slider: 'accepted', choice: 'needsInformation' });
    expect(partly.overall.percent).toBe(18.8);
    const every = verifiedScore(definition, answers, {
      slider: 'accepted',
      choice: 'accepted',
      multi: 'accepted',
    });
    expect(every).toEqual(scoreResult(definition, answers));
  });

  it('scores each section as points of its maximum and weights the sections overall', () => {
    // Energy: (5 + 6) / 20 = 55 %; Waste: 5 / 5 = 100 %; overall (3 × 0.55 + 1 × 1) / 4 = 66.25.
    const score = scoreResult(definition, { slider: 2, choice: 'half', multi: ['a', 'b'], comment: 'Hello' });
    expect(score.sections).toEqual([
      { sectionIndex: 0, title: 'Your business', weight: 0, points: 0, max: 0, percent: 0, band: null },
      {
        sectionIndex: 1,
        title: 'Energy',
        weight: 3,
        points: 11,
        max: 20,
        percent: 55,
        band: { label: 'Making progress', description: null },
      },
      {
        sectionIndex: 2,
        title: 'Waste',
        weight: 1,
        points: 5,
        max: 5,
        percent: 100,
        band: { label: 'Leading the way', description: null },
      },
    ]);
    expect(score.overall).toEqual({ points: 66.3, max: 100, percent: 66.3 });
    expect(score.band?.label).toBe('Making progress');
  });

  it('counts unanswered questions in the maximum', () => {
    const score = scoreResult(definition, { choice: 'all' });
    expect(score.sections[1]).toMatchObject({ points: 10, max: 20, percent: 50 });
    // (3 × 0.5 + 1 × 0) / 4
    expect(score.overall.points).toBe(37.5);
    expect(score.band?.label).toBe('Getting started');
  });

  it('gives full marks and the top band for the best answers, and 0 for none', () => {
    expect(scoreResult(definition, { slider: 4, choice: 'all', multi: ['b', 'c'] }).overall.points).toBe(100);
    const empty = scoreResult(definition, {});
    expect(empty.overall).toEqual({ points: 0, max: 100, percent: 0 });
    expect(empty.band?.label).toBe('Getting started');
  });

  it('reports the overall score on the survey scale', () => {
    const score = scoreResult(
      { ...definition, scoring: { scale: 10, bands: [] } },
      { choice: 'all', slider: 4 },
    );
    // (3 × 1 + 1 × 0) / 4 = 0.75
    expect(score.overall).toEqual({ points: 7.5, max: 10, percent: 75 });
    expect(score.band).toBeNull();
  });

  it('chooses the band from the rounded score it shows', () => {
    // 0.39996 of the scale rounds to 40.0, which must not be shown in the band below 40.
    const one = question({
      id: 'one',
      type: 'slider',
      scoring: { method: 'SCALED', maxScore: 100000 },
      scoreMin: 0,
      scoreMax: 100000,
    });
    const score = scoreResult(
      {
        scoring: definition.scoring,
        sections: [{ title: 'Only', topic: null, weight: 1, questions: [one] }],
      },
      { one: 39996 },
    );
    expect(score.overall.points).toBe(40);
    expect(score.band?.label).toBe('Making progress');
  });
});

describe('answers', () => {
  const definition = {
    sections: [{ title: 'S', topic: null, weight: 1, questions: [content, slider, choice, multi, comment] }],
  };

  it('finds answerable questions only', () => {
    expect(findQuestion(definition, 'choice')).toBe(choice);
    expect(findQuestion(definition, 'intro')).toBeNull();
    expect(findQuestion(definition, 'missing')).toBeNull();
  });

  it.each([
    [slider.id, 3, slider, null],
    [slider.id, 5, slider, 'a slider answer runs from 0 to 4'],
    [slider.id, 'three', slider, 'a slider answer is a number'],
    [comment.id, 'Some text', comment, null],
    [comment.id, 4, comment, 'a comment answer is text'],
    [choice.id, 'all', choice, null],
    [choice.id, 'most', choice, 'the answer must be one of the option ids'],
    [choice.id, ['all'], choice, 'the answer must be one of the option ids'],
    [multi.id, ['a', 'c'], multi, null],
    [multi.id, ['a', 'z'], multi, 'the answer must be a list of this question’s option ids'],
    [multi.id, 'a', multi, 'the answer must be a list of this question’s option ids'],
    [content.id, 'x', content, 'this question takes no answer'],
    [choice.id, null, choice, null],
  ] as const)('%s answered %j', (_id, answer, q, problem) => {
    expect(answerProblem(q, answer as never)).toBe(problem);
  });
});
