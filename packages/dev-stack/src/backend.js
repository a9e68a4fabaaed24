// The local backend (packages/server/src/local.ts) is TypeScript, which Node cannot load as it is:
// tsx's require hook compiles it. (Under jest, whose require compiles TypeScript itself, the hook
// is simply not used.)
const { register } = require('tsx/cjs/api');

/** @type {(() => void) | undefined} */
let unregister;

/** @returns {typeof import('@toolkit/server/src/local').startLocalBackend} */
function loadLocalBackend() {
  unregister ??= register();
  return require('@toolkit/server/src/local').startLocalBackend;
}

module.exports = { loadLocalBackend };
