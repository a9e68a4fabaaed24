// npm test: every check in order, stopping at the first that fails, with the wall time of each and
// the total, so a slow step shows in every run's output instead of being guessed at.
import { spawnSync } from 'node:child_process';

const STEPS = [
  ['lint', 'lint'],
  ['format', 'format:check'],
  ['typecheck', 'typecheck'],
  ['unit', 'test:unit'],
  ['deploy:check', 'deploy:check'],
  ['e2e', 'test:e2e'],
  ['e2e:firebase', 'test:e2e:firebase'],
];

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const timings = [];
const started = Date.now();

function summary() {
  const lines = timings.map(
    ([name, ms, outcome]) => `  ${name.padEnd(14)} ${seconds(ms).padStart(7)}  ${outcome}`,
  );
  console.log(
    `\nnpm test, step by step:\n${lines.join('\n')}\n  ${'total'.padEnd(14)} ${seconds(Date.now() - started).padStart(7)}`,
  );
}

for (const [name, script] of STEPS) {
  const stepStarted = Date.now();
  console.log(`\n▶ ${name} (npm run ${script})`);
  const { status, signal } = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  const ok = status === 0;
  timings.push([name, Date.now() - stepStarted, ok ? 'passed' : `failed (${signal ?? `exit ${status}`})`]);
  if (!ok) {
    summary();
    process.exit(status ?? 1);
  }
}
summary();
