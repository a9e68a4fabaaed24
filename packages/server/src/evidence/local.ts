// Evidence files on this machine (the local stack's default): each file under the data folder, and
// download links to the local API host that carry what they open, signed with a key that lives as
// long as the process. The host serves a link through `open` (packages/functions local-host.ts).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { SERVER_ERRORS } from '@toolkit/domain';
import type { EvidenceFileMeta, EvidenceFiles } from './port';

/** The path under the API host's origin where the local adapter's download links point. */
export const LOCAL_EVIDENCE_ROUTE = '/evidence-files';

export type OpenedEvidenceFile =
  | { ok: true; bytes: Buffer; meta: EvidenceFileMeta }
  | { ok: false; status: 403 | 404 | 410; message: string };

export interface LocalEvidenceFiles extends EvidenceFiles {
  /** The file a download link's token names, once its signature and expiry are checked. */
  open(token: string, now?: Date): Promise<OpenedEvidenceFile>;
}

interface Grant {
  key: string;
  fileName: string;
  contentType: string;
  /** Expiry, in epoch milliseconds. */
  expires: number;
}

const KEY_PATTERN = /^evidence\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+$/;
const PREFIX_PATTERN = /^evidence\/[A-Za-z0-9_-]+\/$/;

export function createLocalEvidenceFiles({
  dir,
  baseUrl,
  secret = randomBytes(32),
}: {
  /** Where the files are kept, e.g. <data dir>/evidence. */
  dir: string;
  /** The API host's origin as browsers reach it, once it is known (the host may pick a free port). */
  baseUrl: () => string;
  secret?: Buffer;
}): LocalEvidenceFiles {
  // Keys are made by evidenceFileKey from checked ids; a key of any other form never reaches the disk.
  const fileOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`Refused the evidence file key ${JSON.stringify(key)}.`);
    return path.join(dir, key);
  };
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

  return {
    async save(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, bytes);
    },
    async downloadUrl(key, meta, expiresAt) {
      fileOf(key);
      const grant: Grant = { key, ...meta, expires: expiresAt.getTime() };
      const payload = Buffer.from(JSON.stringify(grant)).toString('base64url');
      return `${baseUrl()}${LOCAL_EVIDENCE_ROUTE}/${payload}.${sign(payload)}`;
    },
    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async removeAll(prefix) {
      if (!PREFIX_PATTERN.test(prefix))
        throw new Error(`Refused the evidence prefix ${JSON.stringify(prefix)}.`);
      await fs.rm(path.join(dir, prefix), { recursive: true, force: true });
    },
    async open(token, now = new Date()) {
      const refused = { ok: false, status: 403, message: SERVER_ERRORS.evidenceDownloadNotValid } as const;
      const [payload, signature, ...rest] = token.split('.');
      if (!payload || !signature || rest.length > 0) return refused;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return refused;
      const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Grant;
      if (!(now.getTime() < grant.expires))
        return { ok: false, status: 410, message: SERVER_ERRORS.evidenceDownloadExpired };
      try {
        const bytes = await fs.readFile(fileOf(grant.key));
        return { ok: true, bytes, meta: { fileName: grant.fileName, contentType: grant.contentType } };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        return { ok: false, status: 404, message: SERVER_ERRORS.evidenceNotFound };
      }
    },
  };
}
