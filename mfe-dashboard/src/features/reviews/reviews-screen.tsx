// Reviews (publisher staff who review results): the results businesses asked the organisation to
// verify, one status at a time with the count of each, oldest first, searchable by organisation,
// a page at a time with "Load more". The status and the search live in the address.
import { Link, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { QueryView } from '@toolkit/data';
import {
  formatDate,
  paths,
  REVIEW_SEARCH_MAX,
  REVIEW_STATUSES,
  type ReviewRow,
  type ReviewStatus,
} from '@toolkit/domain';
import { MutedText, PageTitle, Stack } from '@toolkit/ui';
import { LoadMore } from '../../shared/load-more';
import { SearchForm } from '../../shared/view-controls';
import { useReviewsInfiniteQuery } from './reviews-api';
import { STATUS_LABELS } from './review-words';

const STATUS = 'status';
const SEARCH = 'search';

const isStatus = (value: string | null): value is ReviewStatus =>
  REVIEW_STATUSES.some((status) => status === value);

/** One link per status, wrapping on a phone; the current one marked for the eye and for screen readers. */
const Statuses = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]}px;
  margin: 0;
  padding: 0;
  list-style: none;
  a {
    display: inline-flex;
    align-items: center;
    min-height: ${({ theme }) => theme.touchTarget};
    box-sizing: border-box;
    padding: ${({ theme }) => `${theme.space[1]}px ${theme.space[3]}px`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.medium};
    color: ${({ theme }) => theme.colors.link};
    text-decoration: none;
  }
  a[aria-current='page'] {
    border: 2px solid ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.text};
    font-weight: 700;
  }
  a:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
`;

const Rows = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  li {
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.medium};
    padding: ${({ theme }) => theme.space[3]}px;
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
  }
`;

const RowLink = styled(Link)`
  color: ${({ theme }) => theme.colors.link};
  font-weight: 600;
  font-size: 1.1rem;
`;

function Row({ row }: { row: ReviewRow }) {
  return (
    <li>
      <p>
        <RowLink to={paths.review(row.reviewId)}>{row.organisationName}</RowLink>
      </p>
      <p>{row.surveyTitle}</p>
      <MutedText>
        Asked on <time dateTime={row.requestedAt}>{formatDate(row.requestedAt)}</time>, last changed on{' '}
        <time dateTime={row.updatedAt}>{formatDate(row.updatedAt)}</time>
      </MutedText>
    </li>
  );
}

export function ReviewsScreen() {
  const [params, setParams] = useSearchParams();
  const asked = params.get(STATUS);
  const status: ReviewStatus = isStatus(asked) ? asked : 'waiting';
  const search = params.get(SEARCH) ?? '';
  // Asked again each time the screen opens: businesses ask and answer from elsewhere.
  const reviews = useReviewsInfiniteQuery({ status, search }, { refetchOnMountOrArgChange: true });
  // The last counts the server gave stay while another status loads, so the links do not jump.
  const counts = reviews.data?.pages[0]?.counts;
  // Only the pages of the view asked: another status's rows would stand under this one's name.
  const shown = reviews.currentData;

  const addressWith = (change: Partial<Record<typeof STATUS | typeof SEARCH, string>>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(change)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    return next;
  };

  return (
    <Stack>
      <PageTitle>Reviews</PageTitle>
      <MutedText>
        Results businesses asked your organisation to verify, oldest first. Open one to check its answers and
        evidence.
      </MutedText>
      <nav aria-label="Review status">
        <Statuses>
          {REVIEW_STATUSES.map((each) => (
            <li key={each}>
              <Link
                to={`?${addressWith({ [STATUS]: each }).toString()}`}
                aria-current={each === status ? 'page' : undefined}
              >
                {counts ? `${STATUS_LABELS[each]} (${counts[each]})` : STATUS_LABELS[each]}
              </Link>
            </li>
          ))}
        </Statuses>
      </nav>
      <SearchForm
        label="Organisation"
        name="Search reviews"
        maxLength={REVIEW_SEARCH_MAX}
        value={search}
        onSearch={(typed) => setParams(addressWith({ [SEARCH]: typed }))}
      />
      <QueryView
        query={{ ...reviews, data: shown }}
        doing="load the reviews"
        isEmpty={({ pages }) => pages.every((page) => page.rows.length === 0)}
        empty={
          search
            ? `No ${STATUS_LABELS[status].toLowerCase()} review of an organisation named “${search}”.`
            : `No review is ${STATUS_LABELS[status].toLowerCase()}.`
        }
      >
        {({ pages }) => (
          <Stack gap={3} aria-busy={reviews.isFetching}>
            <Rows aria-label={`${STATUS_LABELS[status]}, oldest first`}>
              {pages
                .flatMap((page) => page.rows)
                .map((row) => (
                  <Row key={row.reviewId} row={row} />
                ))}
            </Rows>
            <LoadMore list={reviews} doing="load more reviews" />
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
