import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt } from '@toolkit/dev-stack';
import { E2E_LOCAL_RUN_DIR } from './stack';

const root = path.resolve(__dirname, '../..');

/**
 * Installs Chromium when missing and builds whatever app is missing or stale (reusing earlier builds).
 * It returns the local run's teardown, which fails the run when a stack's embedded store logged a
 * Firestore query whose shape the server does not declare: every journey's queries are checked here,
 * as the firebase run checks its functions'.
 */
export default async function globalSetup() {
  execFileSync('bash', [path.join(root, 'scripts/ensure-chromium.sh')], { stdio: 'inherit' });
  await ensureBuilt({ root, log: (line: string) => console.log(line) });
  rmSync(E2E_LOCAL_RUN_DIR, { recursive: true, force: true });
  mkdirSync(E2E_LOCAL_RUN_DIR, { recursive: true });
  return () => {
    // One file per worker, written by support/stack.ts while the worker's stack runs.
    const files = readdirSync(E2E_LOCAL_RUN_DIR).map((file) => path.join(E2E_LOCAL_RUN_DIR, file));
    if (files.length === 0) throw new Error('No undeclared-query watch ran: no local stack started.');
    const undeclared = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line !== ''),
    );
    if (undeclared.length > 0) {
      throw new Error(
        `The local stacks issued Firestore queries of undeclared shapes (see ${files.join(', ')}):\n${undeclared.join('\n')}`,
      );
    }
  };
}
