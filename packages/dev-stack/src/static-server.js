// Static servers for built apps: the shell as a single-page app, each remote with CORS so the
// shell (another origin) can load its manifest and chunks.
const fsp = require('node:fs/promises');
const http = require('node:http');
const path = require('node:path');
const { promisify } = require('node:util');
const zlib = require('node:zlib');
const serveHandler = require('serve-handler');

/** webpack names emitted files `[name].[contenthash:8].js`; those never change, so cache them for good. */
const CONTENT_HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+(?:\.map)?$/i;
/** A missing file with one of these extensions is a 404, not the SPA page: HTML in place of a chunk only hides the error. */
const ASSET_EXTENSION = /\.(?:m?js|css|map|json|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|otf|wasm|txt)$/i;

const CACHE_FOREVER = 'public, max-age=31536000, immutable';
const NO_STORE = 'no-store';
/**
 * The shell's service worker keeps its address while its content changes: the browser asks again
 * each time (as firebase.json's rule for it says), so a new release reaches the worker.
 */
const SERVICE_WORKER = '/sw.js';
const NO_CACHE = 'no-cache';

/** Text files are sent compressed, as production hosting does, so local sizes and timings are honest. */
const COMPRESSIBLE = /** @type {Record<string, string>} */ ({
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
});

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Compressed bodies by encoding, path, size and mtime. The promise is stored while compression
 * runs, so concurrent requests for one file wait for the same work instead of each compressing it.
 * @type {Map<string, Promise<Buffer>>}
 */
const compressedCache = new Map();

/**
 * @param {string} file
 * @param {'br' | 'gzip'} encoding
 * @returns {Promise<Buffer>}
 */
async function compressed(file, encoding) {
  const stat = await fsp.stat(file);
  const key = `${encoding}:${file}:${stat.size}:${stat.mtimeMs}`;
  let body = compressedCache.get(key);
  if (!body) {
    body = compress(file, encoding);
    compressedCache.set(key, body);
    // A failure is not kept: the next request tries again.
    body.catch(() => compressedCache.delete(key));
  }
  return body;
}

/**
 * Built files never change, so each is compressed once per server process (the cache is in
 * memory), at the highest level, as build-time precompression would; off the event loop, so other
 * requests are not held up meanwhile.
 * @param {string} file
 * @param {'br' | 'gzip'} encoding
 * @returns {Promise<Buffer>}
 */
async function compress(file, encoding) {
  const raw = await fsp.readFile(file);
  return encoding === 'br'
    ? brotli(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      })
    : gzip(raw, { level: 9 });
}

/**
 * @param {string | string[] | undefined} header the request's Accept-Encoding
 * @returns {'br' | 'gzip' | null}
 */
