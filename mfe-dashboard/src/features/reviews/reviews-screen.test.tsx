import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, REVIEW_STATUSES, type ApiRequest, type ReviewRow, type ReviewStatus } from '@toolkit/domain';
import { serverError } from '@toolkit/platform/testing';
import { createFakeApi, renderDashboard } from '../../testing/fake-api';

const PUBLISHER = { claims: { role: 'editor', tenantId: 'demo-publisher' } };

const COUNTS: Record<ReviewStatus, number> = {
  waiting: 3,
  inReview: 1,
  needsInformation: 0,
  verified: 2,
  declined: 0,
  withdrawn: 0,
};

const row = (index: number, status: ReviewStatus = 'waiting'): ReviewRow => ({
  reviewId: `rev-${index}`,
  organisationName: index === 1 ? 'Harbour Bakery' : `Organisation ${index}`,
  surveyTitle: 'Sustainability Quickscan for your business',
  status,
  requestedAt: `2026-11-0${index}T09:00:00.000Z`,
  updatedAt: `2026-11-0${index}T10:00:00.000Z`,
});

/** Three waiting reviews, two a page; the search keeps those whose name has a word starting with it. */
function listReviews({ status, search, cursor }: ApiRequest<typeof API.listReviews>) {
  const rows =
    status === 'waiting' ? [row(1), row(2), row(3)] : status === 'verified' ? [row(4, 'verified')] : [];
  const matching = rows.filter(
    (each) =>
      !search ||
      each.organisationName
        .toLowerCase()
        .split(/\s+/)
        .some((word) => word.startsWith(search.toLowerCase())),
  );
  const start = cursor ? Number(cursor) : 0;
  return {
    rows: matching.slice(start, start + 2),
    next: start + 2 < matching.length ? String(start + 2) : null,
    counts: COUNTS,
  };
}

function setup(path = '/dashboard/reviews', handlers = {}) {
  const api = createFakeApi({ [API.listReviews]: listReviews, ...handlers });
  renderDashboard(path, api, PUBLISHER);
  return { api, user: userEvent.setup() };
}

const names = () =>
  within(screen.getByRole('list', { name: /oldest first/ }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('Reviews queue', () => {
  it('lists the waiting reviews oldest first, each linking to its review, with the count of every status', async () => {
    const { api } = setup();
    expect(await screen.findByRole('list', { name: 'Waiting, oldest first' })).toBeVisible();
    expect(names()).toEqual(['Harbour Bakery', 'Organisation 2']);
    expect(screen.getByRole('link', { name: 'Harbour Bakery' })).toHaveAttribute(
      'href',
      '/dashboard/reviews/rev-1',
    );
    const statuses = within(screen.getByRole('navigation', { name: 'Review status' })).getAllByRole('link');
    expect(statuses.map((link) => link.textContent)).toEqual([
      'Waiting (3)',
      'In review (1)',
      'Needs information (0)',
      'Verified (2)',
      'Declined (0)',
      'Withdrawn (0)',
    ]);
    expect(statuses.map((link) => link.getAttribute('aria-current'))).toEqual(
      REVIEW_STATUSES.map((status) => (status === 'waiting' ? 'page' : null)),
    );
    expect(api.callsTo(API.listReviews)).toEqual([{ status: 'waiting' }]);
  });

  it('loads the next page on request', async () => {
    const { api, user } = setup();
    await screen.findByRole('link', { name: 'Harbour Bakery' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(names()).toEqual(['Harbour Bakery', 'Organisation 2', 'Organisation 3']));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.callsTo(API.listReviews)).toEqual([{ status: 'waiting' }, { status: 'waiting', cursor: '2' }]);
  });

  it('shows another status from its link, and says when none has it', async () => {
    const { api, user } = setup();
    await screen.findByRole('link', { name: 'Harbour Bakery' });
    await user.click(screen.getByRole('link', { name: 'Verified (2)' }));
    expect(await screen.findByRole('list', { name: 'Verified, oldest first' })).toBeVisible();
    expect(names()).toEqual(['Organisation 4']);
    await user.click(screen.getByRole('link', { name: 'Declined (0)' }));
    expect(await screen.findByText('No review is declined.')).toBeVisible();
    expect(api.callsTo(API.listReviews)).toEqual([
      { status: 'waiting' },
      { status: 'verified' },
      { status: 'declined' },
    ]);
  });

  it('searches by organisation from the address and the search box', async () => {
    const { api, user } = setup('/dashboard/reviews?status=waiting&search=harb');
    expect(await screen.findByRole('link', { name: 'Harbour Bakery' })).toBeVisible();
    expect(names()).toEqual(['Harbour Bakery']);
    const box = screen.getByRole('searchbox', { name: 'Organisation' });
    await user.clear(box);
    await user.type(box, 'nobody{Enter}');
    expect(await screen.findByText('No waiting review of an organisation named “nobody”.')).toBeVisible();
    expect(api.callsTo(API.listReviews)).toEqual([
      { status: 'waiting', search: 'harb' },
      { status: 'waiting', search: 'nobody' },
    ]);
  });

  it('says what failed and tries again', async () => {
    let failures = 1;
    const { user } = setup('/dashboard/reviews', {
      [API.listReviews]: (request: ApiRequest<typeof API.listReviews>) => {
        if (failures-- > 0) serverError('unavailable', 'Restarting');
        return listReviews(request);
      },
    });
    expect(
      await screen.findByText(/We couldn't load the reviews because the server did not answer/),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('link', { name: 'Harbour Bakery' })).toBeVisible();
  });
});
