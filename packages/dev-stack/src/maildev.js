// MailDev, the local inbox (SMTP in, web inbox and JSON API out), as a child process with its
// messages kept in <dataDir>/mail. A child, not in-process: maildev 2 keeps its servers in module
// state and installs SIGINT/SIGTERM handlers that exit the process, which would cut short the Auth
// emulator's export on Ctrl-C. Its web inbox and API are reached only through the inbox proxy on
// `webPort` (see inbox-proxy.js for why).
const fsp = require('node:fs/promises');
const http = require('node:http');
const os = require('node:os');
const { canConnect, listen, spawnService } = require('@toolkit/local-services');
const path = require('node:path');
const { createInboxProxy } = require('./inbox-proxy');

/**
 * @typedef {{ url: string, smtpPort: number, webPort: number, logFile: string, stop: () => Promise<void> }} MailDev
 */

/**
 * @param {{
 *   root: string,
 *   dataDir: string,
 *   smtpPort: number,
 *   webPort: number,
 *   origins: string[],
 *   host?: string,
 *   readyTimeoutMs?: number,
 *   log?: (line: string) => void,
 * }} options
 *   `webPort` 0 picks a free port; `origins` are the app's, granted CORS on the inbox
 * @returns {Promise<MailDev>} once both its SMTP port and web API answer
 */
async function startMailDev({
  root,
  dataDir,
  smtpPort,
  webPort,
  origins,
  host = '127.0.0.1',
  readyTimeoutMs = 20_000,
  log = (line) => console.log(line),
}) {
  const mailDir = path.join(dataDir, 'mail');
  await fsp.mkdir(mailDir, { recursive: true });
  const logFile = path.join(dataDir, `maildev-${webPort}.log`);
  const bin = require.resolve('maildev/bin/maildev', { paths: [root] });
  // MailDev passes --web straight to server.listen(), which takes a path as a Unix socket: a short
  // one (the limit is ~100 bytes) in a folder only this user can enter.
  const socketDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'maildev-'));
  const socketPath = path.join(socketDir, 'web.sock');
  const args = ['--smtp', String(smtpPort), '--web', socketPath, '--ip', host, '--mail-directory', mailDir];
  const service = spawnService({
    name: 'MailDev',
    script: bin,
    args,
    cwd: dataDir,
    logFile,
    tailLines: 20,
    // Its own handler closes both servers and exits; its messages are already on disk.
    stopSignal: 'SIGTERM',
    exitSignal: 'SIGKILL',
    stopTimeoutMs: 5_000,
    log,
  });

  const proxy = createInboxProxy({ socketPath, host, origins });
  try {
    const deadline = Date.now() + readyTimeoutMs;
    for (;;) {
      if (service.hasExited())
        throw new Error(`MailDev exited before it was ready. Last lines of its log:\n${service.tail.text()}`);
      if ((await webAnswers(socketPath)) && (await canConnect(smtpPort, host))) break;
      if (Date.now() > deadline)
        throw new Error(
          `MailDev was not ready within ${readyTimeoutMs / 1000} s. Last lines of its log:\n${service.tail.text()}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    service.markReady();
    webPort = await listen(proxy.server, webPort, host, 'the MailDev inbox');
  } catch (error) {
    await service.kill();
    await fsp.rm(socketDir, { recursive: true, force: true });
    throw error;
  }

  /** @type {Promise<void> | undefined} */
  let stopped;
  const stop = () =>
    (stopped ??= Promise.all([proxy.close(), service.stop()]).then(() =>
      fsp.rm(socketDir, { recursive: true, force: true }),
    ));
  return { url: `http://${host}:${webPort}`, smtpPort, webPort, logFile, stop };
}

/**
 * Whether MailDev's web server answers its health check on the socket.
 * @param {string} socketPath
 * @returns {Promise<boolean>}
 */
function webAnswers(socketPath) {
  return new Promise((resolve) => {
    http
      .get({ socketPath, path: '/healthz' }, (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      })
      .on('error', () => resolve(false));
  });
}

module.exports = { startMailDev };
