// Which results a read shows, as tags with ids, so a change to one result asks again only the
// screens that show it: excluding a received result refreshes that survey's pages and insights and
// the result's own screen, never the organisation's own results or another survey's.
/** The organisation's own results (Results, Insights, Reports, the action plans they hold). */
export const OWN_RESULTS = { type: 'Results', id: 'own' } as const;

/** Results someone asked to save under the caller's address. */
export const RESULT_CLAIMS = { type: 'Results', id: 'claims' } as const;

/** What one survey the organisation publishes received: its pages of results, insights and comments. */
export const receivedBy = (surveyId: string) => ({ type: 'Results', id: `received:${surveyId}` }) as const;

/** One received result, on its own screen. */
export const receivedResult = (resultId: string) => ({ type: 'Results', id: `result:${resultId}` }) as const;
