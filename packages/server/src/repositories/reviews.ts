// Reviews (reviews/{reviewId}): a business's request that the publisher of its survey verify one
// completed result, with each answer's decision, the comment thread and the verdict. Top level, so
// the publisher's queue and the business's own reviews are each one query.
import {
  normaliseSearch,
  QUESTION_DECISIONS,
  REVIEW_STATUSES,
  searchTerms,
  type QuestionDecision,
  type ReviewComment,
  type ReviewStatus,
} from '@toolkit/domain';
import type { DocData, DocumentStore, QuerySpec, StoreTransaction } from '../store/port';
import { oneOf, record, strings, text, textOrNull } from './decode';
import { paths } from './paths';

/** A comment as stored: with its author's uid, so erasing the person unnames it (never shown). */
export interface StoredComment extends ReviewComment {
  authorUid: string | null;
}

export interface StoredReview {
  reviewId: string;
  businessTenantId: string;
  publisherTenantId: string;
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
  /** Who decided last, so erasing the person unnames the review; read as null when missing. */
  reviewerUid?: string | null;
  verdictNote: string | null;
  /** Why the verification ended, in words, once it has. */
  endedReason: string | null;
  selfAssessedPercent: number | null;
  verifiedPercent: number | null;
  decisions: Record<string, QuestionDecision>;
  /** The questions "needs information" reopened for the business. */
  openQuestionIds: string[];
  comments: StoredComment[];
}

type Reader = Pick<StoreTransaction, 'get'>;
type Writer = Pick<StoreTransaction, 'create' | 'update'>;

const numberOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function commentOf(value: unknown): StoredComment {
  const data = record<unknown>(value);
  return {
    authorUid: textOrNull(data.authorUid),
    commentId: text(data.commentId),
    questionId: text(data.questionId),
    side: data.side === 'reviewer' ? 'reviewer' : 'business',
    authorName: text(data.authorName),
    text: text(data.text),
    at: text(data.at),
  };
}

export function reviewOf(reviewId: string, data: DocData): StoredReview {
  const decisions = Object.fromEntries(
    Object.entries(record<unknown>(data.decisions)).flatMap(([questionId, decision]) =>
      QUESTION_DECISIONS.includes(decision as QuestionDecision)
        ? [[questionId, decision as QuestionDecision]]
        : [],
    ),
  );
  return {
    reviewId,
    businessTenantId: text(data.businessTenantId),
    publisherTenantId: text(data.publisherTenantId),
    surveyId: text(data.surveyId),
    resultId: text(data.resultId),
    surveyTitle: text(data.surveyTitle),
    organisationName: text(data.organisationName),
    publisherName: text(data.publisherName),
    status: oneOf(REVIEW_STATUSES, data.status, 'waiting'),
    requestedAt: text(data.requestedAt),
    updatedAt: text(data.updatedAt),
    verifiedAt: textOrNull(data.verifiedAt),
    reviewerName: textOrNull(data.reviewerName),
    reviewerUid: textOrNull(data.reviewerUid),
    verdictNote: textOrNull(data.verdictNote),
    endedReason: textOrNull(data.endedReason),
    selfAssessedPercent: numberOrNull(data.selfAssessedPercent),
    verifiedPercent: numberOrNull(data.verifiedPercent),
    decisions,
    openQuestionIds: strings(data.openQuestionIds),
    comments: Array.isArray(data.comments) ? data.comments.map(commentOf) : [],
  };
}

export async function readReview(reader: Reader, reviewId: string): Promise<StoredReview | null> {
  const { data } = await reader.get(paths.review(reviewId));
  return data ? reviewOf(reviewId, data) : null;
}

export interface ResultOfReview {
  businessTenantId: string;
  surveyId: string;
  resultId: string;
}

/** The latest review of the result, in full; null when it was never asked for. */
export async function readLatestReviewOfResult(
  store: Pick<StoreTransaction, 'query'>,
  ref: ResultOfReview,
): Promise<StoredReview | null> {
  const [latest] = await store.query(paths.reviews(), {
    where: [
      ['businessTenantId', '==', ref.businessTenantId],
      ['surveyId', '==', ref.surveyId],
      ['resultId', '==', ref.resultId],
    ],
    orderBy: [['requestedAt', 'desc']],
    limit: 1,
  });
  return latest?.data ? reviewOf(latest.id, latest.data) : null;
}

/** The latest review of that result, as what it locks: its status and the questions it reopened. */
export async function readReviewOfResult(
  store: DocumentStore,
  ref: { businessTenantId: string; surveyId: string; resultId: string },
): Promise<{
  reviewId: string;
  publisherTenantId: string;
  status: ReviewStatus;
  openQuestionIds: string[];
} | null> {
  const review = await readLatestReviewOfResult(store, ref);
  return review
    ? {
        reviewId: review.reviewId,
        publisherTenantId: review.publisherTenantId,
        status: review.status,
        openQuestionIds: review.openQuestionIds,
      }
    : null;
}

