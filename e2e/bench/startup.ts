// How long a developer waits: the production build of every app (`npm start -- --rebuild`), and the
// stack from its start to ready, cold (a new data folder: the Auth emulator without users, the
// publishers seeded) and warm (the same folder again). Writes e2e/bench/results/startup.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt } from '@toolkit/dev-stack';
import { startStackProcess } from '@toolkit/dev-stack';

const root = path.resolve(__dirname, '../..');
const PORTS = {
  shell: 3500,
  survey: 3501,
  dashboard: 3502,
  journey: 3503,
  billing: 3504,
  auth: 9599,
  content: 4500,
  functions: 5501,
  mail: 1580,
  smtp: 1525,
};

const seconds = (ms: number) => Math.round(ms / 100) / 10;

async function secondsToReady(dataDir: string): Promise<number> {
  const started = performance.now();
  const stack = await startStackProcess({ dataDir, ports: PORTS });
  const ready = performance.now();
  await stack.stop();
  return seconds(ready - started);
}

async function main() {
  const buildStarted = performance.now();
  await ensureBuilt({ root, force: true, log: () => undefined });
  const buildSeconds = seconds(performance.now() - buildStarted);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolkit-bench-start-'));
  try {
    const cold = await secondsToReady(dataDir);
    const warm = await secondsToReady(dataDir);
    const result = {
      measuredAt: new Date().toISOString(),
      conditions: `${os.cpus().length} CPUs; the apps built two at a time; the stack without its build check`,
      buildSeconds,
      readySeconds: { cold, warm },
    };
    const out = path.join(__dirname, 'results', 'startup.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(
      `build of every app: ${buildSeconds} s; stack ready cold ${cold} s, warm ${warm} s — written to ${path.relative(root, out)}`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
