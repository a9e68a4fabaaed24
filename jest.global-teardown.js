const fs = require('node:fs');

module.exports = async () => {
  const { authEmulators, dataDir } = globalThis.sharedTestServices;
  await authEmulators.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
};
