// Insights at scale: a publisher's survey insights with 100 and with 10,000 completed
// results, and the CSV export of all 10,000 streamed a page at a time, with the memory it takes.
// The results workbench: its first filtered page (a sector and a band, by score) and the
// filter's count at 100, 10,000 and 100,000 results; those past 10,000 are copies of the handlers'
// results written straight to the store (with their own ids, facets and scores), as the handlers'
// completion limit would take days to make them.
// The results are made by the product's own handlers (start, save, complete) in this process, on
// the embedded store and the local content service; the completion limit of 500 an hour per survey
// holds, so the handlers' clock moves an hour on every 400 results, as if they came in over a day.
// Writes e2e/bench/results/insights.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startContentServer } from '@toolkit/content';
import { API, PEER_FACETS, type ApiName } from '@toolkit/domain';
import {
  allCallables,
  createContentPort,
  createCredentialIssuer,
  createRouter,
  generateCredentialKey,
  type AuthPort,
  type VerifiedToken,
} from '@toolkit/server';
import {
  createLocalEvidenceFiles,
  createSandboxBilling,
  openPgliteStore,
  seedPublisherTenants,
} from '@toolkit/server/local';

const root = path.resolve(__dirname, '../..');
const TENANT = 'demo-publisher';
const SURVEY = 'quickscan';
const CONTENT_KEY = 'bench-content-key';
const SIZES = [100, 10_000];
const WORKBENCH_SIZES = [100, 10_000, 100_000];
const PER_HOUR = 400;
/** Copies written per store round, so the store's group commit takes them together. */
const COPY_BATCH = 500;

interface Quickscan {
  sections: { questions: { id: string; type: string; scored?: boolean; options?: { id: string }[] }[] }[];
}
const QUESTIONS = (
  JSON.parse(fs.readFileSync(path.join(root, 'packages/content/content/quickscan.json'), 'utf8')) as Quickscan
).sections.flatMap((section) => section.questions);
const SCORED = QUESTIONS.filter(
  (question) => question.type === 'multipleChoice' && question.scored !== false,
).slice(0, 3);
const SECTOR_OPTIONS = QUESTIONS.find((question) => question.id === PEER_FACETS[0].questionId)!.options!.map(
  (option) => option.id,
);

