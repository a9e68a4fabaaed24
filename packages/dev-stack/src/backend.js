// The local backend (packages/functions/src/local-backend.ts) is TypeScript, which Node cannot
// load as it is: tsx's require hook compiles it. (Under jest, whose require compiles TypeScript
// itself, the hook is simply not used.)
const { register } = require('tsx/cjs/api');

/** @type {(() => void) | undefined} */
let unregister;

/** @returns {typeof import('@toolkit/functions/src/local-backend').startLocalBackend} */
function loadLocalBackend() {
  unregister ??= register();
  return require('@toolkit/functions/src/local-backend').startLocalBackend;
}

module.exports = { loadLocalBackend };
