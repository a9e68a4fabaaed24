// Test helpers, imported by tests only (the `./testing` entry), so they stay out of the bundles.
export * from './fake-backend';
export * from './quickscan';
