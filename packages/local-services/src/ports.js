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

/**
 * A port nothing listens on right now (the system's pick), for helpers whose port nobody needs to know.
 * @param {string} [host]
 */
async function freePort(host = '127.0.0.1') {
  const probe = net.createServer();
  const port = await listen(probe, 0, host, 'a free port');
  await new Promise((resolve) => probe.close(resolve));
  return port;
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
