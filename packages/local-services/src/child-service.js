// A local service run as a child Node process (the Auth emulator, MailDev): its output goes to a
// log file, the last lines are kept for error messages, it gets one signal on stop (SIGKILL after
// a grace time) and a signal of its own if this process exits without stopping it.
const fs = require('node:fs');
const { spawn } = require('node:child_process');
const { createTail } = require('./tail');

/**
 * @typedef {{
 *   child: import('node:child_process').ChildProcess,
 *   tail: ReturnType<typeof createTail>,
 *   exited: Promise<void>,
 *   hasExited: () => boolean,
 *   markReady: () => void,
 *   kill: () => Promise<void>,
 *   stop: () => Promise<void>,
 * }} ChildService
 */

/**
 * @param {{
 *   name: string,
 *   script: string,
 *   args: string[],
 *   cwd: string,
 *   env?: Record<string, string>,
 *   logFile: string,
 *   tailLines: number,
 *   onLine?: (line: string) => void,
 *   stopSignal: NodeJS.Signals,
 *   exitSignal: NodeJS.Signals,
 *   stopTimeoutMs: number,
 *   killNote?: string,
 *   log: (line: string) => void,
 * }} options
 * @returns {ChildService}
 */
function spawnService({
  name,
  script,
  args,
  cwd,
  env = {},
  logFile,
  tailLines,
  onLine,
  stopSignal,
  exitSignal,
  stopTimeoutMs,
  killNote = '',
  log,
}) {
  const logStream = fs.createWriteStream(logFile);
  const child = spawn(process.execPath, [script, ...args], {
    // Its own process group: a terminal Ctrl-C reaches only us, and we send exactly one signal.
    detached: true,
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    // No probe of the cloud metadata server (a link-local address): nothing here leaves the loopback.
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', METADATA_SERVER_DETECTION: 'none', ...env },
  });
  const tail = createTail(tailLines, onLine);
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk) => {
      logStream.write(chunk);
      tail.push(chunk);
    });
  }
  /** @type {Promise<void>} */
  const exited = new Promise((resolve) => child.once('exit', () => resolve()));
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  let ready = false;
  let stopping = false;
  const onParentExit = () => {
    if (!hasExited()) child.kill(exitSignal);
  };
  process.on('exit', onParentExit);
  child.once('exit', (code, signal) => {
    process.off('exit', onParentExit);
    logStream.end();
    if (ready && !stopping) log(`${name} exited unexpectedly (${signal ?? `code ${code}`}); see ${logFile}`);
  });

  /** @type {Promise<void> | undefined} */
  let stopped;
  return {
    child,
    tail,
    exited,
    hasExited,
    markReady: () => {
      ready = true;
    },
    /** After a failed start: no grace time. */
    async kill() {
      stopping = true;
      if (!hasExited()) child.kill('SIGKILL');
      await exited;
    },
    stop() {
      stopped ??= (async () => {
        stopping = true;
        if (hasExited()) return;
        child.kill(stopSignal);
        const timer = setTimeout(() => {
          log(`${name} did not stop within ${stopTimeoutMs / 1000} s; killing it${killNote}.`);
          child.kill('SIGKILL');
        }, stopTimeoutMs);
        await exited;
        clearTimeout(timer);
      })();
      return stopped;
    },
  };
}

module.exports = { spawnService };
