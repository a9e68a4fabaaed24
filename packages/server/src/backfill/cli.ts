// npm run backfill: catches the local stack's stored database up with what newer code stores (the
// steps of ./steps). `npm start` runs the same at start; this is for a stopped stack.
import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { startContentServer } from '@toolkit/content';
import localServices from '@toolkit/local-services';
import { createContentPort } from '../content';
import { openPgliteStore } from '../store/pglite';
import { catalogueSurveyIds, runBackfill } from './run';

const root = path.resolve(__dirname, '../../../..');
const CONTENT_KEY = 'backfill';

async function main(): Promise<void> {
  const config = JSON.parse(
    readFileSync(path.join(root, 'packages/platform/src/runtime-config.local.json'), 'utf8'),
  ) as { functionsBaseUrl: string };
  // PGlite has one writer: the running stack's API host holds the database.
  if (await localServices.canConnect(Number(new URL(config.functionsBaseUrl).port))) {
    console.error(
      'npm start is running and ran the backfill when it started. Stop it first to run it again.',
    );
    process.exitCode = 1;
    return;
  }

  const dataDir = path.join(root, '.data', 'db');
  if (!existsSync(dataDir)) {
    console.log(`Nothing to backfill: ${dataDir} does not exist.`);
    return;
  }
  const content = await startContentServer({ port: 0, key: CONTENT_KEY });
  const store = await openPgliteStore({ dataDir });
  try {
    const contentSource = { url: content.graphqlUrl, key: CONTENT_KEY };
    await runBackfill({
      store,
      content: createContentPort(contentSource),
      surveyIds: await catalogueSurveyIds(contentSource),
    });
    console.log('Backfill done.');
  } finally {
    await store.close();
    await content.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
