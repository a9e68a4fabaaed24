// Cold start of the deployed functions: the artifact built and installed as Cloud Build installs it
// (`npm install --omit=dev` in a folder of its own), then, for each measured callable, a fresh Node
// process that loads it as the Functions runtime does (require, or import for an ES module package),
// serves the one function behind Express and answers one callable request over HTTP, against the
// Firestore and Auth emulators and the content service. Reported per callable: ms from the process's
// start to the answer, and its memory after it (median of RUNS). Writes e2e/bench/results/cold-start.json
// (or results/<name>.json with a name argument).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { API } from '@toolkit/domain';
import { startContentServer } from '@toolkit/content';
import { freePort, startAuthEmulator, startFirestoreEmulator } from '@toolkit/local-services';
import { createFirestoreStore, generateCredentialKey, paths } from '@toolkit/server';

const root = path.resolve(__dirname, '../..');
/** Fresh processes per function (BENCH_RUNS to change). */
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const PROJECT = 'demo-toolkit-bench';
const TENANT = 'demo-publisher';
const SURVEY = 'quickscan';
const CONTENT_KEY = 'bench-content-key';
const PASSWORD = 'bench-password-1';
const args = process.argv.slice(2);
/**
 * `--baseline <folder>`: an artifact installed before (e.g. an earlier build's, installed the same way),
 * measured in turn with this build's under the same load, and reported beside it as `baseline`.
 */
const at = args.indexOf('--baseline');
const BASELINE = at === -1 ? null : path.resolve(args.splice(at, 2)[1]!);
/** The figures' file in results/: another name keeps a run apart, e.g. `cold-start-before`. */
const OUT = args[0] ?? 'cold-start';

/**
 * Runs in the fresh process, beside the installed artifact: the function named by argv[2] behind
 * Express (as the Functions Framework serves it, trusting the proxy's X-Forwarded-For), one request
 * with the body and headers of argv[3], then the answer and the memory as one JSON line.
 */
const CALLER = `
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
const require = createRequire(import.meta.url);
const [target, requestJson] = process.argv.slice(2);
const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const main = new URL('./' + manifest.main, import.meta.url);
const exported = manifest.type === 'module' ? await import(main.href) : require(main.pathname);
const loadedMs = performance.now();
const loadedCpu = process.cpuUsage();
const [group, name] = target.split('-');
const fn = exported[group][name];
const express = require('express');
const app = express();
app.set('trust proxy', true);
app.use(express.json({ verify: (req, _res, buf) => { req.rawBody = buf; } }));
app.post('/', (req, res) => fn(req, res));
const server = app.listen(0, '127.0.0.1', async () => {
  const { body, headers } = JSON.parse(requestJson);
  const response = await fetch('http://127.0.0.1:' + server.address().port + '/', {
    method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body),
  });
  const answer = await response.json();
  const ms = performance.now();
  const cpu = process.cpuUsage();
  const { rss, heapUsed } = process.memoryUsage();
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const loadedCpuMs = (loadedCpu.user + loadedCpu.system) / 1000;
  process.stdout.write(JSON.stringify({ loadedMs, loadedCpuMs, ms, cpuMs, status: response.status, answer, rss, heapUsed }) + '\\n');
  process.exit(0);
});
`;

interface Answer {
  /** When the artifact had loaded, before the request. */
  loadedMs: number;
  ms: number;
  /**
   * The process's CPU time (user and system) by then: on a machine other work shares, steadier than
   * the clock, which also counts the time others held the CPU.
   */
  loadedCpuMs: number;
  cpuMs: number;
  status: number;
  answer: { result?: Record<string, unknown>; error?: unknown };
  rss: number;
  heapUsed: number;
}

interface Call {
  target: string;
  body: unknown;
  headers: Record<string, string>;
}

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

function callCold(sandbox: string, env: NodeJS.ProcessEnv, call: Call): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['bench-call.mjs', call.target, JSON.stringify({ body: call.body, headers: call.headers })],
      { cwd: sandbox, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line.startsWith('{'))
        return reject(new Error(`${call.target} exited ${code}:\n${out}\n${err}`));
      const answer = JSON.parse(line) as Answer;
      if (answer.status !== 200)
        return reject(
          new Error(`${call.target} answered ${answer.status}: ${JSON.stringify(answer.answer)}`),
        );
      resolve(answer);
    });
  });
}