function preferredEncoding(header) {
  const accepted = String(header ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/**
 * @typedef {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void} Route
 * @typedef {({ source: string } | { regex: string }) & { headers: { key: string, value: string }[] }} HeaderRule
 * @typedef {{
 *   dist: string,
 *   spa?: boolean,
 *   cors?: boolean,
 *   routes?: Record<string, Route>,
 *   prefixRoutes?: Record<string, Route>,
 *   headerRules?: HeaderRule[],
 *   contentSecurityPolicy?: () => string,
 * }} StaticOptions
 */

/**
 * The headers of every rule that matches, as Firebase Hosting applies firebase.json's: `**` or a
 * regex on the path. Several Content-Security-Policy values are all sent (each one is enforced).
 * @param {HeaderRule[]} rules
 * @param {string} pathname
 * @returns {Map<string, string[]>}
 */
function headersFor(rules, pathname) {
  const headers = new Map();
  for (const rule of rules) {
    const matches = 'regex' in rule ? new RegExp(rule.regex).test(pathname) : rule.source === '**';
    if (!matches) continue;
    for (const { key, value } of rule.headers) headers.set(key, [...(headers.get(key) ?? []), value]);
  }
  return headers;
}

/**
 * @param {string} file
 * @returns {Promise<boolean>}
 */
async function isFile(file) {
  try {
    return (await fsp.stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * @param {StaticOptions} options `routes` answer one path each; `prefixRoutes` every path under a
 *   prefix (given with its trailing slash), never with the single-page app's page or its headers
 * @returns {Route}
 */
function createStaticHandler({
  dist,
  spa = false,
  cors = false,
  routes = {},
  prefixRoutes = {},
  headerRules = [],
  contentSecurityPolicy,
}) {
  const publicDir = path.resolve(dist);
  return async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      // A forwarded path is answered as its backend answers, without the page's headers: a page's
      // policy means nothing on an API's answer and would add its bytes to every call.
      const forward = Object.entries(prefixRoutes).find(([prefix]) => url.pathname.startsWith(prefix))?.[1];
      if (forward) {
        forward(req, res);
        return;
      }
      const headers = headersFor(headerRules, url.pathname);
      // The deployment's policy (origins from its runtime configuration), beside the rules' own.
      if (contentSecurityPolicy) {
        headers.set('Content-Security-Policy', [
          ...(headers.get('Content-Security-Policy') ?? []),
          contentSecurityPolicy(),
        ]);
      }
      for (const [key, values] of headers)
        res.setHeader(key, values.length === 1 ? String(values[0]) : values);
      if (cors) {
        res.setHeader('Access-Control-Allow-Origin', '*');
        if (req.method === 'OPTIONS') {
          res.writeHead(204, {
            'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
            'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
            'Access-Control-Max-Age': '600',
          });
          res.end();
          return;
        }
      }
      const route = routes[url.pathname];
      if (route) {
        route(req, res);
        return;
      }

      let pathname;
      try {
        pathname = decodeURIComponent(url.pathname);
      } catch {
        pathname = '';
      }
      const file = path.join(publicDir, pathname);
      let served = null;
      if (pathname && (file === publicDir || file.startsWith(publicDir + path.sep))) {
        if (await isFile(file)) served = pathname;
        else if (await isFile(path.join(file, 'index.html')))
          served = path.posix.join(pathname, 'index.html');
        else if (
          spa &&
          !ASSET_EXTENSION.test(pathname) &&
          (await isFile(path.join(publicDir, 'index.html')))
        ) {
          served = '/index.html';
        }
      }
      if (served !== null && served !== pathname) req.url = served;
      res.setHeader(
        'Cache-Control',
        served !== null && CONTENT_HASHED.test(served)
          ? CACHE_FOREVER
          : served === SERVICE_WORKER
            ? NO_CACHE
            : NO_STORE,
      );
      const type = served === null ? undefined : COMPRESSIBLE[path.extname(served).toLowerCase()];
      const encoding = preferredEncoding(req.headers['accept-encoding']);
      if (served !== null && type && encoding && (req.method === 'GET' || req.method === 'HEAD')) {
        const body = await compressed(path.join(publicDir, served), encoding);
        res.writeHead(200, {
          'Content-Type': type,
          'Content-Encoding': encoding,
          'Content-Length': body.length,
          Vary: 'Accept-Encoding',
        });
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      }
      await serveHandler(req, res, {
        public: publicDir,
        cleanUrls: false,
        directoryListing: false,
        symlinks: false,
      });
    } catch (error) {
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_STORE });
      }
      res.end(`Internal error: ${/** @type {Error} */ (error).message}`);
    }
  };
}

/**
 * @param {StaticOptions} options
 */
function createStaticServer(options) {
  const handler = createStaticHandler(options);
  return http.createServer((req, res) => {
    handler(req, res);
  });
}

/**
 * Stops accepting connections and drops idle keep-alive ones, so the port is free at once.
 * @param {import('node:http').Server} server
 * @returns {Promise<void>}
 */
function closeServer(server) {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

module.exports = { createStaticHandler, createStaticServer, closeServer, CACHE_FOREVER, NO_STORE, NO_CACHE };
