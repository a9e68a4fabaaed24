// The only listener on the inbox port and on the Auth emulator's port. MailDev grants every origin
// (`Access-Control-Allow-Origin: *`) and its socket.io endpoint (which pushes each new mail to the web
// UI) checks no origin, so any page in the developer's browser could read sign-in links from it; the
// Auth emulator answers any origin too, and its admin routes (every user, every pending sign-in
// code) need no more than `Authorization: Bearer owner`. MailDev therefore listens on a Unix socket
// in a private folder (no TCP port for a page to find), the emulator (which cannot) on a loopback
// port picked anew at each start, and this proxy passes on:
// - only requests whose Host header names this machine: a DNS-rebinding page names its own host;
// - requests with no Origin header (tests and scripts from Node, the browser opening the inbox or a
//   sign-in link), or with one of `origins` or the proxy's own origin (the inbox's web UI, the
//   emulator's sign-in page).
// Anything else gets 403, and only allowed origins are granted CORS.
const http = require('node:http');

/**
 * @param {{ target: { socketPath: string } | { host: string, port: number }, host: string,
 *   origins: string[], name: string }} options `target`: where the service listens; `host`: the
 *   address the proxy listens on; `origins`: the app's; `name`: the service, in the 502 answer
 * @returns {{ server: import('node:http').Server, close: () => Promise<void> }} listen on the service's port
 */
function createOriginProxy({ target, host, origins, name }) {
  /** @param {import('node:http').IncomingMessage} req */
  function refused(req) {
    const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
    const hosts = [...new Set([host, '127.0.0.1', 'localhost'])].map((name) => `${name}:${port}`);
    if (!hosts.includes((req.headers.host ?? '').toLowerCase())) return true;
    const origin = req.headers.origin;
    if (origin === undefined) return false;
    return !origins.includes(origin) && !hosts.some((own) => origin === `http://${own}`);
  }

  /**
   * MailDev's headers with its blanket CORS grant replaced by one for the caller's (allowed) origin.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').IncomingHttpHeaders} headers
   */
  function withCors(req, headers) {
    const { 'access-control-allow-origin': _any, ...rest } = headers;
    if (req.headers.origin === undefined) return rest;
    const vary = [rest.vary, 'Origin'].filter(Boolean).join(', ');
    return { ...rest, 'access-control-allow-origin': req.headers.origin, vary };
  }

  /** @param {import('node:stream').Duplex} socket */
  function forbid(socket) {
    socket.end(
      'HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nForbidden origin or host\n',
    );
  }

  /** @param {import('node:http').IncomingMessage} req */
  const upstream = (req) =>
    http.request({ ...target, method: req.method, path: req.url, headers: req.headers });

  const server = http.createServer((req, res) => {
    if (refused(req)) {
      res.writeHead(403, { 'Content-Type': 'text/plain' }).end('Forbidden origin or host\n');
      return;
    }
    const forward = upstream(req);
    forward.on('response', (response) => {
      res.writeHead(response.statusCode ?? 502, response.statusMessage, withCors(req, response.headers));
      response.pipe(res);
    });
    forward.on('error', () => {
      if (res.headersSent) res.destroy();
      else res.writeHead(502, { 'Content-Type': 'text/plain' }).end(`${name} did not answer\n`);
    });
    req.pipe(forward);
  });

  // The web UI's live updates: socket.io upgrades to a websocket, which gets the same checks.
  server.on('upgrade', (req, socket, head) => {
    if (refused(req)) return forbid(socket);
    const forward = upstream(req);
    socket.on('error', () => forward.destroy());
    forward.on('upgrade', (response, upstreamSocket, upstreamHead) => {
      const lines = [`HTTP/1.1 ${response.statusCode} ${response.statusMessage}`];
      for (let i = 0; i < response.rawHeaders.length; i += 2)
        lines.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      socket.write(upstreamHead);
      upstreamSocket.write(head);
      upstreamSocket.pipe(socket).pipe(upstreamSocket);
      upstreamSocket.on('error', () => socket.destroy());
      socket.on('close', () => upstreamSocket.destroy());
    });
    // MailDev declined the upgrade (e.g. a bad handshake): pass its answer on.
    forward.on('response', (response) => {
      socket.write(`HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\nConnection: close\r\n\r\n`);
      response.pipe(socket);
    });
    forward.on('error', () => socket.destroy());
    forward.end();
  });

  // Open websockets would keep server.close() waiting for ever.
  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  return {
    server,
    close() {
      if (!server.listening) return Promise.resolve();
      const closed = new Promise((resolve) => server.close(() => resolve(undefined)));
      for (const socket of sockets) socket.destroy();
      return closed.then(() => undefined);
    },
  };
}

/**
 * MailDev's web inbox and API, on its Unix socket.
 * @param {{ socketPath: string, host: string, origins: string[] }} options
 */
const createInboxProxy = ({ socketPath, host, origins }) =>
  createOriginProxy({ target: { socketPath }, host, origins, name: 'MailDev' });

module.exports = { createInboxProxy, createOriginProxy };