function installArtifact(): string {
  console.log('building the functions artifact…');
  execFileSync('npm', ['run', '-s', 'build', '-w', '@toolkit/functions'], { cwd: root, stdio: 'inherit' });
  const sandbox = fs.mkdtempSync(path.join(os.tmpdir(), 'functions-cold-start-'));
  fs.cpSync(path.join(root, 'packages/functions/deploy'), sandbox, { recursive: true });
  console.log(`installing it as Cloud Build does (npm install --omit=dev in ${sandbox})…`);
  execFileSync(
    'npm',
    ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'],
    { cwd: sandbox, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return sandbox;
}

async function main() {
  const sandbox = installArtifact();
  const artifacts = BASELINE ? [sandbox, BASELINE] : [sandbox];
  for (const artifact of artifacts) fs.writeFileSync(path.join(artifact, 'bench-call.mjs'), CALLER);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cold-start-auth-'));
  const stops: (() => Promise<unknown>)[] = [
    async () => fs.rmSync(sandbox, { recursive: true, force: true }),
    async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  ];
  try {
    const firestore = await startFirestoreEmulator();
    stops.push(() => firestore.stop());
    const authPort = await freePort();
    const authEmulator = await startAuthEmulator({
      port: authPort,
      dataDir,
      projectId: PROJECT,
      log: () => {},
    });
    stops.push(() => authEmulator.stop());
    const content = await startContentServer({ port: 0, key: CONTENT_KEY });
    stops.push(() => content.close());

    process.env.FIRESTORE_EMULATOR_HOST = firestore.host;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${authPort}`;
    const app = initializeApp({ projectId: PROJECT }, 'cold-start-bench');
    stops.push(() => deleteApp(app));
    const store = createFirestoreStore(getFirestore(app));
    const identityToolkit = `${authEmulator.url}/identitytoolkit.googleapis.com/v1/accounts`;
    const rest = async (method: string, body: object) => {
      const response = await fetch(`${identityToolkit}:${method}?key=bench`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok)
        throw new Error(`Auth emulator ${method}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { idToken: string };
    };

    // The publisher's owner, a member as the router reads one (claims, tenant user and global user).
    const email = `owner-${Date.now()}@example.com`;
    const owner = await getAuth(app).createUser({ email, password: PASSWORD, emailVerified: true });
    await getAuth(app).setCustomUserClaims(owner.uid, { tenantId: TENANT, role: 'owner' });
    const person = { email, firstName: 'Owner', lastName: 'Bench', createdAt: '2024-01-01T00:00:00.000Z' };
    await store.set(paths.globalUser(owner.uid), {
      ...person,
      tenants: [TENANT],
      addressProvenAt: '2024-01-01T00:00:00.000Z',
    });
    await store.set(paths.tenantUser(TENANT, owner.uid), {
      ...person,
      tenantId: TENANT,
      group: 'owner',
      organization: { name: 'Bench publisher' },
      role: 'owner',
    });
    const ownerToken = (
      await rest('signInWithPassword', { email, password: PASSWORD, returnSecureToken: true })
    ).idToken;
    const asOwner = { authorization: `Bearer ${ownerToken}` };

    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      GCLOUD_PROJECT: PROJECT,
      FIREBASE_CONFIG: JSON.stringify({ projectId: PROJECT }),
      FIRESTORE_EMULATOR_HOST: firestore.host,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${authPort}`,
      CONTENT_URL: content.graphqlUrl,
      CONTENT_KEY,
      APP_URL: 'http://localhost:3000',
      ALLOWED_ORIGINS: JSON.stringify(['http://localhost:3000']),
      ENFORCE_APP_CHECK: 'false',
      CREDENTIAL_SIGNING_KEY: JSON.stringify(await generateCredentialKey()),
      STRIPE_SECRET_KEY: 'sk_test_cold_start_bench',
      STRIPE_WEBHOOK_SECRET: 'whsec_cold_start_bench',
    };

    // The respondent's first save: a fresh instance starts the result, another saves the first answer.
    const survey = async (artifact: string) => {
      const { idToken } = await rest('signUp', { returnSecureToken: true });
      const headers = { authorization: `Bearer ${idToken}` };
      const started = await callCold(artifact, env, {
        target: API.startResult,
        body: { data: { tenantId: TENANT, surveyId: SURVEY } },
        headers,
      });
      const resultId = String(started.answer.result?.resultId);
      const saved = await callCold(artifact, env, {
        target: API.saveAnswer,
        body: {
          data: {
            tenantId: TENANT,
            surveyId: SURVEY,
            resultId,
            questionId: 'company-name',
            answer: 'Bench',
            seq: 1,
          },
        },
        headers,
      });
      return [started, saved];
    };
    const one =
      (target: string, data: unknown, headers: Record<string, string>) => async (artifact: string) => [
        await callCold(artifact, env, { target, body: { data }, headers }),
      ];
    const cases: { group: string; targets: string[]; run: (artifact: string) => Promise<Answer[]> }[] = [
      { group: 'survey', targets: [API.startResult, API.saveAnswer], run: survey },
      { group: 'users', targets: [API.listTenantUsers], run: one(API.listTenantUsers, null, asOwner) },
      {
        group: 'insights',
        targets: [API.listReceivedResults],
        run: one(API.listReceivedResults, { surveyId: SURVEY }, asOwner),
      },
      { group: 'billing', targets: [API.listInvoices], run: one(API.listInvoices, null, asOwner) },
      { group: 'credentials', targets: [API.getCredentialKeys], run: one(API.getCredentialKeys, null, {}) },
    ];

    const groupsOf = new Map(artifacts.map((artifact) => [artifact, [] as unknown[]]));
    for (const { group, targets, run } of cases) {
      const runsOf = new Map(artifacts.map((artifact) => [artifact, [] as Answer[][]]));
      for (let i = 0; i < RUNS; i += 1)
        for (const artifact of artifacts) runsOf.get(artifact)!.push(await run(artifact));
      for (const artifact of artifacts) {
        const runs = runsOf.get(artifact)!;
        const calls = targets.map((target, at) => ({
          function: target,
          loadedMs: Math.round(median(runs.map((answers) => answers[at]!.loadedMs))),
          coldStartMs: Math.round(median(runs.map((answers) => answers[at]!.ms))),
          loadedCpuMs: Math.round(median(runs.map((answers) => answers[at]!.loadedCpuMs))),
          cpuMs: Math.round(median(runs.map((answers) => answers[at]!.cpuMs))),
          rssMegabytes: megabytes(median(runs.map((answers) => answers[at]!.rss))),
          heapUsedMegabytes: megabytes(median(runs.map((answers) => answers[at]!.heapUsed))),
        }));
        groupsOf.get(artifact)!.push({ group, calls });
        for (const call of calls)
          console.log(
            `${artifact === sandbox ? '' : 'baseline '}${call.function.padEnd(28)} ${String(call.coldStartMs).padStart(5)} ms to the answer (loaded at ${call.loadedMs} ms; CPU ${call.loadedCpuMs} and ${call.cpuMs} ms), rss ${call.rssMegabytes} MB, heap ${call.heapUsedMegabytes} MB`,
          );
      }
    }
    const describe = (artifact: string) => {
      const files = (fs.readdirSync(artifact, { recursive: true }) as string[]).filter(
        (file) => file.endsWith('.js') && !file.startsWith('node_modules'),
      );
      const bytes = files.reduce((sum, file) => sum + fs.statSync(path.join(artifact, file)).size, 0);
      return { files: files.length, kilobytes: Math.round(bytes / 1024), groups: groupsOf.get(artifact) };
    };
    const result = {
      measuredAt: new Date().toISOString(),
      conditions: `${os.cpus().length} CPUs (load average ${os.loadavg()[0]!.toFixed(1)} at the end), Node ${process.version}; median of ${RUNS} fresh processes per function${BASELINE ? ', taking turns with the baseline' : ''}, each loading the installed artifact and answering one callable request over HTTP`,
      ...describe(sandbox),
      ...(BASELINE ? { baseline: { folder: BASELINE, ...describe(BASELINE) } } : {}),
    };
    const out = path.join(__dirname, 'results', `${OUT}.json`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`written to ${path.relative(root, out)}`);
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
