// The firebase run's set-up: the apps as for every run, the functions' deploy artifact of the current
// sources (it is what this run tests; reused when built from the same files), and an empty folder for
// the stacks, kept until the next run for their logs. It returns the teardown, which fails the run
// when a function logged a Firestore query whose shape the server does not declare.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { UNDECLARED_QUERY } from '@toolkit/server';
import globalSetup from './global-setup';
import { E2E_FIREBASE_ARTIFACT_DIR, E2E_FIREBASE_RUN_DIR, root } from './stack';

export default async function firebaseGlobalSetup() {
  await globalSetup();
  execFileSync('npm', ['run', '-s', 'build', '-w', '@toolkit/functions'], { cwd: root, stdio: 'inherit' });
  rmSync(E2E_FIREBASE_RUN_DIR, { recursive: true, force: true });
  mkdirSync(E2E_FIREBASE_RUN_DIR, { recursive: true });
  // The run's own copy: a build started meanwhile (another checkout's command) cannot swap it mid-run.
  cpSync(path.join(root, 'packages/functions/deploy'), E2E_FIREBASE_ARTIFACT_DIR, { recursive: true });
  return () => {
    // One stack per worker; a worker started again after a failure has a folder of its own.
    const logs = readdirSync(E2E_FIREBASE_RUN_DIR)
      .map((stackDir) => path.join(E2E_FIREBASE_RUN_DIR, stackDir, 'functions-emulator.log'))
      .filter((file) => existsSync(file));
    if (logs.length === 0) throw new Error('No Functions emulator log: no firebase stack ran.');
    const undeclared = logs.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.includes(UNDECLARED_QUERY)),
    );
    if (undeclared.length > 0) {
      throw new Error(
        `The functions issued Firestore queries of undeclared shapes (see ${logs.join(', ')}):\n${undeclared.join('\n')}`,
      );
    }
  };
}
