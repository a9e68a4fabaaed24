// The business's latest result and reviews of it, as reviews-getMine answers them, for the tests.
import type { EvidenceItem, Review, ReviewQuestion } from '@toolkit/domain';
import type { MyReview } from './review-request-api';

export const QUESTIONS: ReviewQuestion[] = [
  {
    questionId: 'q-energy',
    sectionTitle: 'Energy',
    title: 'Do you buy renewable electricity?',
    answer: 'Yes, all of it',
    evidenceRequired: true,
    decision: null,
    open: false,
    comments: [],
  },
  {
    questionId: 'q-led',
    sectionTitle: 'Energy',
    title: 'Is your lighting LED?',
    answer: 'Most of it',
    evidenceRequired: false,
    decision: null,
    open: false,
    comments: [],
  },
  {
    questionId: 'q-policy',
    sectionTitle: 'Governance',
    title: 'Do you have a sustainability policy?',
    answer: 'Yes, published on our website',
    evidenceRequired: true,
    decision: null,
    open: false,
    comments: [],
  },
];

export const RESULT: NonNullable<MyReview['result']> = {
  surveyId: 'business-quickscan',
  resultId: 'result-1',
  surveyTitle: 'Sustainability Quickscan for your business',
  publisherName: 'Coastal Council',
  completedAt: '2026-11-20T10:00:00.000Z',
  questions: QUESTIONS,
};

export function reviewOf(changes: Partial<Review> = {}): Review {
  return {
    reviewId: 'review-1',
    surveyId: RESULT.surveyId,
    resultId: RESULT.resultId,
    surveyTitle: RESULT.surveyTitle,
    organisationName: 'Green Grocers',
    publisherName: 'Coastal Council',
    status: 'waiting',
    requestedAt: '2026-11-25T09:00:00.000Z',
    updatedAt: '2026-11-25T09:00:00.000Z',
    verifiedAt: null,
    reviewerName: null,
    verdictNote: null,
    selfAssessedPercent: 64,
    verifiedPercent: null,
    questions: QUESTIONS,
    ...changes,
  };
}

/** The reviewer asked about the energy and the policy questions; the lighting is accepted. */
export const NEEDS_INFORMATION = reviewOf({
  status: 'needsInformation',
  reviewerName: 'Rita Reviewer',
  questions: [
    {
      ...QUESTIONS[0]!,
      decision: 'needsInformation',
      open: true,
      comments: [
        {
          commentId: 'c-1',
          questionId: 'q-energy',
          side: 'reviewer',
          authorName: 'Rita Reviewer',
          text: 'Please attach this year’s electricity bill.',
          at: '2026-11-26T10:00:00.000Z',
        },
      ],
    },
    { ...QUESTIONS[1]!, decision: 'accepted' },
    { ...QUESTIONS[2]!, decision: 'needsInformation', open: true },
  ],
});

/** A bill on the renewable electricity answer. */
export const BILL: EvidenceItem = {
  evidenceId: 'e-1',
  questionId: 'q-energy',
  kind: 'file',
  name: 'Power bill March.pdf',
  url: null,
  contentType: 'application/pdf',
  bytes: 240 * 1024,
  note: null,
  addedAt: '2026-11-24T10:00:00.000Z',
  addedBy: 'Olivia Owens',
};
