'use strict';

// The local content service: GraphQL (graphql-yoga) at /graphql behind a bearer key (the servers'
// key reads everything, the browsers' key all but the server-only fields), the seed assets at
// /assets/..., and /health — one node:http server, with CORS for browser origins.

const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const zlib = require('node:zlib');
const { createYoga } = require('graphql-yoga');
const { GraphQLError, Kind, Lexer, Source, TokenKind, parse } = require('graphql');
const { loadSeedContent, DEFAULT_CONTENT_DIR } = require('./seed');
const { loadActions } = require('./actions');
const { loadToolkits } = require('./toolkits');
const { loadArticles } = require('./academy');
const { createSchema } = require('./schema');

const CONTENT_TYPES = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.vtt': 'text/vtt; charset=utf-8',
  '.pdf': 'application/pdf',
};

/** Loopback origins on any port (the shell at http://localhost:3000, remotes in development). */
const LOOPBACK_ORIGIN = /^https?:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/;

/**
 * @typedef {object} ContentServerOptions
 * @property {string} key the servers' bearer key: it reads every field
 * @property {string} [publicKey] the browsers' bearer key: it reads everything but SERVER_ONLY_FIELDS
 * @property {string} [contentDir] folder of seed files (*.json) and assets/; defaults to the package's content/
 * @property {string} [publicUrl] origin used in asset URLs (default: the request's own host)
 * @property {string[]|'*'} [corsOrigins] browser origins allowed besides loopback ones; '*' allows any
 */

/**
 * Fields of a published survey meant for the server alone: the publisher's notification addresses.
 * A browser key is shipped in every page, so anyone holding it could otherwise harvest them.
 */
const SERVER_ONLY_FIELDS = Object.freeze({ Survey: ['notificationEmailRecipients', 'notificationEmailBcc'] });

/**
 * What one query may cost. The product's deepest query nests 6 fields and uses no alias; these
 * leave room while refusing a document built to make the server resolve the catalogue thousands
 * of times over (aliases) or to recurse until it runs out of stack (depth).
 */
const QUERY_LIMITS = Object.freeze({ depth: 12, aliases: 20, tokens: 1000 });

/**
 * Parses a query of at most QUERY_LIMITS.tokens tokens (the product's largest has under 200). The
 * parser recurses once per level, so a document nested thousands deep would exhaust the stack
 * before any depth rule could see it; the lexer does not recurse, so counting comes first.
 * @param {string | import('graphql').Source} source
 */
function parseWithinLimits(source) {
  const lexer = new Lexer(typeof source === 'string' ? new Source(source) : source);
  for (let count = 0; lexer.advance().kind !== TokenKind.EOF; count += 1) {
    if (count >= QUERY_LIMITS.tokens) {
      throw new GraphQLError(
        `The query is longer than ${QUERY_LIMITS.tokens} tokens; ask for less at once.`,
        { extensions: { code: 'QUERY_TOO_LONG' } },
      );
    }
  }
  return parse(source);
}

/**
 * Refuses, with the browser key, any selection of a server-only field (also through fragments).
 * @param {import('graphql').ValidationContext} context
 * @returns {import('graphql').ASTVisitor}
 */
function ServerOnlyFields(context) {
  return {
    Field(node) {
      const parent = context.getParentType();
      const hidden = parent
        ? SERVER_ONLY_FIELDS[/** @type {keyof typeof SERVER_ONLY_FIELDS} */ (parent.name)]
        : undefined;
      if (hidden?.includes(node.name.value)) {
        context.reportError(
          new GraphQLError(
            `${parent?.name}.${node.name.value} is served to the server only: the browser key cannot read it.`,
            { nodes: [node], extensions: { code: 'FORBIDDEN' } },
          ),
        );
      }
    },
  };
}

