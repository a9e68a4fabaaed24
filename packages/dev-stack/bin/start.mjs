// npm start: build what changed, then serve the whole product locally.
// Flags: --rebuild builds every app; --no-build serves whatever is in dist/ as it is.
import devStack from '../src/index.js';
import { printStackUrls, root, startBehindHoldingPage } from './cli.mjs';

const { ensureBuilt, listApps, startStack } = devStack;

const stack = await startBehindHoldingPage({
  items: listApps().map((app) => app.dir),
  build: (onProgress) =>
    ensureBuilt({ root, force: process.argv.includes('--rebuild'), onProgress }).then(() => {}),
  start: (host) => startStack({ root, host }),
});
if (stack) {
  printStackUrls(stack);
  console.log('Ready. Ctrl-C stops everything.');
}
