// The stack as a process of its own, for tools that must not share its event loop or that kill it
// outright: the save bench (its load generator) and the crash tests (SIGKILL, then a restart on the
// same data). Nothing is built. Usage: node serve.mjs '{"dataDir": "...", "ports": {...}}'
// Prints one line `READY {"urls": ..., "ports": ...}` once every service answers.
import devStack from '../src/index.js';
import { fail, onShutdown, root } from './cli.mjs';

const { startStack } = devStack;

/** @returns {{ dataDir?: string, ports?: Record<string, number> }} */
function readOptions() {
  try {
    return JSON.parse(process.argv[2] ?? '{}');
  } catch (error) {
    return fail(new Error(`serve.mjs takes its options as one JSON argument: ${String(error)}`));
  }
}
const options = readOptions();

/** @type {Awaited<ReturnType<typeof startStack>> | undefined} */
let stack;
onShutdown(async () => {
  await stack?.stop();
});

try {
  stack = await startStack({
    root,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.ports ? { ports: options.ports } : {}),
    log: (line) => console.error(line),
  });
  console.log(`READY ${JSON.stringify({ urls: stack.urls, ports: stack.ports })}`);
} catch (error) {
  await stack?.stop();
  fail(error);
}
