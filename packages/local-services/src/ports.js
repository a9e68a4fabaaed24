// Turns "address in use" into a message that says what to do about it.
const net = require('node:net');

class PortInUseError extends Error {
  /**
   * @param {number} port
   * @param {string} label what wanted the port, e.g. "the shell"
   */
  constructor(port, label) {
    super(
      `Port ${port} (${label}) is already in use — is npm start already running? ` +
        `Stop it (Ctrl-C in its terminal) or free the port (\`lsof -i :${port}\` shows who holds it).`,
    );
    this.name = 'PortInUseError';
    this.port = port;
  }
}

/**
 * Listens and resolves with the bound port (useful with port 0).
 * @param {import('node:net').Server} server
 * @param {number} port
 * @param {string} host
 * @param {string} label
 * @returns {Promise<number>}
 */
function listen(server, port, host, label) {
  return new Promise((resolve, reject) => {
    /** @param {NodeJS.ErrnoException} error */
    const onError = (error) => {
      server.off('listening', onListening);
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, label) : error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve(/** @type {import('node:net').AddressInfo} */ (server.address()).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * Fails with PortInUseError when something already listens on the port.
 * @param {number} port
 * @param {string} host
 * @param {string} label
 */
async function assertPortFree(port, host, label) {
  const probe = net.createServer();
  await listen(probe, port, host, label);
  await new Promise((resolve) => probe.close(resolve));
}

// Picked below the system's ephemeral range (Linux: 32768-60999), from which every outgoing
// connection and every listen on port 0 take theirs: a port handed out here stays free until its
// user listens, where a system pick can be taken in between by a parallel test's connection.
const PICK_FROM = 20000;
const PICK_TO = 32767;

/**
 * A port nothing listens on right now, for a helper that must be told its port before it listens
 * (MailDev, the emulators).
 * @param {string} [host]
 */
async function freePort(host = '127.0.0.1') {
  for (let attempt = 1; ; attempt++) {
    const port = PICK_FROM + Math.floor(Math.random() * (PICK_TO - PICK_FROM + 1));
    const probe = net.createServer();
    try {
      await listen(probe, port, host, 'a free port');
      await new Promise((resolve) => probe.close(resolve));
      return port;
    } catch (error) {
      if (!(error instanceof PortInUseError) || attempt >= 20) throw error;
    }
  }
}

/**
 * Whether something accepts connections on the port now (a service is up, or still running).
 * @param {number} port
 * @param {string} [host]
 * @returns {Promise<boolean>}
 */
function canConnect(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

module.exports = { PortInUseError, listen, assertPortFree, freePort, canConnect };
