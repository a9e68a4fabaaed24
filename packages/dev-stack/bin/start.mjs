// npm start: build what changed, then serve the whole product locally.
// Flags: --rebuild builds every app; --no-build serves whatever is in dist/ as it is.
import devStack from '../src/index.js';
import { fail, onShutdown, printStackUrls, root } from './cli.mjs';

const { ensureBuilt, startStack } = devStack;

/** @type {Awaited<ReturnType<typeof startStack>> | undefined} */
let stack;
// Registered first: a Ctrl-C during the build or start-up still exits cleanly (an emulator that
// is still starting gets its SIGINT from the process exit hook in @toolkit/local-services).
onShutdown(async () => {
  await stack?.stop();
});

try {
  if (!process.argv.includes('--no-build'))
    await ensureBuilt({ root, force: process.argv.includes('--rebuild') });
  stack = await startStack({ root });
  printStackUrls(stack);
  console.log('Ready. Ctrl-C stops everything.');
} catch (error) {
  await stack?.stop();
  fail(error);
}
