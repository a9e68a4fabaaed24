// npm start: build what changed, then serve the whole product locally.
// Flags: --rebuild builds every app; --no-build serves whatever is in dist/ as it is.
import devStack from '../src/index.js';
import holdingPage from '../src/holding-page.js';
import { fail, onShutdown, printStackUrls, reportOnHoldingPage, root } from './cli.mjs';

const { contractPorts, ensureBuilt, listApps, readLocalRuntimeConfig, startStack } = devStack;
const { startHoldingPage } = holdingPage;

/** Where the stack listens; the holding page takes the shell's port on the same address first. */
const host = '127.0.0.1';

/** @type {Awaited<ReturnType<typeof startStack>> | undefined} */
let stack;
/** @type {import('../src/holding-page.js').HoldingPage | undefined} */
let holding;
// Registered first: a Ctrl-C during the build or start-up still exits cleanly (an emulator that
// is still starting gets its SIGINT from the process exit hook in @toolkit/local-services).
onShutdown(async () => {
  await holding?.close();
  await stack?.stop();
});

try {
  if (!process.argv.includes('--no-build')) {
    holding = await startHoldingPage({
      port: contractPorts(readLocalRuntimeConfig(root)).shell,
      host,
      items: listApps().map((app) => app.dir),
    });
    await ensureBuilt({ root, force: process.argv.includes('--rebuild'), onProgress: holding.progress });
    // Closed just before the stack binds the port, which the stack's first steps take milliseconds to reach.
    await holding.close();
    holding = undefined;
  }
  stack = await startStack({ root, host });
  printStackUrls(stack);
  console.log('Ready. Ctrl-C stops everything.');
} catch (error) {
  if (holding) reportOnHoldingPage(holding, error);
  else {
    await stack?.stop();
    fail(error);
  }
}
