// The local stack in a process of its own (bin/serve.mjs): a load generator in the same process
// would share the API host's one event loop, and a crash test must be able to kill the stack
// outright and start it again on the same data.
const { spawn } = require('node:child_process');
const path = require('node:path');

const SERVE = path.join(__dirname, '..', 'bin', 'serve.mjs');

/**
 * @typedef {{ app: string, auth: string, api: string, mail: string }} StackProcessUrls
 * @typedef {{
 *   urls: StackProcessUrls,
 *   child: import('node:child_process').ChildProcess,
 *   stop: () => Promise<void>,
 *   kill: () => Promise<void>,
 * }} StackProcess `stop` as Ctrl-C would (the Auth emulator saves its users); `kill` sends SIGKILL
 *   to the stack process alone, leaving its services as a crash leaves them.
 */

/** @param {import('node:child_process').ChildProcess} child */
const exited = (child) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve(undefined)));

/**
 * @param {{ dataDir: string, ports: Record<string, number>, log?: (line: string) => void, nodeArgs?: string[] }} options
 *   `log` gets the stack's log lines; by default they go nowhere. `nodeArgs` go to the stack's Node
 *   (a bench's --cpu-prof, say).
 * @returns {Promise<StackProcess>} once the stack is ready
 */
async function startStackProcess({ dataDir, ports, log, nodeArgs = [] }) {
  const child = spawn(process.execPath, [...nodeArgs, SERVE, JSON.stringify({ dataDir, ports })], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  /** @type {string[]} */
  const lines = [];
  /** @param {string} line */
  const note = (line) => {
    lines.push(line);
    if (lines.length > 40) lines.shift();
    log?.(line);
  };
  child.stderr
    ?.setEncoding('utf8')
    .on('data', (/** @type {string} */ chunk) => chunk.split('\n').forEach(note));
  /** @type {StackProcessUrls} */
  const urls = await new Promise((resolve, reject) => {
    // Read until the READY line; what the stack prints after it is drained and dropped.
    /** @type {string | null} */
    let buffer = '';
    child.stdout?.setEncoding('utf8').on('data', (/** @type {string} */ chunk) => {
      if (buffer === null) return;
      buffer += chunk;
      const ready = /^READY (.+)$/m.exec(buffer);
      if (!ready?.[1]) return;
      buffer = null;
      resolve(JSON.parse(ready[1]).urls);
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`The stack exited before it was ready (${signal ?? code}):\n${lines.join('\n')}`)),
    );
  });
  return {
    urls,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      await exited(child);
    },
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
}

module.exports = { startStackProcess };
