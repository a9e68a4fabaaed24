// The local API host: Cloud Functions' callable protocol over plain node:http, so the browser
// calls the same URLs locally (POST /{project}/{region}/{name}) as in production.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FUNCTIONS_REGION } from '@toolkit/domain';
import { ApiError, errorResponse } from './api/errors';
import type { Router } from './api/router';

/**
 * The largest request body the host reads. The largest real requests are an answer save with a
 * comment of 5000 characters (at most about 15 KB of JSON) and a survey start carrying its link's
 * prefill (a URL's worth, a few KB); 64 KiB leaves room for both while bounding what any caller can
 * make the host buffer and parse.
 */
export const MAX_BODY_BYTES = 64 * 1024;

// invalid-argument rather than resource-exhausted: the request itself is wrong and trying it again
// later cannot help, whereas resource-exhausted tells a client to wait and retry.
const TOO_LARGE = new ApiError(
  'invalid-argument',
  `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`,
);
const NOT_JSON = new ApiError('invalid-argument', 'The request body is not valid JSON.');

export interface ApiHostOptions {
  router: Router;
  /** 0 picks a free port. */
  port: number;
  host?: string;
  projectId?: string;
  region?: string;
  /** Exact origins (scheme://host:port) that browsers may call from. */
  allowedOrigins: readonly string[];
}

export interface ApiHost {
  port: number;
  /** The callable base URL, e.g. http://127.0.0.1:5001/demo-toolkit/australia-southeast1 */
  url: string;
  close(): Promise<void>;
}

/** The body as text, refused with TOO_LARGE once more than MAX_BODY_BYTES arrived (chunked bodies). */
function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        request.off('data', onData);
        request.pause();
        reject(TOO_LARGE);
        return;
      }
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const text = await readBody(request);
  try {
    return JSON.parse(text);
  } catch {
    throw NOT_JSON;
  }
}

function send(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  // A body left unread (refused before it was read, or too large) is not drained: the connection
  // closes after the answer instead.
  if (!response.req.complete) response.setHeader('Connection', 'close');
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  response.end(text);
}

const sendError = (response: ServerResponse, error: ApiError) => {
  const { status, body } = errorResponse(error);
  send(response, status, body);
};

export async function startApiHost({
  router,
  port,
  host = '127.0.0.1',
  projectId = 'demo-toolkit',
  region = FUNCTIONS_REGION,
  allowedOrigins,
}: ApiHostOptions): Promise<ApiHost> {
  const prefix = `/${projectId}/${region}/`;
  const origins = new Set(allowedOrigins);

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const origin = request.headers.origin;
    if (origin && origins.has(origin)) {
      response.setHeader('Access-Control-Allow-Origin', origin);
      response.setHeader('Vary', 'Origin');
    }
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');

    if (request.method === 'OPTIONS') {
      if (origin && origins.has(origin)) {
        response.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
        response.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
        response.setHeader('Access-Control-Max-Age', '600');
      }
      response.writeHead(204).end();
      return;
    }
    if (pathname === '/healthz' && (request.method === 'GET' || request.method === 'HEAD')) {
      send(response, 200, { status: 'ok' });
      return;
    }
    const name = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : '';
    if (!name || name.includes('/')) {
      sendError(
        response,
        new ApiError('not-found', `Nothing is served at ${pathname}; call ${prefix}<name>.`),
      );
      return;
    }
    if (request.method !== 'POST') {
      response.setHeader('Allow', 'POST, OPTIONS');
      sendError(response, new ApiError('invalid-argument', 'Callable functions accept only POST requests.'));
      return;
    }

    if (Number(request.headers['content-length']) > MAX_BODY_BYTES) {
      send(response, 413, errorResponse(TOO_LARGE).body);
      return;
    }
    let tooLarge = false;
    const readData = () =>
      readJson(request).catch((error: unknown) => {
        tooLarge = error === TOO_LARGE;
        throw error;
      });
    // The router verifies the token before it asks for the body.
    const result = await router.callHttp(name, request.headers.authorization, readData, {
      ip: request.socket.remoteAddress,
    });
    send(response, tooLarge ? 413 : result.status, result.body);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error('[api-host] request failed', error);
      if (!response.headersSent)
        sendError(response, new ApiError('internal', 'Something went wrong on our side.'));
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    port: actualPort,
    url: `http://${shownHost}:${actualPort}/${projectId}/${region}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
