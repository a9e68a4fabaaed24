// The local backend (packages/functions/src/local-backend.ts) is TypeScript, which Node cannot
// load as it is: tsx's require hook compiles it. (Under jest, whose require compiles TypeScript
// itself, the hook is simply not used.)
const { register } = require('tsx/cjs/api');

/** @type {(() => void) | undefined} */
let unregister;

/** @returns {typeof import('@toolkit/functions/local').startLocalBackend} */
function loadLocalBackend() {
  unregister ??= register();
  return require('@toolkit/functions/local').startLocalBackend;
}

module.exports = { loadLocalBackend };
