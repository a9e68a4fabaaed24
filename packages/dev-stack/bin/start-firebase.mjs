// npm run start:firebase: the product on Firebase's emulators, on npm start's addresses. Builds what
// changed and the functions' deploy artifact, then serves that artifact in the Functions emulator
// over the Firestore emulator. Flags as npm start's: --rebuild, --no-build.
import { spawn } from 'node:child_process';
import devStack from '../src/index.js';
import localServices from '@toolkit/local-services';
import { fail, printStackUrls, root, startBehindHoldingPage } from './cli.mjs';

const { ensureBuilt, listApps, startFirebaseStack } = devStack;

const ARTIFACT = "the functions' deploy artifact";
const ARTIFACT_BUILD = ['run', '-s', 'build', '-w', '@toolkit/functions'];

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

// Said before minutes of building: without the Google Cloud CLI nothing below can run.
const missing = localServices.firestoreEmulatorMissing();
if (missing) fail(new Error(`npm run start:firebase runs Firestore in its emulator, but ${missing}.`));

const stack = await startBehindHoldingPage({
  items: [...listApps().map((app) => app.dir), ARTIFACT],
  async build(onProgress) {
    await ensureBuilt({ root, force: process.argv.includes('--rebuild'), onProgress });
    onProgress(ARTIFACT, 'building');
    await buildArtifact();
    onProgress(ARTIFACT, 'built');
  },
  // The page closes before the emulators start, since the stack binds the shell's port only after them.
  start: (host) => startFirebaseStack({ root, host }),
});
if (stack) {
  printStackUrls(stack, {});
  console.log(`  Firestore emulator  ${stack.urls.firestore}`);
  console.log(`  Functions log       ${stack.functionsLogFile}\n`);
  console.log(
    'Ready (the deploy artifact on the Firebase emulators; data starts empty). Ctrl-C stops everything.',
  );
}
