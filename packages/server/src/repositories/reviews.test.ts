// The review documents: a result's latest review as the evidence and answer locks read it, and the
// publisher's queue oldest first, by status and by a word of the organisation's name.
import { reviewLocksQuestion } from '@toolkit/domain';
import { openTestStore } from '../testing';
import type { DocumentStore } from '../store/port';
import {
  countReviews,
  createReview,
  listReviewsPage,
  readReviewOfResult,
  reviewOf,
  updateReview,
  type StoredReview,
} from './reviews';

let store: DocumentStore;

beforeEach(async () => {
  store = await openTestStore();
});

afterEach(() => store.close());

const review = (reviewId: string, fields: Partial<StoredReview> = {}): StoredReview => ({
  ...reviewOf(reviewId, {}),
  businessTenantId: 'business-1',
  publisherTenantId: 'publisher-1',
  surveyId: 'quickscan',
  resultId: 'result-1',
  organisationName: 'Harbour Bakery',
  requestedAt: '2026-12-01T09:00:00.000Z',
  updatedAt: '2026-12-01T09:00:00.000Z',
  ...fields,
});

const write = (stored: StoredReview) => store.transaction(async (tx) => createReview(tx, stored));

describe('a result’s review', () => {
  it('is the latest asked for, with the questions it reopened', async () => {
    await write(review('r-old', { status: 'declined' }));
    await write(review('r-new', { requestedAt: '2026-12-02T09:00:00.000Z' }));
    await store.transaction(async (tx) =>
      updateReview(tx, 'r-new', { status: 'needsInformation', openQuestionIds: ['q2'] }),
    );

    const found = await readReviewOfResult(store, {
      businessTenantId: 'business-1',
      surveyId: 'quickscan',
      resultId: 'result-1',
    });

    expect(found).toEqual({
      reviewId: 'r-new',
      publisherTenantId: 'publisher-1',
      status: 'needsInformation',
      openQuestionIds: ['q2'],
    });
    expect(reviewLocksQuestion(found, 'q1')).toBe(true);
    expect(reviewLocksQuestion(found, 'q2')).toBe(false);
  });

  it('is null for a result never reviewed, or another organisation’s', async () => {
    await write(review('r1'));
    expect(
      await readReviewOfResult(store, {
        businessTenantId: 'business-2',
        surveyId: 'quickscan',
        resultId: 'result-1',
      }),
    ).toBeNull();
    expect(
      await readReviewOfResult(store, {
        businessTenantId: 'business-1',
        surveyId: 'quickscan',
        resultId: 'result-2',
      }),
    ).toBeNull();
  });
});

describe('the publisher’s queue', () => {
  beforeEach(async () => {
    await write(
      review('r-b', { organisationName: 'Green Leaf Cafe', requestedAt: '2026-12-02T00:00:00.000Z' }),
    );
    await write(
      review('r-a', { organisationName: 'Harbour Bakery', requestedAt: '2026-12-01T00:00:00.000Z' }),
    );
    await write(
      review('r-c', {
        organisationName: 'Greenway Farm',
        requestedAt: '2026-12-03T00:00:00.000Z',
        status: 'verified',
      }),
    );
    await write(review('r-other', { publisherTenantId: 'publisher-2' }));
  });

  const ids = (rows: StoredReview[]) => rows.map((row) => row.reviewId);

  it('lists its own reviews oldest first, a page at a time', async () => {
    const first = await listReviewsPage(store, 'publisher-1', { limit: 2 });
    expect(ids(first)).toEqual(['r-a', 'r-b']);
    expect(ids(await listReviewsPage(store, 'publisher-1', { limit: 2, cursor: 'r-b' }))).toEqual(['r-c']);
  });

  it('filters by status and by the start of a word of the organisation’s name', async () => {
    expect(ids(await listReviewsPage(store, 'publisher-1', { status: 'waiting', limit: 10 }))).toEqual([
      'r-a',
      'r-b',
    ]);
    expect(ids(await listReviewsPage(store, 'publisher-1', { search: 'gre', limit: 10 }))).toEqual([
      'r-b',
      'r-c',
    ]);
    expect(
      ids(await listReviewsPage(store, 'publisher-1', { search: 'Green', status: 'verified', limit: 10 })),
    ).toEqual(['r-c']);
  });

  it('counts its reviews per status', async () => {
    expect(await countReviews(store, 'publisher-1')).toEqual({
      waiting: 2,
      inReview: 0,
      needsInformation: 0,
      verified: 1,
      declined: 0,
      withdrawn: 0,
    });
  });
});
