// The result a respondent finished, kept for the browser tab's history (sessionStorage): going Back
// to a page of that visit, or reloading the thank-you, shows the finished result again instead of
// starting an empty one. A new way in (another tab, an address typed or followed, another session)
// starts a new result as before.
import type { ResultScore } from '@toolkit/domain';
import { finishedResultKey, pageLoadCameBack } from '@toolkit/platform/survey-answers';
import type { FinishedResult } from './session-machine';

/** Where the respondent is: the survey, their session and the history entry (the router's key). */
export interface Visit {
  tenantId: string;
  surveyId: string;
  uid: string | null;
  inviteId: string | null;
  /** The result the address asks for, if any. */
  resultId: string | null;
  page: string;
}

interface Stored extends FinishedResult {
  uid: string;
  inviteId: string | null;
  /** The history entries the respondent went through before finishing. */
  pages: string[];
}

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const isScore = (value: unknown): value is ResultScore =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ResultScore).overall === 'object' &&
  Array.isArray((value as ResultScore).sections);

function read(key: string): Stored | null {
  try {
    const value = JSON.parse(tabStorage()?.getItem(key) ?? 'null') as Partial<Stored> | null;
    const { uid, resultId, inviteId, pages, score } = value ?? {};
    if (typeof uid !== 'string' || typeof resultId !== 'string' || !Array.isArray(pages)) return null;
    return {
      uid,
      resultId,
      inviteId: typeof inviteId === 'string' ? inviteId : null,
      pages: pages.filter((page): page is string => typeof page === 'string'),
      score: isScore(score) ? score : null,
    };
  } catch {
    // Unreadable: nothing was finished here.
    return null;
  }
}

/**
 * Whether the page is one the respondent came back to. An entry the router made carries its own key;
 * the one a page load opened has none ('default'), so it counts only when the load came back to it
 * (Back, Forward, a reload) and not when it was a new way in.
 */
function cameBack(page: string): boolean {
  return page !== 'default' || pageLoadCameBack();
}

/** The result finished in this session on this page of the tab's history, if there is one. */
export function loadFinished(visit: Visit): FinishedResult | null {
  const stored = read(finishedResultKey(visit.tenantId, visit.surveyId));
  const matches =
    stored !== null &&
    stored.uid === visit.uid &&
    stored.inviteId === visit.inviteId &&
    (visit.resultId === null || visit.resultId === stored.resultId) &&
    stored.pages.includes(visit.page) &&
    cameBack(visit.page);
  return matches ? { resultId: stored.resultId, score: stored.score } : null;
}

export function saveFinished(
  visit: Omit<Visit, 'page' | 'resultId'>,
  finished: FinishedResult,
  pages: Iterable<string>,
): void {
  if (visit.uid === null) return;
  const stored: Stored = { ...finished, uid: visit.uid, inviteId: visit.inviteId, pages: [...pages] };
  try {
    tabStorage()?.setItem(finishedResultKey(visit.tenantId, visit.surveyId), JSON.stringify(stored));
  } catch {
    // Storage full or blocked: Back then starts a new result, as it would without this.
  }
}
