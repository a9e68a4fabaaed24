// The Cloud Storage adapter through firebase-admin's own client, against a local stand-in that
// speaks Cloud Storage's wire format (the Storage emulator needs Java, which this machine lacks):
// the client's multipart upload, its object deletes and listing, and the V4 signed URL, which the
// stand-in checks as Cloud Storage does (the RSA signature over the canonical request, the expiry)
// before it serves the object with the response headers the URL asks for.
import { createHash, createVerify, generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import { createCloudStorageEvidenceFiles } from './cloud-storage';
import { attachmentDisposition, evidenceFileKey, evidenceFilesOf, type EvidenceFiles } from './port';

const BUCKET = 'demo-evidence.appspot.com';
const CLIENT_EMAIL = 'functions@demo-evidence.iam.gserviceaccount.com';

/** CRC32C (Castagnoli), as Cloud Storage reports an object's: the client checks its upload with it. */
const CRC32C_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32c(bytes: Buffer): string {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC32C_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  const out = Buffer.alloc(4);
  out.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return out.toString('base64');
}

interface StoredObject {
  bytes: Buffer;
  metadata: Record<string, string>;
}

/** RFC 3986 encoding, as the V4 canonical request writes query keys and values. */
const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A multipart/related body's parts: the JSON metadata, then the media. */
function partsOf(body: Buffer, contentType: string): Buffer[] {
  const boundary = /boundary=([^;]+)/.exec(contentType)![1]!;
  const text = body.toString('latin1');
  return text
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const start = part.indexOf('\r\n\r\n') + 4;
      return Buffer.from(part.slice(start, part.length - 2), 'latin1');
    });
}

function startCloudStorage(publicKey: string) {
  const objects = new Map<string, StoredObject>();
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url!, `http://${request.headers.host}`);
      const json = (status: number, body: unknown) => {
        response.writeHead(status, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      requests.push(`${request.method} ${url.pathname}`);
      // The JSON API, with or without the /storage/v1 root the emulator address may carry.
      const api = /^(?:\/storage\/v1)?\/b\/([^/]+)\/o(?:\/(.+))?$/.exec(url.pathname);
      if (request.method === 'POST' && url.pathname === `/upload/storage/v1/b/${BUCKET}/o`) {
        if (url.searchParams.get('uploadType') !== 'multipart') return json(400, { error: 'multipart only' });
        const [metadata, media] = partsOf(Buffer.concat(chunks), String(request.headers['content-type']));
        const name = url.searchParams.get('name')!;
        objects.set(name, { bytes: media!, metadata: JSON.parse(metadata!.toString('utf8')) });
        return json(200, {
          bucket: BUCKET,
          name,
          size: String(media!.length),
          crc32c: crc32c(media!),
          md5Hash: createHash('md5').update(media!).digest('base64'),
        });
      }
      if (api && api[1] === BUCKET && request.method === 'DELETE' && api[2]) {
        const name = decodeURIComponent(api[2]);
        if (!objects.delete(name)) return json(404, { error: { code: 404, message: 'No such object' } });
        response.writeHead(204).end();
        return;
      }
      if (api && api[1] === BUCKET && request.method === 'GET' && !api[2]) {
        const prefix = url.searchParams.get('prefix') ?? '';
        return json(200, {
          kind: 'storage#objects',
          items: [...objects.keys()]
            .filter((name) => name.startsWith(prefix))
            .map((name) => ({ bucket: BUCKET, name })),
        });
      }
      // A signed URL: /<bucket>/<object> with the X-Goog-* query.
      if (request.method === 'GET' && url.pathname.startsWith(`/${BUCKET}/`)) {
        const params = [...url.searchParams.entries()];
        const signature = url.searchParams.get('X-Goog-Signature') ?? '';
        const canonicalQuery = params
          .filter(([key]) => key !== 'X-Goog-Signature')
          .map(([key, value]) => [rfc3986(key), rfc3986(value)] as const)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([key, value]) => `${key}=${value}`)
          .join('&');
        const canonicalRequest = [
          'GET',
          url.pathname,
          canonicalQuery,
          // Cloud Storage is on the default port, so the client signs the host's name alone.
          `host:${url.hostname}\n`,
          url.searchParams.get('X-Goog-SignedHeaders'),
          'UNSIGNED-PAYLOAD',
        ].join('\n');
        const date = url.searchParams.get('X-Goog-Date') ?? '';
        const scope = (url.searchParams.get('X-Goog-Credential') ?? '').split('/').slice(1).join('/');
        const stringToSign = [
          url.searchParams.get('X-Goog-Algorithm'),
          date,
          scope,
          createHash('sha256').update(canonicalRequest).digest('hex'),
        ].join('\n');
        const valid =
          /^[0-9a-f]+$/.test(signature) &&
          createVerify('RSA-SHA256').update(stringToSign).verify(publicKey, Buffer.from(signature, 'hex'));
        if (!valid) return json(403, { error: 'SignatureDoesNotMatch' });
        const signedAt = Date.parse(
          date.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
        );
        if (Date.now() > signedAt + Number(url.searchParams.get('X-Goog-Expires')) * 1000)
          return json(400, { error: 'ExpiredToken' });
        const object = objects.get(decodeURIComponent(url.pathname.slice(BUCKET.length + 2)));
        if (!object) return json(404, { error: 'NoSuchKey' });
        response.writeHead(200, {
          'Content-Type': url.searchParams.get('response-content-type') ?? object.metadata.contentType,
          'Content-Disposition':
            url.searchParams.get('response-content-disposition') ?? object.metadata.contentDisposition,
        });
        response.end(object.bytes);
        return;
      }
      json(404, { error: `Not served: ${request.method} ${url.pathname}` });
    });
  });
  return { server, objects, requests };
}

