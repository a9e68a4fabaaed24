// What an evidence file is, told from its content rather than its name (file-type reads the
// signatures), and whether its name says the same: a file a browser could run (HTML, SVG) is refused
// however it is named, and so is a name that lies about the content.
import { fromBuffer } from 'file-type';
import {
  EVIDENCE_FILE_TYPES,
  SERVER_ERRORS,
  evidenceExtension,
  type EvidenceExtension,
} from '@toolkit/domain';
import { invalidArgument } from '../api/errors';

/** What the content is: one of the accepted types, text, an old Office file, markup or something else. */
type Content =
  | { kind: 'typed'; contentType: string }
  | { kind: 'text' }
  /** Word and Excel 97–2003 share one container format, so the name tells which. */
  | { kind: 'office97' }
  | { kind: 'markup' }
  | { kind: 'other' };

const ACCEPTED_TYPES = new Set<string>(Object.values(EVIDENCE_FILE_TYPES).map((type) => type.contentType));
const TEXT_EXTENSIONS: readonly EvidenceExtension[] = ['csv', 'txt'];
const OFFICE97_EXTENSIONS: readonly EvidenceExtension[] = ['doc', 'xls'];

// Markup a browser would render or run, wherever it starts in a text file's first part.
const MARKUP = /<\s*(!doctype|html|svg|script|iframe|object|embed|body|head|\?xml)\b/i;

function isText(bytes: Buffer): string | null {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // Tabs, line and form feeds are text; any other control character is a binary file's.
    // eslint-disable-next-line no-control-regex
    return /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text) ? null : text;
  } catch {
    return null;
  }
}

async function contentOf(bytes: Buffer): Promise<Content> {
  const found = await fromBuffer(bytes);
  if (found) {
    if (found.mime === 'application/x-cfb') return { kind: 'office97' };
    // SVG with an XML declaration; HTML and SVG without one are text, and are caught as markup below.
    if (found.ext === 'xml') return { kind: 'markup' };
    return ACCEPTED_TYPES.has(found.mime) ? { kind: 'typed', contentType: found.mime } : { kind: 'other' };
  }
  const text = isText(bytes);
  if (text === null) return { kind: 'other' };
  return MARKUP.test(text.slice(0, 64 * 1024)) ? { kind: 'markup' } : { kind: 'text' };
}

const labelOf = (contentType: string) =>
  Object.values(EVIDENCE_FILE_TYPES).find((type) => type.contentType === contentType)!.label;
const extensionOf = (contentType: string) =>
  (Object.keys(EVIDENCE_FILE_TYPES) as EvidenceExtension[]).find(
    (extension) => EVIDENCE_FILE_TYPES[extension].contentType === contentType,
  )!;

/**
 * The type an evidence file's content shows, for the store and the download; refused with the
 * reason in words when the content is not accepted or its name ends in another type.
 */
export async function evidenceContentType(fileName: string, bytes: Buffer): Promise<string> {
  const content = await contentOf(bytes);
  if (content.kind === 'markup') throw invalidArgument(SERVER_ERRORS.evidenceMarkupRefused);
  if (content.kind === 'other') throw invalidArgument(SERVER_ERRORS.evidenceTypeRefused);
  const extension = evidenceExtension(fileName);
  if (extension === null)
    throw invalidArgument(
      SERVER_ERRORS.evidenceNameNeedsType(
        Object.keys(EVIDENCE_FILE_TYPES)
          .map((known) => `.${known}`)
          .join(', '),
      ),
    );
  const named = EVIDENCE_FILE_TYPES[extension];
  const lie = (label: string, suggested: string | null) =>
    invalidArgument(SERVER_ERRORS.evidenceNameLies(extension, label, suggested));
  switch (content.kind) {
    case 'text':
      if (!TEXT_EXTENSIONS.includes(extension)) throw lie('plain text', 'txt');
      return named.contentType;
    case 'office97':
      if (!OFFICE97_EXTENSIONS.includes(extension)) throw lie('a Word or Excel 97–2003 file', null);
      return named.contentType;
    case 'typed':
      if (named.contentType !== content.contentType)
        throw lie(labelOf(content.contentType), extensionOf(content.contentType));
      return content.contentType;
  }
}
