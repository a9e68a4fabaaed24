import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './support/chromium';

// One worker, one Chromium (Debian's, see scripts/ensure-chromium.sh) for the whole run.
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: 'http://localhost:3100',
    viewport: { width: 1280, height: 800 },
    // A failed test keeps its trace with each step's page (DOM snapshots) and one screenshot at the
    // end. The trace's screencast is left out: recording it for every test, passing ones included,
    // cost a fifth of the run's CPU time (measured with the same specs in and out).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
});
