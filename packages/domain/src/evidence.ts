// Evidence on an answer (docs/behaviour.md, Evidence): files and links a business attaches to the
// answers of its latest completed result, for the publisher who verifies it. What may be attached,
// how a file's name is kept, and when a review locks the evidence are ruled here, for the server and
// the screens alike.
import type { ReviewStatus } from './review';

export interface EvidenceItem {
  evidenceId: string;
  questionId: string;
  kind: 'file' | 'link';
  /** A file's safe name, or the link's address. */
  name: string;
  /** A link's address; null for a file. */
  url: string | null;
  /** A file's type as its content shows it (e.g. application/pdf); null for a link. */
  contentType: string | null;
  bytes: number | null;
  note: string | null;
  addedAt: string;
  /** The member's display name. */
  addedBy: string;
}

export const EVIDENCE_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const EVIDENCE_PER_ANSWER_MAX = 10;
export const EVIDENCE_NOTE_MAX = 500;
export const EVIDENCE_URL_MAX = 2000;
/** The longest file name a request may carry; the stored name is cut shorter (EVIDENCE_NAME_MAX). */
export const EVIDENCE_FILE_NAME_MAX = 1000;
export const EVIDENCE_NAME_MAX = 120;
/** How long a download link works: long enough to start it, too short to pass around. */
export const EVIDENCE_DOWNLOAD_SECONDS = 5 * 60;
/** How long the file links in a person's data download work: the longest a signed URL can. */
export const EVIDENCE_EXPORT_LINK_DAYS = 7;

/**
 * The files evidence may be, by the extension its name must end in: the type its content must show
 * and the words for it. A type that a browser could run (HTML, SVG) is none of them.
 */
export const EVIDENCE_FILE_TYPES = {
  pdf: { contentType: 'application/pdf', label: 'a PDF' },
  png: { contentType: 'image/png', label: 'a PNG image' },
  jpg: { contentType: 'image/jpeg', label: 'a JPEG image' },
  jpeg: { contentType: 'image/jpeg', label: 'a JPEG image' },
  webp: { contentType: 'image/webp', label: 'a WebP image' },
  gif: { contentType: 'image/gif', label: 'a GIF image' },
  xlsx: {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    label: 'an Excel spreadsheet',
  },
  xls: { contentType: 'application/vnd.ms-excel', label: 'an Excel 97–2003 spreadsheet' },
  csv: { contentType: 'text/csv', label: 'CSV text' },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    label: 'a Word document',
  },
  doc: { contentType: 'application/msword', label: 'a Word 97–2003 document' },
  odt: { contentType: 'application/vnd.oasis.opendocument.text', label: 'an OpenDocument text' },
  ods: {
    contentType: 'application/vnd.oasis.opendocument.spreadsheet',
    label: 'an OpenDocument spreadsheet',
  },
  txt: { contentType: 'text/plain', label: 'plain text' },
} as const satisfies Record<string, { contentType: string; label: string }>;

export type EvidenceExtension = keyof typeof EVIDENCE_FILE_TYPES;

/** The file input's `accept`: the extensions above. */
export const EVIDENCE_ACCEPT = Object.keys(EVIDENCE_FILE_TYPES)
  .map((extension) => `.${extension}`)
  .join(',');

const isEvidenceExtension = (value: string): value is EvidenceExtension =>
  Object.hasOwn(EVIDENCE_FILE_TYPES, value);

/** The accepted extension a file name ends in, lowercased; null when it ends in none. */
export function evidenceExtension(fileName: string): EvidenceExtension | null {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName.trim());
  const extension = match?.[1]?.toLowerCase();
  return extension !== undefined && isEvidenceExtension(extension) ? extension : null;
}

// C0 and C1 controls, and the marks that reorder text (a name like "report‮fdp.exe" reads as "exe.pdf").
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A file name as it is kept and offered for download: the last part of any path the browser sent,
 * without control or reordering characters or leading dots, and at most EVIDENCE_NAME_MAX characters
 * with its extension kept.
 */
export function safeEvidenceName(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? '';
  const cleaned = base.replace(/\s+/g, ' ').replace(UNSAFE_NAME_CHARACTERS, '').trim().replace(/^\.+/, '');
  if (cleaned.length <= EVIDENCE_NAME_MAX) return cleaned || 'evidence';
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, EVIDENCE_NAME_MAX - extension.length).trimEnd() + extension;
}

/** A size in words, e.g. "11.2 MB", "240 KB", "512 bytes". */
export function formatFileSize(bytes: number): string {
  const oneDecimal = (value: number) => value.toFixed(1).replace(/\.0$/, '');
  if (bytes >= 1024 * 1024) return `${oneDecimal(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${oneDecimal(bytes / 1024)} KB`;
  return `${bytes} byte${bytes === 1 ? '' : 's'}`;
}

const BASE64_DIGIT = /[A-Za-z0-9+/]/;

/**
 * What base64 text holds: the bytes it decodes to and whether it is well formed (a multiple of four
 * characters of the alphabet, with at most two "=" at the end). A loop, not a regular expression:
 * V8 refuses a backtracking pattern over a file-sized string with "Maximum call stack size exceeded".
 */
export function base64Facts(value: string): { bytes: number; wellFormed: boolean } {
  let padding = 0;
  while (padding < value.length && value[value.length - 1 - padding] === '=') padding++;
  const bytes = Math.floor((value.length * 3) / 4) - padding;
  if (value.length === 0 || value.length % 4 !== 0 || padding > 2) return { bytes, wellFormed: false };
  for (let index = 0; index < value.length - padding; index++) {
    if (!BASE64_DIGIT.test(value[index]!)) return { bytes, wellFormed: false };
  }
  return { bytes, wellFormed: true };
}

/** Why a review of the result stops an answer's evidence changing now; null when it may change. */
export type EvidenceLock = 'inReview' | 'verified' | 'notReopened';

/**
 * While the publisher reviews the result its evidence stays as it was sent; "needs information"
 * reopens the questions it names, and a verified result keeps the evidence it was verified with. A
 * declined or withdrawn review, or none, locks nothing.
 */
export function evidenceLock(
  review: { status: ReviewStatus; openQuestionIds: readonly string[] } | null,
  questionId: string,
): EvidenceLock | null {
  switch (review?.status) {
    case 'waiting':
    case 'inReview':
      return 'inReview';
    case 'verified':
      return 'verified';
    case 'needsInformation':
      return review.openQuestionIds.includes(questionId) ? null : 'notReopened';
    default:
      return null;
  }
}
