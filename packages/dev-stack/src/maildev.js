// MailDev, the local inbox (SMTP in, web inbox and JSON API out), as a child process with its
// messages kept in <dataDir>/mail. A child, not in-process: maildev 2 keeps its servers in module
// state and installs SIGINT/SIGTERM handlers that exit the process, which would cut short the Auth
// emulator's export on Ctrl-C.
const fsp = require('node:fs/promises');
const { canConnect } = require('./ports');
const path = require('node:path');
const { spawnService } = require('./child-service');

/**
 * @typedef {{ url: string, smtpPort: number, webPort: number, logFile: string, stop: () => Promise<void> }} MailDev
 */

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

  const url = `http://${host}:${webPort}`;
  try {
    const deadline = Date.now() + readyTimeoutMs;
    for (;;) {
      if (service.hasExited())
        throw new Error(`MailDev exited before it was ready. Last lines of its log:\n${service.tail.text()}`);
      const web = await fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (web && (await canConnect(smtpPort, host))) break;
      if (Date.now() > deadline)
        throw new Error(
          `MailDev was not ready within ${readyTimeoutMs / 1000} s. Last lines of its log:\n${service.tail.text()}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    service.markReady();
  } catch (error) {
    await service.kill();
    throw error;
  }

  return { url, smtpPort, webPort, logFile, stop: service.stop };
}

module.exports = { startMailDev };
