// The local API host: the onCall functions of ./callables.ts on express, at the URLs Cloud Functions
// gives them (POST /{project}/{region}/{name}). onCall answers CORS, verifies the ID token and maps
// errors, as in production; the host does what the Functions Framework does in front of a function
// (reads the JSON body, here capped) and what only a local host needs (/healthz, 404 for unknown
// names). Tokens are checked against the Auth emulator: firebase-admin's verifyIdToken goes there
// when FIREBASE_AUTH_EMULATOR_HOST is set, and the host remembers the tokens it verified for a
// short while (./verified-tokens.ts). It also serves the local evidence files' download links, as
// Cloud Storage serves the signed URLs in production.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { getApp, getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  BRAND_LOGO_MAX_BYTES,
  EVIDENCE_FILE_MAX_BYTES,
  FUNCTIONS_REGION,
  SERVER_ERRORS,
} from '@toolkit/domain';
import { attachmentDisposition, LOCAL_EVIDENCE_ROUTE, type LocalEvidenceFiles } from '@toolkit/server/local';
import type { Callable, CallableGroups } from './callables';
import { rememberVerifiedTokens } from './verified-tokens';

/**
 * The largest request body the host reads: the largest file the product takes (an evidence file,
 * EVIDENCE_FILE_MAX_BYTES, a fifth over it so a file a little too large is refused in words by
 * its size; sent base64-encoded, four characters for three bytes) with 64 KiB to spare for the
 * rest of any request (an answer save with a comment of 5000 characters is at most about 15 KB). It
 * bounds what any caller can make the host buffer and parse.
 */
export const MAX_BODY_BYTES =
  Math.ceil((Math.max(BRAND_LOGO_MAX_BYTES, EVIDENCE_FILE_MAX_BYTES) * 1.2) / 3) * 4 + 64 * 1024;

// invalid-argument rather than resource-exhausted: the request itself is wrong and trying it again
// later cannot help, whereas resource-exhausted tells a client to wait and retry. Sent with 413.
const TOO_LARGE = new HttpsError('invalid-argument', SERVER_ERRORS.bodyTooLarge(MAX_BODY_BYTES / 1024));
const NOT_JSON = new HttpsError('invalid-argument', 'The request body is not valid JSON.');

/** Longer than any client reuses an idle connection: Chromium up to 300 s, Node's fetch 4 s. */
export const KEEP_ALIVE_MS = 310_000;

export interface LocalHostOptions {
  callables: CallableGroups;
  /** 0 picks a free port. */
  port: number;
  host?: string;
  projectId: string;
  region?: string;
  /** Evidence files whose download links the host serves. */
  evidenceFiles?: LocalEvidenceFiles;
}

export interface LocalHost {
  port: number;
  /** The callable base URL, e.g. http://127.0.0.1:5001/demo-toolkit/australia-southeast1 */
  url: string;
  close(): Promise<void>;
}

/**
 * onCall verifies tokens with firebase-admin's default app, which firebase-functions looks up on
 * the first call and keeps for the process: made here when missing, and never deleted.
 */
function ensureDefaultApp(projectId: string) {
  const existing = getApps().find((app) => app.name === '[DEFAULT]');
  if (!existing) initializeApp({ projectId });
  else if (existing.options.projectId !== projectId)
    throw new Error(`The default firebase-admin app is for ${existing.options.projectId}, not ${projectId}.`);
}

function sendError(response: Response, error: HttpsError, status = error.httpErrorCode.status) {
  // A body left unread (refused before it was read, or too large) is not drained: the connection
  // closes after the answer instead.
  if (!response.req.complete) response.set('Connection', 'close');
  response.status(status).json({ error: error.toJSON() });
}

/** The body, refused with TOO_LARGE once more than MAX_BODY_BYTES arrived (chunked bodies too). */
function readBody(request: Request): Promise<Buffer> {
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
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/**
 * Reads the body and, when it is JSON, parses it into req.body, as the Functions Framework does;
 * answers the raw body, or null once it has refused it. onCall answers a body that is no callable one.
 */
async function parseBody(request: Request, response: Response): Promise<Buffer | null> {
  if (Number(request.headers['content-length']) > MAX_BODY_BYTES) {
    sendError(response, TOO_LARGE, 413);
    return null;
  }
  let raw: Buffer;
  try {
    raw = await readBody(request);
  } catch (error) {
    if (error !== TOO_LARGE) throw error;
    sendError(response, TOO_LARGE, 413);
    return null;
  }
  if (!request.is('application/json')) return raw;
  try {
    request.body = JSON.parse(raw.toString('utf8'));
  } catch {
    sendError(response, NOT_JSON);
    return null;
  }
  return raw;
}

export async function startLocalHost({
  callables,
  port,
  host = '127.0.0.1',
  projectId,
  region = FUNCTIONS_REGION,
  evidenceFiles,
}: LocalHostOptions): Promise<LocalHost> {
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST)
    throw new Error(
      'The local host verifies ID tokens with the Auth emulator: set FIREBASE_AUTH_EMULATOR_HOST.',
    );
  ensureDefaultApp(projectId);
  rememberVerifiedTokens(getAuth(getApp()));
  const byName = new Map<string, Callable>(
    Object.entries(callables).flatMap(([group, functions]) =>
      Object.entries(functions).map(([name, fn]) => [`${group}-${name}`, fn] as const),
    ),
  );
  const prefix = `/${projectId}/${region}/`;

  const app = express();
  app.disable('x-powered-by');
  app.get('/healthz', (_request, response) => {
    response.json({ status: 'ok' });
  });
  if (evidenceFiles) {
    // A download, never a page: saved as an attachment, its type not guessed from the bytes, and
    // anything opened from it sandboxed.
    app.get(`${LOCAL_EVIDENCE_ROUTE}/:token`, async (request: Request<{ token: string }>, response) => {
      response.set({
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': 'sandbox',
        'Cache-Control': 'private, no-store',
      });
      const opened = await evidenceFiles.open(request.params.token);
      if (!opened.ok) {
        response.status(opened.status).type('text/plain').send(opened.message);
        return;
      }
      response.set({
        'Content-Type': opened.meta.contentType,
        'Content-Disposition': attachmentDisposition(opened.meta.fileName),
      });
      response.send(opened.bytes);
    });
  }
  app.all(`${prefix}:name`, async (request: Request<{ name: string }>, response) => {
    const fn = byName.get(request.params.name);
    if (!fn) {
      sendError(response, new HttpsError('not-found', SERVER_ERRORS.noSuchFunction(request.params.name)));
      return;
    }
    // Preflights and other methods have no body to read: onCall answers them.
    const rawBody = request.method === 'POST' ? await parseBody(request, response) : Buffer.alloc(0);
    if (!rawBody) return;
    await fn(Object.assign(request, { rawBody }), response);
  });
  app.use((request: Request, response: Response) => {
    sendError(
      response,
      new HttpsError('not-found', `Nothing is served at ${request.path}; call ${prefix}<name>.`),
    );
  });
  app.use((error: unknown, _request: Request, response: Response, _next: NextFunction) => {
    console.error('[api-host] request failed', error);
    if (response.headersSent) response.end();
    else sendError(response, new HttpsError('internal', SERVER_ERRORS.internal));
  });

  const server = createServer(app);
  // Browsers and Node's fetch keep idle connections for reuse; a server that closes one first (Node's
  // default: 5 s) can close it just as a request is sent on it, which then fails with ECONNRESET.
  // Idle connections are kept longer than any client keeps them, and the header timeout must exceed it.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 5_000;
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