let fixture: ReturnType<typeof startCloudStorage>;
let app: App;
let files: EvidenceFiles;
const emulatorBefore = process.env.STORAGE_EMULATOR_HOST;

beforeAll(async () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  fixture = startCloudStorage(publicKey);
  await new Promise<void>((resolve) => fixture.server.listen(0, '127.0.0.1', resolve));
  // The client's own switch to another endpoint: requests go unauthenticated to the stand-in, and
  // URLs are still signed with the service account's key.
  process.env.STORAGE_EMULATOR_HOST = `http://127.0.0.1:${(fixture.server.address() as AddressInfo).port}`;
  app = initializeApp(
    {
      credential: cert({ projectId: 'demo-evidence', clientEmail: CLIENT_EMAIL, privateKey }),
      storageBucket: BUCKET,
    },
    'evidence-cloud-storage',
  );
  files = createCloudStorageEvidenceFiles(() => getStorage(app).bucket());
});

afterAll(async () => {
  if (emulatorBefore === undefined) delete process.env.STORAGE_EMULATOR_HOST;
  else process.env.STORAGE_EMULATOR_HOST = emulatorBefore;
  await deleteApp(app);
  await new Promise((resolve) => fixture.server.close(resolve));
});

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
const META = { fileName: 'Énergie mars.pdf', contentType: 'application/pdf' };

it('uploads the bytes as a private object named for a download, and signs a short V4 read URL', async () => {
  const key = evidenceFileKey('tenant-1', 'e-1');
  await files.save(key, PDF, META);
  expect(fixture.objects.get(key)).toEqual({
    bytes: PDF,
    metadata: {
      contentType: 'application/pdf',
      contentDisposition: attachmentDisposition(META.fileName),
      cacheControl: 'private, no-store',
    },
  });

  const expiresAt = new Date(Date.now() + 5 * 60_000);
  const url = new URL(await files.downloadUrl(key, META, expiresAt));
  expect(url.pathname).toBe(`/${BUCKET}/evidence/tenant-1/e-1`);
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    'X-Goog-Algorithm': 'GOOG4-RSA-SHA256',
    'X-Goog-Credential': expect.stringMatching(
      new RegExp(`^${CLIENT_EMAIL}/\\d{8}/auto/storage/goog4_request$`),
    ),
    'X-Goog-Expires': expect.stringMatching(/^(299|300)$/),
    'X-Goog-SignedHeaders': 'host',
    'response-content-disposition': `attachment; filename="_nergie mars.pdf"; filename*=UTF-8''%C3%89nergie%20mars.pdf`,
    'response-content-type': 'application/pdf',
  });

  // Followed, as a browser would: the stand-in checks the signature and serves the attachment.
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-disposition')).toBe(attachmentDisposition(META.fileName));
  expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);

  // A URL changed after signing (another object, another disposition) is refused.
  const forged = new URL(url);
  forged.searchParams.set('response-content-disposition', 'inline');
  expect((await fetch(forged)).status).toBe(403);
});

it('removes one object, ignores one already gone, and removes an organisation’s objects by prefix', async () => {
  for (const id of ['e-2', 'e-3']) await files.save(evidenceFileKey('tenant-2', id), PDF, META);
  await files.save(evidenceFileKey('tenant-3', 'e-4'), PDF, META);

  await files.remove(evidenceFileKey('tenant-2', 'e-2'));
  await files.remove(evidenceFileKey('tenant-2', 'e-2'));
  expect(fixture.objects.has(evidenceFileKey('tenant-2', 'e-2'))).toBe(false);

  await files.removeAll(evidenceFilesOf('tenant-2'));
  expect([...fixture.objects.keys()].filter((key) => key.startsWith('evidence/tenant-2/'))).toEqual([]);
  expect(fixture.objects.has(evidenceFileKey('tenant-3', 'e-4'))).toBe(true);
});
