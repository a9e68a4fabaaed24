// npm run start:firebase: the product on Firebase's emulators, on npm start's addresses. Builds what
// changed and the functions' deploy artifact, then serves that artifact in the Functions emulator
// over the Firestore emulator. Flags as npm start's: --rebuild, --no-build.
import { execFileSync } from 'node:child_process';
import devStack from '../src/index.js';
import localServices from '@toolkit/local-services';
import { fail, onShutdown, printStackUrls, root } from './cli.mjs';

const { ensureBuilt, startFirebaseStack } = devStack;

/** @type {Awaited<ReturnType<typeof startFirebaseStack>> | undefined} */
let stack;
onShutdown(async () => {
  await stack?.stop();
});

try {
  // Said before minutes of building: without the Google Cloud CLI nothing below can run.
  const missing = localServices.firestoreEmulatorMissing();
  if (missing) throw new Error(`npm run start:firebase runs Firestore in its emulator, but ${missing}.`);
  if (!process.argv.includes('--no-build')) {
    await ensureBuilt({ root, force: process.argv.includes('--rebuild') });
    execFileSync('npm', ['run', '-s', 'build', '-w', '@toolkit/functions'], { cwd: root, stdio: 'inherit' });
  }
  stack = await startFirebaseStack({ root });
  printStackUrls(stack, {});
  console.log(`  Firestore emulator  ${stack.urls.firestore}`);
  console.log(`  Functions log       ${stack.functionsLogFile}\n`);
  console.log(
    'Ready (the deploy artifact on the Firebase emulators; data starts empty). Ctrl-C stops everything.',
  );
} catch (error) {
  await stack?.stop();
  fail(error);
}
