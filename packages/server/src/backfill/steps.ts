// The backfill's steps, in the order they run for each survey (docs/architecture.md, Backfill). The
// runner records a step finished for a survey and skips it after; within a run each step marks what
// it did, so one resumed after a failure does nothing twice. A feature whose stored data needs
// catching up adds its step here, under a name of its own (the record goes by name).
import type { ServerSurveyDefinition } from '../api/handler';
import type { DocumentStore } from '../store/port';
import { excludeEmptyResults } from './empty-results';
import { backfillInsightsCounters } from './insights-counters';
import { backfillListings } from './listings';

export interface BackfillStep {
  name: string;
  /** What it changed, counted, e.g. { listed: 3 }. */
  run(store: DocumentStore, definition: ServerSurveyDefinition): Promise<object>;
}

export const BACKFILL_STEPS: readonly BackfillStep[] = [
  { name: 'workbench listings', run: backfillListings },
  { name: 'insights counters', run: backfillInsightsCounters },
  { name: 'empty results out of the aggregate', run: excludeEmptyResults },
];
