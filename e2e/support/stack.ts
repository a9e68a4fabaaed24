import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test as base } from '@playwright/test';
import { startFirebaseStack, startStack, watchUndeclaredQueries } from '@toolkit/dev-stack';

export const root = path.resolve(__dirname, '../..');

/** Ports apart from `npm start`'s, so the suite can run while a developer's stack is up. */
export const E2E_PORTS = {
  shell: 3100,
  survey: 3101,
  dashboard: 3102,
  journey: 3103,
  billing: 3104,
  auth: 9199,
  content: 4100,
  /** The API host (callables); the shell reads its URL from /runtime-config.json. */
  functions: 5101,
  /** MailDev: the inbox's web page and JSON API (`GET /email`), and its SMTP port. */
  mail: 1180,
  smtp: 1125,
};

/** Where specs read the mails the app sent (sign-in links, notifications): MailDev's JSON API. */
export const E2E_INBOX_URL = `http://127.0.0.1:${E2E_PORTS.mail}`;
/** The functions' own address, which tools and specs call directly. */
export const E2E_API_URL = `http://127.0.0.1:${E2E_PORTS.functions}/demo-toolkit/australia-southeast1`;
/** Where the page calls the callables: the app's own origin, which forwards each to E2E_API_URL. */
export const E2E_APP_API_URL = `http://localhost:${E2E_PORTS.shell}/api`;

/** The firebase run's Firestore emulator (its contract port is 8085). */
export const E2E_FIRESTORE_PORT = 8185;

/**
 * playwright.firebase.config.ts sets it: the worker's stack is start:firebase's (the deploy artifact
 * in the Functions emulator over the Firestore emulator) instead of npm start's, on the same ports.
 */
export const FIREBASE_RUN = process.env.E2E_STACK === 'firebase';
/** Where each firebase stack keeps its files, read by the run's global teardown (the Functions emulator's log). */
export const E2E_FIREBASE_RUN_DIR = path.join(os.tmpdir(), 'toolkit-e2e-firebase');
/** The deploy artifact the run tests, copied there by the global setup. */
export const E2E_FIREBASE_ARTIFACT_DIR = path.join(E2E_FIREBASE_RUN_DIR, 'artifact');

/**
 * Where each local run's worker writes the undeclared Firestore queries its stacks logged, read by
 * the run's global teardown (support/global-setup.ts).
 */
export const E2E_LOCAL_RUN_DIR = path.join(os.tmpdir(), 'toolkit-e2e-local');

type Stack = Awaited<ReturnType<typeof startStack>>;
export const test = base.extend<{ expectedCspReports: RegExp[] }, { stack: Stack }>({
  /** Reports a test provokes on purpose (hostile content), each with the reason in its spec. */
  expectedCspReports: [[], { option: true }],
  // The apps run with their Content-Security-Policy on (the stack's static servers send it): a test
  // whose pages break it fails, whatever else it checks. Chromium reports each refusal on the console.
  context: async ({ context, expectedCspReports }, provide) => {
    const violations: string[] = [];
    context.on('console', (message) => {
      const text = message.text();
      if (
        /Content Security Policy/i.test(text) &&
        !expectedCspReports.some((pattern) => pattern.test(text))
      ) {
        violations.push(`${text} (${message.page()?.url() ?? 'no page'})`);
      }
    });
    await provide(context);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
  stack: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      if (FIREBASE_RUN) {
        // Kept after the stop: the global teardown reads the Functions emulator's log.
        const stack = await startFirebaseStack({
          root,
          artifactDir: E2E_FIREBASE_ARTIFACT_DIR,
          ports: { ...E2E_PORTS, firestore: E2E_FIRESTORE_PORT },
          dataDir: mkdtempSync(path.join(E2E_FIREBASE_RUN_DIR, 'stack-')),
          log: () => undefined,
        });
        await use(stack);
        await stack.stop();
        return;
      }
      // The file exists from the start, so the teardown knows the watch ran. Watched while the
      // worker's tests run: a spec's own stack in this process (the demo seed's) is watched too.
      const undeclared = path.join(E2E_LOCAL_RUN_DIR, `undeclared-queries-${process.pid}.log`);
      writeFileSync(undeclared, '');
      const stopWatching = watchUndeclaredQueries((line) => appendFileSync(undeclared, `${line}\n`));
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolkit-e2e-'));
      const stack = await startStack({ root, ports: E2E_PORTS, dataDir, log: () => undefined });
      await use(stack);
      await stack.stop();
      stopWatching();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', auto: true },
  ],
});

export { expect };
