// A local service run as a child Node process (the Auth emulator, MailDev): its output goes to a
// log file, the last lines are kept for error messages, it gets one signal on stop (SIGKILL after
// a grace time) and a signal of its own if this process exits without stopping it. Its pid is
// recorded beside the log, so that after this process was killed outright (SIGKILL leaves the
// child running, holding its port) the next start stops that very process (stopOrphanedServices).
const fs = require('node:fs');
const path = require('node:path');
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
 * Whether a process runs this script: a pid the system gave to another program since is left alone.
 * @param {number} pid
 * @param {string} script
 */
function runsScript(pid, script) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(script);
  } catch {
    // No /proc (not Linux): the recorded pid alone.
    return true;
  }
}

/**
 * Running, and not a zombie that no reaper has collected yet (containers often have none). A killed
 * process's main thread turns zombie before its other threads have exited, and its files (its
 * listening port) close only with the last of them: it counts as gone once it is the only one left.
 * @param {number} pid
 */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    if (!/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'))) return true;
    return fs.readdirSync(`/proc/${pid}/task`).length > 1;
  } catch {
    // No /proc (not Linux): signal 0 reached it. Gone meanwhile: not alive.
    return !fs.existsSync('/proc');
  }
}

/**
 * Stops the services a stack started and left running when it was killed outright: each recorded
 * in a `*.pid` file of `dataDir` whose stack process is gone and which still runs its script.
 * A service of a stack that is still running is left alone (that stack's ports stay taken).
 * @param {string} dataDir
 * @param {(line: string) => void} log
 * @returns {Promise<number>} how many were stopped
 */
async function stopOrphanedServices(dataDir, log) {
  let files;
  try {
    files = fs.readdirSync(dataDir).filter((file) => file.endsWith('.pid'));
  } catch {
    return 0;
  }
  let stopped = 0;
  for (const file of files) {
    const pidFile = path.join(dataDir, file);
    let record;
    try {
      record = JSON.parse(fs.readFileSync(pidFile, 'utf8'));
    } catch {
      continue;
    }
    const { pid, parent, script, name } = record;
    if (!Number.isInteger(pid) || pid <= 1 || isAlive(parent)) continue;
    if (runsScript(pid, script)) {
      log(`${name} was left running by a stack that was killed (pid ${pid}); stopping it.`);
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        process.kill(pid, 'SIGKILL');
      }
      // Until it has exited (a zombie counts as gone): only then is its port free.
      for (let i = 0; i < 100 && isAlive(pid); i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      stopped += 1;
    }
    fs.rmSync(pidFile, { force: true });
  }
  return stopped;
}

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
  const pidFile = `${logFile}.pid`;
  const logStream = fs.createWriteStream(logFile);
  // A log file that cannot be written (its folder removed) loses the log, not the process.
  logStream.on('error', (error) => log(`${name}: its log ${logFile} cannot be written: ${error.message}`));
  const child = spawn(process.execPath, [script, ...args], {
    // Its own process group: a terminal Ctrl-C reaches only us, and we send exactly one signal.
    detached: true,
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    // No probe of the cloud metadata server (a link-local address): nothing here leaves the loopback.
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', METADATA_SERVER_DETECTION: 'none', ...env },
  });
  if (child.pid) {
    fs.writeFileSync(pidFile, `${JSON.stringify({ pid: child.pid, parent: process.pid, script, name })}\n`);
  }
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
    fs.rmSync(pidFile, { force: true });
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

module.exports = { spawnService, stopOrphanedServices };