/** The organisation's reviews of one survey's results in a status (a verified one, to end it). */
export async function listBusinessReviews(
  store: Pick<StoreTransaction, 'query'>,
  businessTenantId: string,
  filter: { surveyId: string; status: ReviewStatus } | null = null,
): Promise<StoredReview[]> {
  const snapshots = await store.query(paths.reviews(), {
    where: [
      ['businessTenantId', '==', businessTenantId],
      ...(filter
        ? ([
            ['surveyId', '==', filter.surveyId],
            ['status', '==', filter.status],
          ] as const)
        : []),
    ],
  });
  return snapshots.flatMap((snapshot) => (snapshot.data ? [reviewOf(snapshot.id, snapshot.data)] : []));
}

/** The publisher's reviews in one status (its verified ones, for the insights of verified results). */
export async function listPublisherReviews(
  store: Pick<StoreTransaction, 'query'>,
  publisherTenantId: string,
  status: ReviewStatus,
): Promise<StoredReview[]> {
  const snapshots = await store.query(paths.reviews(), {
    where: [
      ['publisherTenantId', '==', publisherTenantId],
      ['status', '==', status],
    ],
  });
  return snapshots.flatMap((snapshot) => (snapshot.data ? [reviewOf(snapshot.id, snapshot.data)] : []));
}

/** The publisher's queue: oldest first, of one status and one search word when given. */
export function reviewsPageSpec(
  publisherTenantId: string,
  page: { status?: ReviewStatus; search?: string; cursor?: string; limit: number },
): QuerySpec {
  const term = page.search === undefined ? null : normaliseSearch(page.search);
  return {
    where: [
      ['publisherTenantId', '==', publisherTenantId],
      ...(page.status === undefined ? [] : ([['status', '==', page.status]] as const)),
      ...(term === null ? [] : ([['searchTerms', 'array-contains', term]] as const)),
    ],
    orderBy: [['requestedAt', 'asc']],
    limit: page.limit,
    ...(page.cursor === undefined ? {} : { startAfter: page.cursor }),
  };
}

export async function listReviewsPage(
  store: DocumentStore,
  publisherTenantId: string,
  page: { status?: ReviewStatus; search?: string; cursor?: string; limit: number },
): Promise<StoredReview[]> {
  const snapshots = await store.query(paths.reviews(), reviewsPageSpec(publisherTenantId, page));
  return snapshots.flatMap((snapshot) => (snapshot.data ? [reviewOf(snapshot.id, snapshot.data)] : []));
}

/** How many of the publisher's reviews are in each status. */
export async function countReviews(
  store: DocumentStore,
  publisherTenantId: string,
): Promise<Record<ReviewStatus, number>> {
  const counts = await Promise.all(
    REVIEW_STATUSES.map((status) =>
      store.count(paths.reviews(), {
        where: [
          ['publisherTenantId', '==', publisherTenantId],
          ['status', '==', status],
        ],
      }),
    ),
  );
  return Object.fromEntries(REVIEW_STATUSES.map((status, i) => [status, counts[i]!])) as Record<
    ReviewStatus,
    number
  >;
}

/** A new review, waiting for the publisher; searchable by the organisation's name. */
export function createReview(tx: Pick<Writer, 'create'>, review: StoredReview): void {
  const { reviewId, ...fields } = review;
  tx.create(paths.review(reviewId), { ...fields, searchTerms: searchTerms(review.organisationName) });
}

/** Writes the review's changed fields (whole maps and lists, so a question id with a dot is safe). */
export function updateReview(
  tx: Pick<Writer, 'update'>,
  reviewId: string,
  fields: Partial<Omit<StoredReview, 'reviewId' | 'businessTenantId' | 'publisherTenantId'>>,
): void {
  tx.update(paths.review(reviewId), fields);
}

/** The name an erased person's comments and reviews give instead of theirs. */
export const FORMER_MEMBER = 'A former member';

/** Every review the organisation is part of, as business or as publisher. */
export async function listOrganisationReviews(
  store: Pick<StoreTransaction, 'query'>,
  tenantId: string,
): Promise<StoredReview[]> {
  const [asBusiness, asPublisher] = await Promise.all(
    (['businessTenantId', 'publisherTenantId'] as const).map((field) =>
      store.query(paths.reviews(), { where: [[field, '==', tenantId]] }),
    ),
  );
  return [...asBusiness!, ...asPublisher!].flatMap((snapshot) =>
    snapshot.data ? [reviewOf(snapshot.id, snapshot.data)] : [],
  );
}

/** The changes that stop the review naming the person (their comments, their verdict); null when it does not. */
export function unnamedReview(
  review: StoredReview,
  uid: string,
): Pick<StoredReview, 'comments' | 'reviewerName' | 'reviewerUid'> | null {
  const theirs = (comment: StoredComment) => comment.authorUid === uid;
  const reviewed = review.reviewerUid === uid;
  if (!reviewed && !review.comments.some(theirs)) return null;
  return {
    comments: review.comments.map((comment) =>
      theirs(comment) ? { ...comment, authorUid: null, authorName: FORMER_MEMBER } : comment,
    ),
    reviewerName: reviewed ? FORMER_MEMBER : review.reviewerName,
    reviewerUid: reviewed ? null : review.reviewerUid,
  };
}
