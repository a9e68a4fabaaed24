// The publisher's results workbench: what a completed result stores to be listed, filtered, sorted
// and searched without reading every result (its `listing`), and the workbench's query, kept in the
// address so a view can be shared.
import type { RespondentContact } from './api';
import { isCalendarDay } from './dates';
import { facetsOf, type PeerFacet } from './peer-groups';
import { ID_PATTERN } from './strings';

/** Stored on a completed result (`listing`), written when it completes. */
export interface ResultListing {
  /** Marked as a test or junk by the publisher: left out of every aggregate. */
  excluded: boolean;
  excludedReason: string | null;
  percent: number | null;
  /** The score band's label. */
  band: string | null;
  /** The organisation's name normalised (lower case, accents folded, spaces collapsed); '' when none. */
  organisation: string;
  sector: string | null;
  size: string | null;
  region: string | null;
  /** Search prefixes of the organisation's and the respondent's names (see searchTerms). */
  terms: string[];
}

export const SEARCH_TERM_MIN = 2;
/** Longer words are searched by their first 20 characters. */
export const SEARCH_TERM_MAX = 20;
/** Bounds one result's index entries. */
export const SEARCH_TERMS_MAX = 200;
export const WORKBENCH_SEARCH_MAX = 100;
export const WORKBENCH_PAGE_MAX = 100;
export const WORKBENCH_PAGE_DEFAULT = 50;
export const EXCLUDED_REASON_MIN = 3;
export const EXCLUDED_REASON_MAX = 200;

/** Lower case, accents folded, whitespace collapsed: "  Café  Vert " → "cafe vert". */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const wordsOf = (text: string): string[] =>
  foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * Every prefix of 2 to 20 characters of each word, so a search for "gre" finds "Green Leaf Cafe".
 * A store can only look up one term per query (array-contains), so a document holds them all, at
 * most `max`.
 */
export function searchTerms(text: string, max = SEARCH_TERMS_MAX): string[] {
  const terms = new Set<string>();
  for (const word of wordsOf(text)) {
    for (let length = SEARCH_TERM_MIN; length <= Math.min(word.length, SEARCH_TERM_MAX); length++) {
      if (terms.size >= max) return [...terms];
      terms.add(word.slice(0, length));
    }
  }
  return [...terms];
}

/**
 * The one term a search looks up: its longest word (the most selective), cut like the stored terms;
 * null when no word has 2 characters.
 */
export function normaliseSearch(query: string): string | null {
  const longest = wordsOf(query).reduce((best, word) => (word.length > best.length ? word : best), '');
  return longest.length >= SEARCH_TERM_MIN ? longest.slice(0, SEARCH_TERM_MAX) : null;
}

export interface ListingSource {
  answers: Readonly<Record<string, unknown>>;
  score: { overall: { percent: number }; band?: { label: string } | null } | null;
  /** Who answered, as far as known: the survey link's prefill, else their account's names. */
  contact: RespondentContact;
  /** The organisation the respondent named. */
  organisation: string | null;
}

/** A newly completed result's listing: counted, not excluded. */
export function listingOf({ answers, score, contact, organisation }: ListingSource): ResultListing {
  const facets = facetsOf(answers);
  // The e-mail's local part only: its domain ("gmail", "co") would match nearly everyone.
  const emailName = (contact.email ?? '').split('@')[0] ?? '';
  return {
    excluded: false,
    excludedReason: null,
    percent: score?.overall.percent ?? null,
    band: score?.band?.label ?? null,
    organisation: foldText(organisation ?? ''),
    sector: facets.sector,
    size: facets.size,
    region: facets.region,
    terms: searchTerms([organisation ?? '', contact.name ?? '', emailName].join(' ')),
  };
}

export const WORKBENCH_STATES = ['completed', 'excluded', 'in-progress'] as const;
export type WorkbenchState = (typeof WORKBENCH_STATES)[number];
export const WORKBENCH_SORTS = ['completed', 'score', 'organisation'] as const;
export type WorkbenchSort = (typeof WORKBENCH_SORTS)[number];
export const WORKBENCH_DIRECTIONS = ['asc', 'desc'] as const;
export type WorkbenchDirection = (typeof WORKBENCH_DIRECTIONS)[number];

