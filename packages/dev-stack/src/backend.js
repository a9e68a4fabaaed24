// The local backend (packages/functions/src/local-backend.ts) is TypeScript, which Node cannot
// load as it is: tsx's require hook compiles it. (Under jest, whose require compiles TypeScript
// itself, the hook is simply not used.)
const { register } = require('tsx/cjs/api');

/** @type {(() => void) | undefined} */
let unregister;

/** Lets this process require the server's TypeScript (@toolkit/server, @toolkit/functions/local). */
function requireTypeScript() {
  if (unregister) return;
  // firebase-functions logs a DEBUG line for every call ("Callable request verification passed")
  // through the console.debug it finds when it loads: in the stack's terminal a line per request
  // buries the stack's own messages, and writing them took about a twentieth of the API host's
  // time under load. The stack process prints no debug lines.
  console.debug = () => undefined;
  unregister = register();
}

/** @returns {typeof import('@toolkit/functions/local').startLocalBackend} */
function loadLocalBackend() {
  requireTypeScript();
  return require('@toolkit/functions/local').startLocalBackend;
}

module.exports = { loadLocalBackend, requireTypeScript };
