// npm test: every check, stopping at the first that fails, with the wall time of each and the
// total, so a slow step shows in every run's output instead of being guessed at. On two cores:
// - the static checks read the sources only and each runs mostly on one core, so they run side by
//   side (one after another they took about 100 s);
// - the heaviest unit suites (jest's node-heavy project) run, at a lower priority, beside the
//   hosting builds and the browser tests, which wait on the browser and the network and leave a
//   core partly idle, instead of after the other suites.
// A step run beside others has its output kept and printed whole when it ends.
import { spawn } from 'node:child_process';

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

const outcomeOf = (status, signal) => (status === 0 ? 'passed' : `failed (${signal ?? `exit ${status}`})`);

/** A step with the terminal to itself (not spawnSync: a step beside it keeps reading its output). */
function runAlone(name, script) {
  const stepStarted = Date.now();
  console.log(`\n▶ ${name} (npm run ${script})`);
  return new Promise((resolve) => {
    spawn('npm', ['run', script], { stdio: 'inherit' }).on('close', (status, signal) => {
      timings.push([name, Date.now() - stepStarted, outcomeOf(status, signal)]);
      resolve(status === 0);
    });
  });
}

/** A step beside others, at `nice` priority (0 is the normal one). */
function runBeside(name, script, nice = 0) {
  const stepStarted = Date.now();
  const [command, args] = nice
    ? ['nice', ['-n', String(nice), 'npm', 'run', script]]
    : ['npm', ['run', script]];
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status, signal) => {
      console.log(`\n▶ ${name} (npm run ${script}, beside other steps)`);
      process.stdout.write(Buffer.concat(output));
      timings.push([name, Date.now() - stepStarted, outcomeOf(status, signal)]);
      resolve(status === 0);
    });
  });
}

function stop() {
  summary();
  process.exit(1);
}

const statics = await Promise.all([
  runBeside('lint', 'lint'),
  runBeside('format', 'format:check'),
  runBeside('typecheck', 'typecheck'),
]);
if (!statics.every(Boolean) || !(await runAlone('unit', 'test:unit:main'))) stop();
const heavy = runBeside('unit:heavy', 'test:unit:heavy', 10);
for (const [name, script] of [
  ['deploy:check', 'deploy:check'],
  ['e2e', 'test:e2e'],
  ['e2e:firebase', 'test:e2e:firebase'],
]) {
  // A failed step waits for the heavy suites' output, so the run reports every failure it found.
  if (!(await runAlone(name, script))) {
    await heavy;
    stop();
  }
}
if (!(await heavy)) stop();
summary();
