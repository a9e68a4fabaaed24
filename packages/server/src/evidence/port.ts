// Where evidence files are kept (docs/architecture.md, Server layers): files under the local stack's
// data folder, or private Cloud Storage objects in production. The store keeps what is known about
// each file (repositories/evidence.ts); the port keeps the bytes, and hands out short-lived links
// that download them.

export interface EvidenceFileMeta {
  /** The name the download is saved as. */
  fileName: string;
  /** The type its content showed (evidence/sniff.ts). */
  contentType: string;
}

export interface EvidenceFiles {
  save(key: string, bytes: Buffer, meta: EvidenceFileMeta): Promise<void>;
  /** A link that downloads the file as an attachment until `expiresAt`, and refuses it after. */
  downloadUrl(key: string, meta: EvidenceFileMeta, expiresAt: Date): Promise<string>;
  /** Nothing happens when no file has the key. */
  remove(key: string): Promise<void>;
  /** Every file whose key starts with `prefix`: an organisation's, when it is purged. */
  removeAll(prefix: string): Promise<void>;
}

/** The key of one evidence file: under its organisation, so the organisation's files go together. */
export const evidenceFileKey = (tenantId: string, evidenceId: string) => `evidence/${tenantId}/${evidenceId}`;

export const evidenceFilesOf = (tenantId: string) => `evidence/${tenantId}/`;

/**
 * How a download is named: `attachment` so a browser saves it rather than showing it, with the
 * name in ASCII for old clients and in UTF-8 (RFC 6266) for the rest.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
