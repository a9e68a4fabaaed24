// npm run start:firebase: the product on Firebase's emulators, on npm start's addresses. Builds what
// changed and the functions' deploy artifact, then serves that artifact in the Functions emulator
// over the Firestore emulator. Flags as npm start's: --rebuild, --no-build.
import { spawn } from 'node:child_process';
import devStack from '../src/index.js';
import holdingPage from '../src/holding-page.js';
import localServices from '@toolkit/local-services';
import { fail, onShutdown, printStackUrls, reportOnHoldingPage, root } from './cli.mjs';

const { contractPorts, ensureBuilt, listApps, readLocalRuntimeConfig, startFirebaseStack } = devStack;
const { startHoldingPage } = holdingPage;

/** Where the stack listens; the holding page takes the shell's port on the same address first. */
const host = '127.0.0.1';
const ARTIFACT = "the functions' deploy artifact";
const ARTIFACT_BUILD = ['run', '-s', 'build', '-w', '@toolkit/functions'];

/** @type {Awaited<ReturnType<typeof startFirebaseStack>> | undefined} */
let stack;
/** @type {import('../src/holding-page.js').HoldingPage | undefined} */
let holding;
onShutdown(async () => {
  await holding?.close();
  await stack?.stop();
});

/**
 * Not execFileSync: a blocked event loop would leave the holding page unanswered meanwhile.
 * @returns {Promise<void>}
 */
function buildArtifact() {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ARTIFACT_BUILD, { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code, signal) =>
      code === 0
        ? resolve()
        : reject(
            new Error(
              `\`npm ${ARTIFACT_BUILD.join(' ')}\` ${signal ? `was stopped by ${signal}` : `exited with code ${code}`} (its output is above).`,
            ),
          ),
    );
  });
}

try {
  // Said before minutes of building: without the Google Cloud CLI nothing below can run.
  const missing = localServices.firestoreEmulatorMissing();
  if (missing) throw new Error(`npm run start:firebase runs Firestore in its emulator, but ${missing}.`);
  if (!process.argv.includes('--no-build')) {
    holding = await startHoldingPage({
      port: contractPorts(readLocalRuntimeConfig(root)).shell,
      host,
      items: [...listApps().map((app) => app.dir), ARTIFACT],
    });
    await ensureBuilt({ root, force: process.argv.includes('--rebuild'), onProgress: holding.progress });
    holding.progress(ARTIFACT, 'building');
    await buildArtifact();
    holding.progress(ARTIFACT, 'built');
    // Closed before the emulators start, since the stack binds the shell's port only after them.
    await holding.close();
    holding = undefined;
  }
  stack = await startFirebaseStack({ root, host });
  printStackUrls(stack, {});
  console.log(`  Firestore emulator  ${stack.urls.firestore}`);
  console.log(`  Functions log       ${stack.functionsLogFile}\n`);
  console.log(
    'Ready (the deploy artifact on the Firebase emulators; data starts empty). Ctrl-C stops everything.',
  );
} catch (error) {
  if (holding) reportOnHoldingPage(holding, error);
  else {
    await stack?.stop();
    fail(error);
  }
}
