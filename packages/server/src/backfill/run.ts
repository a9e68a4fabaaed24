// Runs every backfill step over every survey of the catalogue: what `npm run backfill` and the
// local stack's start do, so a stored database catches up with what newer code stores. A step
// finished for a survey is recorded and never run for it again: results completed since write what
// the steps add themselves, so a start costs one read per survey however many results it holds.
import type { ContentPort } from '../api/handler';
import { FieldValue, type DocumentStore } from '../store/port';
import { BACKFILL_STEPS, type BackfillStep } from './steps';

/** The steps finished for a survey: each step's name, with when it finished. */
export const finishedStepsPath = (surveyId: string) => `backfill/${surveyId}`;

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
    const finishedPath = finishedStepsPath(surveyId);
    const finished = (await store.get(finishedPath)).data ?? {};
    const pending = steps.filter((step) => !(step.name in finished));
    if (pending.length === 0) continue;
    const definition = await content.getSurvey(surveyId);
    if (!definition) continue;
    for (const step of pending) {
      const report = await step.run(store, definition);
      // Quiet when there was nothing to catch up.
      if (Object.values(report).some((count) => count !== 0)) {
        log(`[backfill] ${surveyId}, ${step.name}: ${JSON.stringify(report)}`);
      }
      await store.set(finishedPath, { [step.name]: FieldValue.serverTimestamp() }, { merge: true });
    }
  }
}
