// Runs every backfill step over every survey of the catalogue: what `npm run backfill` and the
// local stack's start do, so a stored database catches up with what newer code stores.
import type { ContentPort } from '../api/handler';
import type { DocumentStore } from '../store/port';
import { BACKFILL_STEPS, type BackfillStep } from './steps';

/** The catalogue's survey ids, from the content service's GraphQL API. */
export async function catalogueSurveyIds(content: { url: string; key: string }): Promise<string[]> {
  const response = await fetch(content.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${content.key}` },
    body: JSON.stringify({ query: '{ surveys { id } }' }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json()) as { data?: { surveys: { id: string }[] } };
  if (!response.ok || !body.data)
    throw new Error(`The content service could not list the surveys (HTTP ${response.status}).`);
  return body.data.surveys.map((survey) => survey.id);
}

export async function runBackfill({
  store,
  content,
  surveyIds,
  steps = BACKFILL_STEPS,
  log = (line: string) => console.log(line),
}: {
  store: DocumentStore;
  content: Pick<ContentPort, 'getSurvey'>;
  surveyIds: readonly string[];
  steps?: readonly BackfillStep[];
  log?: (line: string) => void;
}): Promise<void> {
  for (const surveyId of surveyIds) {
    const definition = await content.getSurvey(surveyId);
    if (!definition) continue;
    for (const step of steps) {
      const report = await step.run(store, definition);
      // Quiet when there was nothing to catch up.
      if (Object.values(report).some((count) => count !== 0)) {
        log(`[backfill] ${surveyId}, ${step.name}: ${JSON.stringify(report)}`);
      }
    }
  }
}
