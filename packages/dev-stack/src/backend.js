// The local backend (packages/functions/src/local-backend.ts) is TypeScript, which Node cannot
// load as it is: tsx's require hook compiles it. (Under jest, whose require compiles TypeScript
// itself, the hook is simply not used.)
const { format } = require('node:util');
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

/**
 * Hands `onLine` each line the stores in this process log for a query of a shape the server does not
 * declare: the embedded store under a local backend says so with console.warn (the server's
 * UNDECLARED_QUERY), where a run would otherwise scroll past it. Answers the stop.
 * @param {(line: string) => void} onLine
 * @returns {() => void}
 */
function watchUndeclaredQueries(onLine) {
  requireTypeScript();
  /** @type {typeof import('@toolkit/server').UNDECLARED_QUERY} */
  const marker = require('@toolkit/server').UNDECLARED_QUERY;
  const warn = console.warn;
  console.warn = (...args) => {
    const line = format(...args);
    if (line.includes(marker)) onLine(line);
    warn(...args);
  };
  return () => {
    console.warn = warn;
  };
}

module.exports = { loadLocalBackend, requireTypeScript, watchUndeclaredQueries };
