// Services the server suites share, one per worker for the whole run (started in the background,
// so runs that need none do not wait): see packages/local-services/src/shared-auth-emulators.js.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startSharedAuthEmulators } = require('@toolkit/local-services');

module.exports = async (globalConfig) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jest-services-'));
  const authEmulators = await startSharedAuthEmulators({
    count: globalConfig.maxWorkers,
    // The server tests' project (TEST_PROJECT_ID in packages/server/src/testing).
    projectId: 'demo-toolkit',
    dataDir,
  });
  globalThis.sharedTestServices = { authEmulators, dataDir };
};
