// The shell's `/api/<callable name>`, forwarded to the API host as Firebase Hosting's rewrites
// forward it to the functions in production: the browser calls on the app's own origin, so no call
// waits for a CORS preflight. Method, headers (the ID token, App Check), body and status pass as
// they are, and an answer is streamed on as it arrives (the profile's live stream).
const http = require('node:http');
const { API_PATH } = require('@toolkit/federation');

/** Hop-by-hop headers (RFC 9110 §7.6.1): they describe one connection, so neither side's are passed on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** A callable's name, as the functions' URLs carry it (`account-getProfile`). */
const CALLABLE_NAME = /^[A-Za-z0-9_-]+$/;

/**
 * @param {import('node:http').IncomingHttpHeaders} headers
 * @returns {import('node:http').OutgoingHttpHeaders}
 */
function endToEnd(headers) {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase()),
  );
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name) && !named.has(name)),
  );
}

/**
 * An error in the callable protocol's shape, so the app words it like any refusal.
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string} code the protocol's status name, e.g. `UNAVAILABLE`
 * @param {string} message
 */
function sendError(res, status, code, message) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify({ error: { status: code, message } }));
}

/**
 * @param {() => string} upstream the functions' base URL, e.g.
 *   `http://127.0.0.1:5001/demo-toolkit/australia-southeast1` (read per request: the API host's
 *   port is known only once it listens)
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void}
 */
function createApiProxy(upstream) {
  // Connections to the API host are kept and reused, as the browser's would have been.
  const agent = new http.Agent({ keepAlive: true });
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const name = url.pathname.slice(API_PATH.length + 1);
    if (!url.pathname.startsWith(`${API_PATH}/`) || !CALLABLE_NAME.test(name)) {
      sendError(res, 404, 'NOT_FOUND', `No callable is served at ${url.pathname}; call ${API_PATH}/<name>.`);
      return;
    }
    const target = new URL(`${upstream().replace(/\/+$/, '')}/${name}${url.search}`);
    const forward = http.request(target, {
      method: req.method,
      headers: { ...endToEnd(req.headers), host: target.host },
      agent,
    });
    forward.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      // Each chunk is sent as it comes, so a streamed answer reaches the page message by message.
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    forward.on('error', (error) => {
      if (res.headersSent) res.destroy();
      else
        sendError(
          res,
          503,
          'UNAVAILABLE',
          `The functions at ${target.origin} did not answer (${error.message}).`,
        );
    });
    // The page went (a stream it stopped, a call it abandoned): the API host is told by the close.
    res.on('close', () => {
      if (!res.writableFinished) forward.destroy();
    });
    req.pipe(forward);
  };
}

module.exports = { createApiProxy };
