// The workbench's view as the address holds it (@toolkit/domain workbenchQueryFromSearch), plus the
// cursors of the pages before the current one, so Previous works and a shared address opens the
// same page.
import {
  defaultDirection,
  ID_PATTERN,
  workbenchQueryFromSearch,
  workbenchSearchParams,
  type ReceivedResultsQuery,
  type WorkbenchDirection,
  type WorkbenchSort,
} from '@toolkit/domain';

/** The parameter holding the earlier pages' cursors, oldest first, '.'-separated ('' = the first page). */
const BACK = 'back';

export interface WorkbenchView {
  query: ReceivedResultsQuery;
  /** The cursors of the pages before this one; empty on the first page. */
  back: string[];
}

function backFrom(params: URLSearchParams): string[] {
  if (!params.has(BACK) || !params.has('cursor')) return [];
  const cursors = params.get(BACK)!.split('.');
  // Only the first page has no cursor; anything else written there is dropped, not followed.
  const valid = cursors.every((cursor, index) => (index === 0 ? cursor === '' : ID_PATTERN.test(cursor)));
  return valid ? cursors : [];
}

/** The view the address asks for, the survey defaulting to `firstSurvey` when it names none of `surveys`. */
export function viewFrom(params: URLSearchParams, surveys: readonly string[]): WorkbenchView {
  const query = workbenchQueryFromSearch(params);
  const surveyId = query.surveyId && surveys.includes(query.surveyId) ? query.surveyId : surveys[0]!;
  const back = backFrom(params);
  // A cursor without the way back is a page whose Previous would be wrong: start from the first.
  if (back.length === 0) delete query.cursor;
  return { query: { ...query, surveyId }, back };
}

/** The address of a view. */
export function addressOf({ query, back }: WorkbenchView): URLSearchParams {
  const params = workbenchSearchParams(query);
  if (query.cursor && back.length > 0) params.set(BACK, back.join('.'));
  return params;
}

/** The same view with other filters: from its first page. */
export function withFilters(view: WorkbenchView, change: Partial<ReceivedResultsQuery>): WorkbenchView {
  const query: ReceivedResultsQuery = { ...view.query, ...change };
  delete query.cursor;
  for (const key of Object.keys(query) as (keyof ReceivedResultsQuery)[])
    if (query[key] === undefined || query[key] === '') delete query[key];
  return { query, back: [] };
}

/** Every filter and the search left out; the survey, sort and page size kept. */
export function cleared({ query }: WorkbenchView): WorkbenchView {
  const { surveyId, sort, direction, limit } = query;
  return withFilters({ query: { surveyId }, back: [] }, { sort, direction, limit });
}

/** Whether anything narrows the view (a filter, the search, a state other than completed). */
export const isNarrowed = ({ query }: WorkbenchView): boolean =>
  (['from', 'to', 'band', 'sector', 'size', 'region', 'search'] as const).some(
    (key) => query[key] !== undefined,
  ) ||
  (query.state !== undefined && query.state !== 'completed');

export const nextPage = (view: WorkbenchView, next: string): WorkbenchView => ({
  query: { ...view.query, cursor: next },
  back: [...view.back, view.query.cursor ?? ''],
});

export function previousPage(view: WorkbenchView): WorkbenchView {
  const back = view.back.slice(0, -1);
  const cursor = view.back[view.back.length - 1];
  const query = { ...view.query, cursor: cursor || undefined };
  if (!query.cursor) delete query.cursor;
  return { query, back: query.cursor ? back : [] };
}

export interface SortChoice {
  sort: WorkbenchSort;
  direction: WorkbenchDirection;
  label: string;
}

export const SORT_CHOICES: readonly SortChoice[] = [
  { sort: 'completed', direction: 'desc', label: 'Newest first' },
  { sort: 'completed', direction: 'asc', label: 'Oldest first' },
  { sort: 'score', direction: 'desc', label: 'Highest score first' },
  { sort: 'score', direction: 'asc', label: 'Lowest score first' },
  { sort: 'organisation', direction: 'asc', label: 'Organisation A to Z' },
  { sort: 'organisation', direction: 'desc', label: 'Organisation Z to A' },
];

/** The sort select's value for a query: its sort and direction, the defaults where it has none. */
export function sortKey(query: ReceivedResultsQuery): string {
  const sort = query.sort ?? 'completed';
  return `${sort}:${query.direction ?? defaultDirection(sort)}`;
}
