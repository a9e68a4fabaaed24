import {
  acceptedAnswers,
  isOpenReview,
  REVIEW_ERRORS,
  REVIEW_STATUSES,
  reviewLocksQuestion,
  REVOCATION_REASONS,
  type ReviewStatus,
} from './review';

describe('what a review locks for the business', () => {
  const locked = (status: ReviewStatus, questionId: string) =>
    reviewLocksQuestion({ status, openQuestionIds: ['q2'] }, questionId);

  it.each<[ReviewStatus, boolean, boolean]>([
    ['waiting', true, true],
    ['inReview', true, true],
    ['needsInformation', true, false],
    ['verified', true, true],
    ['declined', false, false],
    ['withdrawn', false, false],
  ])('%s: another question locked %s, the reopened one locked %s', (status, other, reopened) => {
    expect([locked(status, 'q1'), locked(status, 'q2')]).toEqual([other, reopened]);
  });

  it('locks nothing without a review', () => {
    expect(reviewLocksQuestion(null, 'q1')).toBe(false);
  });

  it('is open until the publisher concludes', () => {
    expect(REVIEW_STATUSES.filter(isOpenReview)).toEqual(['waiting', 'inReview', 'needsInformation']);
  });
});

describe('the verified score counts accepted answers only', () => {
  it('keeps the accepted answers and leaves out the rest', () => {
    const answers = { q1: 3, q2: 'all', q3: null };
    expect(acceptedAnswers(answers, { q1: 'accepted', q2: 'needsInformation' })).toEqual({ q1: 3 });
    expect(acceptedAnswers(answers, {})).toEqual({});
  });
});

describe('refusals and reasons in words', () => {
  it('counts the answers not accepted yet', () => {
    expect(REVIEW_ERRORS.notAllAccepted(1)).toBe(
      '1 answer is not accepted yet: accept every answer to verify the result.',
    );
    expect(REVIEW_ERRORS.notAllAccepted(3)).toMatch(/^3 answers are not accepted yet/);
  });

  it('says on which day and why a credential was revoked', () => {
    expect(REVOCATION_REASONS.newerResult('2026-12-04T23:30:00.000Z')).toBe(
      'A newer result was completed on 4 December 2026.',
    );
    expect(
      REVOCATION_REASONS.withdrawn('Coastal Council', '2026-12-03T08:00:00.000Z', 'Bills were missing.'),
    ).toBe('Coastal Council withdrew its verification on 3 December 2026: Bills were missing.');
  });
});
