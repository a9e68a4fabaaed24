// Deleted organisations are purged once a day after their grace period (docs/behaviour.md, Deleting an
// organisation); the local stack purges at its start instead.
import { onSchedule, type ScheduleFunction, type ScheduleOptions } from 'firebase-functions/v2/scheduler';
import { FUNCTIONS_REGION } from '@toolkit/domain';
import {
  catalogueSurveyIds,
  purgeDeletedOrganisations,
  type DocumentStore,
  type EvidenceFiles,
} from '@toolkit/server';
import { FUNCTION_MEMORY } from './callables';

export function createPurgeFunction(
  resolve: () => {
    store: DocumentStore;
    content: { url: string; key: string };
    evidenceFiles: EvidenceFiles;
    log: (line: string) => void;
  },
  { secrets = [] }: { secrets?: ScheduleOptions['secrets'] } = {},
): ScheduleFunction {
  return onSchedule(
    {
      schedule: 'every day 03:00',
      timeZone: 'Australia/Sydney',
      region: FUNCTIONS_REGION,
      memory: FUNCTION_MEMORY,
      secrets,
    },
    async () => {
      const { store, content, evidenceFiles, log } = resolve();
      const purged = await purgeDeletedOrganisations(store, new Date(), {
        surveyIds: await catalogueSurveyIds(content),
        evidenceFiles,
      });
      if (purged.length > 0) log(`[purge] deleted organisations purged: ${purged.join(', ')}`);
    },
  );
}
