// A business asks its toolkit's publisher to verify its latest completed result (docs/behaviour.md,
// Reviews): the publisher accepts each answer or asks for more information, then concludes. The
// statuses, what each one locks, and the verified score are ruled here, for the server and the screens.

export const REVIEW_STATUSES = [
  'waiting',
  'inReview',
  'needsInformation',
  'verified',
  'declined',
  'withdrawn',
] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const QUESTION_DECISIONS = ['accepted', 'needsInformation'] as const;
export type QuestionDecision = (typeof QUESTION_DECISIONS)[number];

export const REVIEW_VERDICTS = ['verified', 'needsInformation', 'declined'] as const;
export type ReviewVerdict = (typeof REVIEW_VERDICTS)[number];

/** The statuses in which the publisher still has to conclude, or the business to answer. */
export const OPEN_REVIEW_STATUSES: readonly ReviewStatus[] = ['waiting', 'inReview', 'needsInformation'];

/** The longest comment in a review's thread, verdict note and withdrawal reason. */
export const REVIEW_TEXT_MAX = 2000;
/** The longest search of the reviews queue. */
export const REVIEW_SEARCH_MAX = 100;
/** A page of the reviews queue. */
export const REVIEWS_PAGE = 25;

export interface ReviewComment {
  commentId: string;
  questionId: string;
  side: 'reviewer' | 'business';
  authorName: string;
  text: string;
  at: string;
}

export interface ReviewQuestion {
  questionId: string;
  sectionTitle: string;
  title: string;
  /** The answer as words. */
  answer: string;
  evidenceRequired: boolean;
  decision: QuestionDecision | null;
  /** Reopened for the business by "needs information". */
  open: boolean;
  comments: ReviewComment[];
}

export interface Review {
  reviewId: string;
  surveyId: string;
  resultId: string;
  surveyTitle: string;
  organisationName: string;
  publisherName: string;
  status: ReviewStatus;
  requestedAt: string;
  updatedAt: string;
  verifiedAt: string | null;
  reviewerName: string | null;
  verdictNote: string | null;
  /** Percent 0–100, as the result's scores are. */
  selfAssessedPercent: number | null;
  verifiedPercent: number | null;
  questions: ReviewQuestion[];
}

export interface ReviewRow {
  reviewId: string;
  organisationName: string;
  surveyTitle: string;
  status: ReviewStatus;
  requestedAt: string;
  updatedAt: string;
}

/** What a result's review says about it on the business's Results screen (results-listLatest). */
export interface ResultVerification {
  status: ReviewStatus;
  publisherName: string;
  verifiedAt: string | null;
  verifiedPercent: number | null;
}

/** What a verified credential states beside the self-declared facts. */
export interface CredentialVerification {
  publisherName: string;
  verifiedAt: string;
  verifiedPercent: number;
}

export const isOpenReview = (status: ReviewStatus): boolean => OPEN_REVIEW_STATUSES.includes(status);

/**
 * Whether the review locks the answer (and its evidence) of `questionId` for the business: all of
 * them while it waits, is in review or stands verified; during "needs information" all but the
 * questions reopened. A declined or withdrawn review, or none, locks nothing.
 */
export function reviewLocksQuestion(
  review: { status: ReviewStatus; openQuestionIds: readonly string[] } | null,
  questionId: string,
): boolean {
  if (review === null) return false;
  switch (review.status) {
    case 'waiting':
    case 'inReview':
    case 'verified':
      return true;
    case 'needsInformation':
      return !review.openQuestionIds.includes(questionId);
    case 'declined':
    case 'withdrawn':
      return false;
  }
}

/** Each status in words, as the queue and the business's screen name it. */
export const REVIEW_STATUS_LABELS: Readonly<Record<ReviewStatus, string>> = {
  waiting: 'Waiting',
  inReview: 'In review',
  needsInformation: 'Needs information',
  verified: 'Verified',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Every refusal of the review flow, in words. */
export const REVIEW_ERRORS = {
  reviewResultsRequired:
    'Only members allowed to review results can do this: ask an owner or admin of your organisation.',
  reviewNotFound: 'We could not find this review.',
  noCompletedResult: 'Complete your assessment first: only a completed result can be verified.',
  notLatestResult: "Only your organisation's latest completed result can be verified.",
  ownerOrAdminAsks: 'Only an owner or admin can ask for verification or send a review back.',
  planRequired: (planName: string) =>
    `Asking for verification is part of the ${planName} plan. Choose it on Plans to ask for verification.`,
  noPublisher: 'This survey has no publisher who could verify it.',
  alreadyOpen: 'This result already has a review under way.',
  alreadyVerified: 'This result is verified already.',
  questionNotInResult: 'This question is not part of the reviewed result.',
  concluded: (status: ReviewStatus) =>
    `This review is ${REVIEW_STATUS_LABELS[status].toLowerCase()}: it cannot be changed any more.`,
  waitingForBusiness: 'This review waits for the business to answer: it can be changed once they resubmit.',
  notAllAccepted: (notAccepted: number) =>
    `${plural(notAccepted, 'answer is', 'answers are')} not accepted yet: accept every answer to verify the result.`,
  nothingToReopen: 'Mark at least one answer "needs information" first.',
  resubmitOnlyNeedsInformation: 'Only a review that asked for information can be sent back.',
  withdrawOnlyVerified: 'Only a verified result can have its verification withdrawn.',
} as const;

let longDay: Intl.DateTimeFormat | undefined;
/** A stored time as the day it fell on, in UTC, written out: "4 December 2026". */
export const reviewDay = (at: string): string =>
  (longDay ??= new Intl.DateTimeFormat('en-AU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })).format(Date.parse(at));
const day = reviewDay;

/** Why a credential was revoked, in words, as the public check shows it. */
export const REVOCATION_REASONS = {
  byOrganisation: (at: string) => `The organisation revoked it on ${day(at)}.`,
  replaced: (at: string) => `The organisation signed a newer declaration on ${day(at)}.`,
  newerResult: (at: string) => `A newer result was completed on ${day(at)}.`,
  withdrawn: (publisherName: string, at: string, reason: string) =>
    `${publisherName} withdrew its verification on ${day(at)}: ${reason}`,
} as const;

/**
 * The answers a verified score counts: those the reviewer accepted. Every other question scores as
 * unanswered, so the verified score is the self-assessed one only once every answer is accepted.
 */
export function acceptedAnswers<T>(
  answers: Readonly<Record<string, T>>,
  decisions: Readonly<Record<string, QuestionDecision | null | undefined>>,
): Record<string, T> {
  return Object.fromEntries(
    Object.entries(answers).filter(([questionId]) => decisions[questionId] === 'accepted'),
  );
}
