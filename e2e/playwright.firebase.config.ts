import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// What differs on start:firebase's stack (support/stack.ts reads the switch; the workers inherit it):
// the deploy artifact in the Functions emulator, over the Firestore emulator, with the Auth emulator
// as the Admin SDK in the functions sees it. The local run has every journey; this one has the few
// that pass through those differences, and firebase/ what the functions take from the Firebase CLI.
process.env.E2E_STACK = 'firebase';

export default defineConfig({
  ...base,
  globalSetup: './support/firebase-global-setup.ts',
  testDir: '.',
  // Whole paths: a relative pattern matches its name in any folder below (a copy of tests/ too).
  testMatch: [
    // Anonymous answers saved, completed and read back through the Firestore adapter; mail a function wrote.
    path.join(__dirname, 'tests/respondent.spec.ts'),
    // Claims set by sign-up and role changes, an invite's custom-token sign-in, revoked sessions refused.
    path.join(__dirname, 'tests/sign-up-and-roles.spec.ts'),
    // The credential key from a secret, the billing provider parameter, the exceljs chunk: no journey needed.
    path.join(__dirname, 'firebase/*.spec.ts'),
  ],
  // Each function's first call starts a process of its own in the emulator, which loads the
  // artifact: a screen's first calls take seconds longer than on the local API host.
  timeout: 120_000,
  expect: { ...base.expect, timeout: 30_000 },
  use: { ...base.use, screenshot: 'on' },
});