/** The request of API.listReceivedResults. Absent: completed results, newest completed first. */
export interface ReceivedResultsQuery {
  surveyId: string;
  /** 'completed' (default) lists the counted ones, 'excluded' those marked excluded. */
  state?: WorkbenchState;
  /** UTC days, both included: of completion, or of the start for 'in-progress'. */
  from?: string;
  to?: string;
  /** A band label. */
  band?: string;
  /** Option ids of the facet questions (PEER_FACETS). */
  sector?: string;
  size?: string;
  region?: string;
  /** An organisation or respondent name, or the start of one. */
  search?: string;
  sort?: WorkbenchSort;
  /** Default: descending for dates and scores, ascending for organisations. */
  direction?: WorkbenchDirection;
  /** The previous page's `next`. */
  cursor?: string;
  limit?: number;
}

export const WORKBENCH_FACETS: readonly PeerFacet[] = ['sector', 'size', 'region'];

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

/** The sort's direction when none is asked. */
export const defaultDirection = (sort: WorkbenchSort = 'completed'): WorkbenchDirection =>
  sort === 'organisation' ? 'asc' : 'desc';

/** The address's parameters as a query; unknown parameters and invalid values are left out. */
export function workbenchQueryFromSearch(params: URLSearchParams): Partial<ReceivedResultsQuery> {
  const query: Partial<ReceivedResultsQuery> = {};
  const text = (key: string, max: number) => {
    const value = params.get(key)?.trim();
    return value && value.length <= max ? value : undefined;
  };
  const id = (key: string) => {
    const value = params.get(key);
    return value && ID_PATTERN.test(value) ? value : undefined;
  };
  const day = (key: string) => {
    const value = params.get(key);
    return value && isCalendarDay(value) ? value : undefined;
  };
  const surveyId = id('surveyId');
  if (surveyId) query.surveyId = surveyId;
  const state = params.get('state');
  if (state && isOneOf(WORKBENCH_STATES, state)) query.state = state;
  const from = day('from');
  if (from) query.from = from;
  const to = day('to');
  if (to) query.to = to;
  const band = text('band', WORKBENCH_SEARCH_MAX);
  if (band) query.band = band;
  for (const facet of WORKBENCH_FACETS) {
    const value = id(facet);
    if (value) query[facet] = value;
  }
  const search = text('search', WORKBENCH_SEARCH_MAX);
  if (search) query.search = search;
  const sort = params.get('sort');
  if (sort && isOneOf(WORKBENCH_SORTS, sort)) query.sort = sort;
  const direction = params.get('direction');
  if (direction && isOneOf(WORKBENCH_DIRECTIONS, direction)) query.direction = direction;
  const cursor = id('cursor');
  if (cursor) query.cursor = cursor;
  const limit = Number(params.get('limit'));
  if (Number.isInteger(limit) && limit >= 1 && limit <= WORKBENCH_PAGE_MAX) query.limit = limit;
  return query;
}

const KEYS = [
  'surveyId',
  'state',
  'from',
  'to',
  'band',
  'sector',
  'size',
  'region',
  'search',
  'sort',
  'direction',
  'cursor',
  'limit',
] as const satisfies readonly (keyof ReceivedResultsQuery)[];

/** The query as the address's parameters, in a fixed order; what workbenchQueryFromSearch would drop is left out. */
export function workbenchSearchParams(query: Partial<ReceivedResultsQuery>): URLSearchParams {
  const given = new URLSearchParams();
  for (const key of KEYS) if (query[key] !== undefined) given.set(key, String(query[key]));
  const valid = workbenchQueryFromSearch(given);
  const params = new URLSearchParams();
  for (const key of KEYS) if (valid[key] !== undefined) params.set(key, String(valid[key]));
  return params;
}
