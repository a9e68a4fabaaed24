// MailDev, the local inbox (SMTP in, web inbox and JSON API out), as a child process with its
// messages kept in <dataDir>/mail. A child, not in-process: maildev 2 keeps its servers in module
// state and installs SIGINT/SIGTERM handlers that exit the process, which would cut short the Auth
// emulator's export on Ctrl-C.
const fs = require('node:fs');
const fsp = require('node:fs/promises');
const net = require('node:net');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { createTail } = require('./tail');

/**
 * @typedef {{ url: string, smtpPort: number, webPort: number, logFile: string, stop: () => Promise<void> }} MailDev
 */

/**
 * @param {number} port
 * @param {string} host
 */
function canConnect(port, host) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * @param {{
 *   root: string,
 *   dataDir: string,
 *   smtpPort: number,
 *   webPort: number,
 *   host?: string,
 *   readyTimeoutMs?: number,
 *   log?: (line: string) => void,
 * }} options
 * @returns {Promise<MailDev>} once both its SMTP port and web API answer
 */
async function startMailDev({
  root,
  dataDir,
  smtpPort,
  webPort,
  host = '127.0.0.1',
  readyTimeoutMs = 20_000,
  log = (line) => console.log(line),
}) {
  const mailDir = path.join(dataDir, 'mail');
  await fsp.mkdir(mailDir, { recursive: true });
  const logFile = path.join(dataDir, `maildev-${webPort}.log`);
  const logStream = fs.createWriteStream(logFile);
  const bin = require.resolve('maildev/bin/maildev', { paths: [root] });
  const args = [
    '--smtp',
    String(smtpPort),
    '--web',
    String(webPort),
    '--ip',
    host,
    '--mail-directory',
    mailDir,
  ];
  const child = spawn(process.execPath, [bin, ...args], {
    detached: true,
    cwd: dataDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
  });
  const tail = createTail(20);
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      logStream.write(chunk);
      tail.push(chunk);
    });
  }
  /** @type {Promise<void>} */
  const exited = new Promise((resolve) => child.once('exit', () => resolve()));
  let stopping = false;
  let ready = false;
  const onParentExit = () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  process.on('exit', onParentExit);
  child.once('exit', (code, signal) => {
    process.off('exit', onParentExit);
    logStream.end();
    if (ready && !stopping) log(`MailDev exited unexpectedly (${signal ?? `code ${code}`}); see ${logFile}`);
  });

  const url = `http://${host}:${webPort}`;
  try {
    const deadline = Date.now() + readyTimeoutMs;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`MailDev exited before it was ready. Last lines of its log:\n${tail.text()}`);
      const web = await fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (web && (await canConnect(smtpPort, host))) break;
      if (Date.now() > deadline)
        throw new Error(
          `MailDev was not ready within ${readyTimeoutMs / 1000} s. Last lines of its log:\n${tail.text()}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    ready = true;
  } catch (error) {
    stopping = true;
    if (child.exitCode === null) child.kill('SIGKILL');
    await exited;
    throw error;
  }

  /** @type {Promise<void> | undefined} */
  let stopped;
  return {
    url,
    smtpPort,
    webPort,
    logFile,
    stop() {
      stopped ??= (async () => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return;
        // Its own handler closes both servers and exits; its messages are already on disk.
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      })();
      return stopped;
    },
  };
}

module.exports = { startMailDev };