/**
 * How many levels of fields a selection set nests and how many aliases it holds, fragments
 * expanded (a fragment spread ten times counts ten times). Each fragment is measured once, so
 * fragments that spread each other over and over cost no more than their text; the recursion is
 * no deeper than the document's nesting, which the token limit bounds.
 * @param {import('graphql').SelectionSetNode} selectionSet
 * @param {import('graphql').ValidationContext} context
 * @param {Map<string, { depth: number, aliases: number }>} measured fragments already measured
 * @param {Set<string>} entered fragments on the current path (cycles are reported by another rule)
 * @returns {{ depth: number, aliases: number }}
 */
function measure(selectionSet, context, measured, entered) {
  let depth = 0;
  let aliases = 0;
  for (const selection of selectionSet.selections) {
    /** @type {{ depth: number, aliases: number }} */
    let found;
    if (selection.kind === Kind.FIELD) {
      const inner = selection.selectionSet
        ? measure(selection.selectionSet, context, measured, entered)
        : { depth: 0, aliases: 0 };
      found = { depth: inner.depth + 1, aliases: inner.aliases + (selection.alias ? 1 : 0) };
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      found = measure(selection.selectionSet, context, measured, entered);
    } else {
      const name = selection.name.value;
      const fragment = context.getFragment(name);
      if (!fragment || entered.has(name)) continue;
      const known = measured.get(name);
      if (known) found = known;
      else {
        entered.add(name);
        found = measure(fragment.selectionSet, context, measured, entered);
        entered.delete(name);
        measured.set(name, found);
      }
    }
    depth = Math.max(depth, found.depth);
    aliases += found.aliases;
  }
  return { depth, aliases };
}

/**
 * Refuses an operation nested deeper than QUERY_LIMITS.depth or with more than QUERY_LIMITS.aliases.
 * @param {import('graphql').ValidationContext} context
 * @returns {import('graphql').ASTVisitor}
 */
function QueryCost(context) {
  return {
    OperationDefinition(node) {
      const { depth, aliases } = measure(node.selectionSet, context, new Map(), new Set());
      if (depth > QUERY_LIMITS.depth) {
        context.reportError(
          new GraphQLError(
            `The query nests fields more than ${QUERY_LIMITS.depth} deep; ask for less at once.`,
            { nodes: [node], extensions: { code: 'QUERY_TOO_DEEP' } },
          ),
        );
      }
      if (aliases > QUERY_LIMITS.aliases) {
        context.reportError(
          new GraphQLError(
            `The query uses more than ${QUERY_LIMITS.aliases} aliases; ask for less at once.`,
            { nodes: [node], extensions: { code: 'QUERY_TOO_COSTLY' } },
          ),
        );
      }
      return false;
    },
  };
}

/**
 * The largest POST body read: a query of QUERY_LIMITS.tokens tokens and its variables fit many
 * times over, while a caller holding the public key cannot make the service buffer megabytes.
 * Node reads no more than a request's Content-Length, so the header is the bound.
 */
const MAX_QUERY_BODY_BYTES = 64 * 1024;

/** Smaller answers go out as they are: compressing them saves less than its own cost. */
const COMPRESS_MIN_BYTES = 1024;

/**
 * The encoding a response goes out in, from the request's Accept-Encoding (brotli preferred).
 * @param {string | string[] | undefined} header
 * @returns {'br' | 'gzip' | null}
 */
