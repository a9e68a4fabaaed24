import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// The journeys that matter most, on start:firebase's stack (support/stack.ts reads the switch; the
// workers inherit it): the deploy artifact in the Functions emulator over the Firestore emulator.
process.env.E2E_STACK = 'firebase';

export default defineConfig({
  ...base,
  globalSetup: './support/firebase-global-setup.ts',
  testMatch: [
    // A respondent answers and completes the Quickscan (every answer stored) and sees the score.
    'respondent.spec.ts',
    'respondent-keeps-score.spec.ts',
    // A business signs up; completes the Quickscan and reviews its insights; upgrades from Free in the sandbox.
    'sign-up-and-roles.spec.ts',
    'declaration.spec.ts',
    'billing.spec.ts',
    // A publisher sees the received result.
    'received-result.spec.ts',
    // An owner invites a member who joins.
    'invite-journey.spec.ts',
  ],
  // Each function's first call starts a process of its own in the emulator, which loads the
  // artifact: a screen's first calls take seconds longer than on the local API host.
  timeout: 120_000,
  expect: { ...base.expect, timeout: 30_000 },
  use: { ...base.use, screenshot: 'on' },
});