/** The handlers used here never reach the identity provider: the callers arrive verified. */
const noAuth: AuthPort = new Proxy({} as AuthPort, {
  get: () => () => Promise.reject(new Error('The insights bench makes no identity-provider calls.')),
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const round1 = (value: number) => Math.round(value * 10) / 10;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolkit-bench-insights-'));
  const content = await startContentServer({ port: 0, key: CONTENT_KEY });
  const store = await openPgliteStore({ dataDir });
  let hours = 0;
  const start = Date.now();
  const router = createRouter(
    {
      store,
      auth: noAuth,
      content: createContentPort({ url: content.graphqlUrl, key: CONTENT_KEY }),
      appUrl: 'http://localhost:3000',
      credentials: createCredentialIssuer(generateCredentialKey),
      // The bench adds no evidence: its folder stays empty, and no link is handed out.
      evidenceFiles: createLocalEvidenceFiles({
        dir: path.join(dataDir, 'evidence'),
        baseUrl: () => 'http://127.0.0.1:9',
      }),
      billing: createSandboxBilling(store, 'http://localhost:3000'),
      now: () => new Date(start + hours * 3_600_000),
      log: () => undefined,
    },
    allCallables,
  );
  const call = async (
    name: ApiName,
    data: unknown,
    token: VerifiedToken,
    stream?: (message: unknown) => void,
  ) => {
    const outcome = await router.callAs(name, data, token, {
      ...(stream
        ? {
            stream: {
              send: async (message: unknown) => (stream(message), true),
              signal: new AbortController().signal,
            },
          }
        : {}),
    });
    if ('error' in outcome) throw new Error(`${name}: ${outcome.error.message}`);
    return outcome.result as Record<string, unknown>;
  };

  try {
    await seedPublisherTenants(store);
    const owner: VerifiedToken = {
      uid: 'bench-publisher-owner',
      email: 'owner@demo-publisher.example',
      emailVerified: true,
      isAnonymous: false,
      signInProvider: 'password',
      claims: { tenantId: TENANT, role: 'owner' },
    };
    await store.set(`tenants/${TENANT}/users/${owner.uid}`, {
      email: owner.email,
      firstName: 'Bench',
      lastName: 'Owner',
      tenantId: TENANT,
      role: 'owner',
      group: 'owner',
    });

    let completed = 0;
    const completeOne = async () => {
      const respondent: VerifiedToken = {
        uid: `respondent-${completed}`,
        email: null,
        emailVerified: false,
        isAnonymous: true,
        signInProvider: 'anonymous',
        claims: {},
      };
      const { resultId } = await call(API.startResult, { tenantId: TENANT, surveyId: SURVEY }, respondent);
      const answers: [string, string][] = [
        ['company-name', `Organisation ${completed}`],
        // The sector the workbench filters by.
        [PEER_FACETS[0].questionId, SECTOR_OPTIONS[completed % SECTOR_OPTIONS.length]!],
        ...SCORED.map((question, i): [string, string] => [
          question.id,
          question.options![(completed + i) % question.options!.length]!.id,
        ]),
      ];
      for (const [questionId, answer] of answers)
        await call(
          API.saveAnswer,
          { tenantId: TENANT, surveyId: SURVEY, resultId, questionId, answer, seq: 1 },
          respondent,
        );
      await call(API.completeResult, { tenantId: TENANT, surveyId: SURVEY, resultId }, respondent);
      completed += 1;
      if (completed % PER_HOUR === 0) hours += 1;
    };

    // The workbench's first page of one sector and one band, by score, with the filter's count.
    const results = `tenants/${TENANT}/assessments/${SURVEY}/results`;
    const workbench: { results: number; medianMs: number; page: number; total: number }[] = [];
    const measureWorkbench = async (size: number) => {
      // The band of the first result made, the same at every size.
      // Asked in a shape the server declares (query-shapes.ts), so the store logs no undeclared query.
      const [first] = await store.query(results, {
        where: [['isCompleted', '==', true]],
        orderBy: [['completedAt', 'asc']],
        limit: 1,
      });
      const band = (first!.data!.listing as { band: string }).band;
      const filter = { surveyId: SURVEY, sector: SECTOR_OPTIONS[0], band, sort: 'score', limit: 50 };
      const times: number[] = [];
      let page = 0;
      let total = 0;
      for (let i = 0; i < 21; i += 1) {
        const at = performance.now();
        const listed = (await call(API.listReceivedResults, filter, owner)) as {
          results: unknown[];
          total: number;
        };
        times.push(performance.now() - at);
        page = listed.results.length;
        total = listed.total;
      }
      workbench.push({ results: size, medianMs: round1(median(times)), page, total });
    };

    const insights: { results: number; medianMs: number }[] = [];
    for (const size of SIZES) {
      const seeding = performance.now();
      while (completed < size) await completeOne();
      console.log(`${size} completed results made in ${Math.round((performance.now() - seeding) / 1000)} s`);
      const times: number[] = [];
      for (let i = 0; i < 21; i += 1) {
        const at = performance.now();
        await call(API.getSurveyInsights, { surveyId: SURVEY }, owner);
        times.push(performance.now() - at);
      }
      insights.push({ results: size, medianMs: round1(median(times)) });
      await measureWorkbench(size);
    }

    // The export of every result, with the memory read as each page goes out (the export runs
    // without giving timers a turn, so a timer could not sample it).
    global.gc?.();
    const before = process.memoryUsage();
    const peak = { heapUsed: before.heapUsed, rss: before.rss };
    let samples = 0;
    let bytes = 0;
    const exportStarted = performance.now();
    const exported = await call(API.exportReceivedResults, { surveyId: SURVEY }, owner, (message) => {
      bytes += String((message as { csv: string }).csv).length;
      const now = process.memoryUsage();
      peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
      peak.rss = Math.max(peak.rss, now.rss);
      samples += 1;
    });
    const exportMs = performance.now() - exportStarted;

    const copying = performance.now();
    const made = await store.query(results, { where: [['isCompleted', '==', true]] });
    for (let copies = made.length; copies < WORKBENCH_SIZES[2]!; copies += COPY_BATCH) {
      await Promise.all(
        Array.from({ length: Math.min(COPY_BATCH, WORKBENCH_SIZES[2]! - copies) }, (_, i) =>
          store.set(`${results}/${store.newId()}`, made[(copies + i) % made.length]!.data!),
        ),
      );
    }
    console.log(`${WORKBENCH_SIZES[2]} results in ${Math.round((performance.now() - copying) / 1000)} s`);
    await measureWorkbench(WORKBENCH_SIZES[2]!);

    const result = {
      measuredAt: new Date().toISOString(),
      what: 'insights-getSurveyInsights and the workbench page of insights-listResults (median of 21 calls each) and insights-exportResults, through the handlers in-process',
      conditions: `${os.cpus().length} CPUs; embedded store on disk; the local content service`,
      insights,
      largerOverSmaller: round1(insights[1]!.medianMs / insights[0]!.medianMs),
      workbench,
      workbenchLargestOverSmallest: round1(workbench.at(-1)!.medianMs / workbench[0]!.medianMs),
      export: {
        rows: exported.rows,
        megabytes: round1(bytes / 1_048_576),
        seconds: round1(exportMs / 1000),
        // The most either grew above where it was before the export, read at each page.
        heapGrowthMegabytes: round1((peak.heapUsed - before.heapUsed) / 1_048_576),
        rssGrowthMegabytes: round1((peak.rss - before.rss) / 1_048_576),
        memorySamples: samples,
      },
    };
    const out = path.join(__dirname, 'results', 'insights.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(
      `insights: ${insights.map((entry) => `${entry.medianMs} ms at ${entry.results}`).join(', ')} ` +
        `(${result.largerOverSmaller}×); workbench page: ${workbench.map((entry) => `${entry.medianMs} ms at ${entry.results} (${entry.page} of ${entry.total})`).join(', ')}; export of ${result.export.rows} rows (${result.export.megabytes} MB) ` +
        `in ${result.export.seconds} s; heap grew at most ${result.export.heapGrowthMegabytes} MB, RSS ${result.export.rssGrowthMegabytes} MB (${samples} samples) — written to ${path.relative(root, out)}`,
    );
  } finally {
    await store.close();
    await content.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
