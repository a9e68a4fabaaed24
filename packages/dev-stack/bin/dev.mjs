// npm run dev -- <remote>: hot-reloading webpack dev server for one remote, the built rest around it.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import devStack from '../src/index.js';
import { fail, onShutdown, printStackUrls, root } from './cli.mjs';

const { ensureBuilt, startStack, listApps, remoteNameOf, REMOTE_NAMES } = devStack;

const requested = process.argv[2];
const name = requested === undefined ? undefined : remoteNameOf(requested);
if (name === undefined) {
  console.error(`Usage: npm run dev -- <remote>   (one of: ${REMOTE_NAMES.join(', ')})`);
  process.exit(2);
}
const app = /** @type {import('../src/apps.js').App} */ (
  listApps().find((candidate) => candidate.name === name)
);

/** @type {import('node:child_process').ChildProcess | undefined} */
let devServer;
/** @type {Awaited<ReturnType<typeof startStack>> | undefined} */
let stack;
let stopping = false;

async function stopAll() {
  stopping = true;
  const exited =
    devServer && devServer.exitCode === null && devServer.signalCode === null
      ? new Promise((resolve) => devServer?.once('exit', resolve))
      : undefined;
  devServer?.kill('SIGTERM');
  await Promise.all([stack?.stop(), exited]);
}

try {
  await ensureBuilt({ root, skip: [name] });
  const webpackCli = createRequire(import.meta.url).resolve('webpack-cli/bin/cli.js', { paths: [root] });
  // Same terminal, so its compile output and errors stay visible. Its port comes from the app's
  // webpack config (the same port the runtime configuration names).
  devServer = spawn(process.execPath, [webpackCli, 'serve', '--mode', 'development'], {
    cwd: path.join(root, app.dir),
    stdio: 'inherit',
  });
  devServer.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`webpack serve for ${app.dir} stopped (${signal ?? `code ${code}`}); stopping the rest.`);
    stopAll().then(() => process.exit(code || 1));
  });
  onShutdown(stopAll);
  stack = await startStack({ root, skip: [name] });
  printStackUrls(stack, { [name]: '(webpack serve, hot reload)' });
} catch (error) {
  await stopAll().catch(() => {});
  fail(error);
}