function preferredEncoding(header) {
  const accepted = String(header ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/**
 * Sends a GraphQL answer, compressed when the client accepts it: a survey definition is tens of
 * kilobytes of JSON, on the respondent's path to the first question.
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 * @param {Response} response
 */
async function sendFetchResponse(req, res, response) {
  /** @type {Record<string, string>} */
  const headers = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  let body = Buffer.from(await response.arrayBuffer());
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  if (encoding && body.length >= COMPRESS_MIN_BYTES && !headers['content-encoding']) {
    body =
      encoding === 'br'
        ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
        : zlib.gzipSync(body, { level: 6 });
    headers['content-encoding'] = encoding;
  }
  const vary = res.getHeader('Vary');
  headers.vary = vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
  headers['content-length'] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Compares secrets in constant time (on digests, so lengths do not leak either).
 * @param {string} given
 * @param {string} expected
 */
function sameSecret(given, expected) {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * @param {http.ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
function sendJson(res, status, body, headers = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/**
 * A GraphQL-style error body (graphql-request and other clients read `errors[0].message`).
 * @param {string} message
 * @param {string} code
 */
function graphqlError(message, code) {
  return { errors: [{ message, extensions: { code } }] };
}

/**
 * Creates the content server (not yet listening). Seed content is loaded and validated now:
 * a malformed seed file throws a SeedError naming the file and the problem.
 * @param {ContentServerOptions} options
 * @returns {http.Server}
 */
function createContentServer(options) {
  const { key, publicKey, publicUrl, corsOrigins = [] } = options ?? {};
  if (typeof key !== 'string' || key.trim() === '')
    throw new Error('createContentServer: a non-empty key is required');
  if (
    publicKey !== undefined &&
    (typeof publicKey !== 'string' || publicKey.trim() === '' || publicKey === key)
  )
    throw new Error('createContentServer: the publicKey must be non-empty and differ from the key');
  const contentDir = path.resolve(options.contentDir ?? DEFAULT_CONTENT_DIR);
  const assetsDir = path.join(contentDir, 'assets');
  const surveys = loadSeedContent(contentDir);
  const actions = loadActions(contentDir, surveys);
  const toolkits = loadToolkits(contentDir, surveys);
  const articles = loadArticles(contentDir, actions);
  const schema = createSchema(surveys, actions, toolkits, articles);

  /**
   * One GraphQL handler per key: each keeps its own cache of validated documents, so a document
   * validated for the server key is never taken as valid for the browser key.
   * @param {import('graphql').ValidationRule[]} rules
   */
  const graphqlWith = (rules) =>
    createYoga({
      schema,
      graphqlEndpoint: '/graphql',
      graphiql: false, // GraphiQL loads its UI from a CDN; this service runs offline.
      landingPage: false,
      cors: false, // CORS is answered below, for every route alike.
      logging: false,
      plugins: [
        {
          onParse: (/** @type {{ setParseFn: (fn: typeof parse) => void }} */ hook) => {
            hook.setParseFn(parseWithinLimits);
          },
          onValidate: (
            /** @type {{ addValidationRule: (rule: import('graphql').ValidationRule) => void }} */ hook,
          ) => {
            for (const rule of rules) hook.addValidationRule(rule);
          },
        },
      ],
      context: ({ request }) => ({
        origin: publicUrl ? publicUrl.replace(/\/+$/, '') : new URL(request.url).origin,
      }),
    });
  const serverGraphql = graphqlWith([QueryCost]);
  const browserGraphql = publicKey === undefined ? null : graphqlWith([QueryCost, ServerOnlyFields]);

  /** @param {string|undefined} origin */
  const allowedOrigin = (origin) =>
    !!origin && (corsOrigins === '*' || LOOPBACK_ORIGIN.test(origin) || corsOrigins.includes(origin));

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  const serveAsset = (req, res, /** @type {string} */ pathname) => {
    let relative;
    try {
      relative = decodeURIComponent(pathname.slice('/assets/'.length));
    } catch {
      return sendJson(res, 400, { error: 'Bad asset path' });
    }
    const file = path.resolve(assetsDir, relative);
    if (!file.startsWith(assetsDir + path.sep)) return sendJson(res, 404, { error: 'Not found' });
    fs.stat(file, (err, stat) => {
      if (err || !stat.isFile()) return sendJson(res, 404, { error: 'Not found' });
      const type =
        CONTENT_TYPES[/** @type {keyof typeof CONTENT_TYPES} */ (path.extname(file).toLowerCase())];
      res.writeHead(200, {
        'Content-Type': type ?? 'application/octet-stream',
        'Content-Length': stat.size,
        'Cache-Control': 'public, max-age=300',
        'Cross-Origin-Resource-Policy': 'cross-origin',
        'X-Content-Type-Options': 'nosniff',
      });
      if (req.method === 'HEAD') return res.end();
      fs.createReadStream(file).pipe(res);
    });
  };

  const server = http.createServer((req, res) => {
    const origin = req.headers.origin;
    const pathname = new URL(req.url ?? '/', 'http://content.local').pathname;

    if (allowedOrigin(origin)) {
      res.setHeader('Access-Control-Allow-Origin', /** @type {string} */ (origin));
      res.setHeader('Vary', 'Origin');
    }
    if (req.method === 'OPTIONS') {
      if (!allowedOrigin(origin))
        return sendJson(res, 403, { error: `Origin ${origin ?? '(none)'} is not allowed` });
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept',
        'Access-Control-Max-Age': '600',
        'Content-Length': '0',
      });
      return res.end();
    }

    if (pathname === '/health' && (req.method === 'GET' || req.method === 'HEAD')) {
      return sendJson(res, 200, { status: 'ok', surveys: surveys.length });
    }
    if (pathname.startsWith('/assets/') && (req.method === 'GET' || req.method === 'HEAD')) {
      return serveAsset(req, res, pathname);
    }
    if (pathname === '/graphql') {
      const header = req.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      if (!match) {
        return sendJson(
          res,
          401,
          graphqlError('Missing bearer key: send Authorization: Bearer <key>.', 'UNAUTHENTICATED'),
          {
            'WWW-Authenticate': 'Bearer realm="content"',
          },
        );
      }
      const given = /** @type {string} */ (match[1]);
      const yoga = sameSecret(given, key)
        ? serverGraphql
        : browserGraphql && publicKey && sameSecret(given, publicKey)
          ? browserGraphql
          : null;
      if (!yoga) {
        return sendJson(res, 401, graphqlError('Invalid bearer key.', 'UNAUTHENTICATED'), {
          'WWW-Authenticate': 'Bearer realm="content", error="invalid_token"',
        });
      }
      if (req.method === 'POST') {
        const length = req.headers['content-length'];
        if (length === undefined || Number(length) > MAX_QUERY_BODY_BYTES) {
          res.setHeader('Connection', 'close');
          return length === undefined
            ? sendJson(res, 411, graphqlError('Send the query with a Content-Length.', 'LENGTH_REQUIRED'))
            : sendJson(
                res,
                413,
                graphqlError(
                  `The request is larger than ${MAX_QUERY_BODY_BYTES / 1024} KB.`,
                  'PAYLOAD_TOO_LARGE',
                ),
              );
        }
      }
      return Promise.resolve(yoga.handleNodeRequest(req))
        .then((/** @type {Response} */ response) => sendFetchResponse(req, res, response))
        .catch((/** @type {unknown} */ error) => {
          if (res.headersSent) return res.destroy();
          sendJson(res, 500, graphqlError(`Internal error: ${String(error)}`, 'INTERNAL'));
        });
    }
    return sendJson(res, 404, { error: 'Not found' });
  });
  return server;
}

/**
 * Starts the content server and resolves once it listens.
 * @param {Partial<ContentServerOptions> & { port?: number, host?: string }} [options]
 * @returns {Promise<{ url: string, graphqlUrl: string, port: number, server: http.Server, close(): Promise<void> }>}
 *   `url` is the server's origin (assets under `${url}/assets/`), `graphqlUrl` the GraphQL endpoint.
 */
async function startContentServer(options = {}) {
  const { port = 4000, host = '127.0.0.1', key = 'local-content-key', ...rest } = options;
  const server = createContentServer({ key, ...rest });
  // Callers keep idle connections for reuse (the API host's fetch, browsers up to 300 s); closing
  // one first (Node's default: after 5 s) can close it just as a request goes out on it, which then
  // fails with ECONNRESET and shows as "Could not receive the data". Kept longer than any client.
  server.keepAliveTimeout = 310_000;
  server.headersTimeout = 315_000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(undefined);
    });
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const shownHost =
    host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${shownHost}:${address.port}`;
  return {
    url,
    graphqlUrl: `${url}/graphql`,
    port: address.port,
    server,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

module.exports = {
  createContentServer,
  startContentServer,
  SERVER_ONLY_FIELDS,
  QUERY_LIMITS,
  MAX_QUERY_BODY_BYTES,
};
