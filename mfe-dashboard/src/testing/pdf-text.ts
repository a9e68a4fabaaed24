// A PDF's text read back, for tests of the PDFs the dashboard makes.
import { decodePDFRawStream, PDFDocument, PDFRawStream } from 'pdf-lib';

// The standard fonts' WinAnsi encoding is Latin-1 but for 0x80–0x9F: the ones these PDFs write.
const WIN_ANSI: Record<number, string> = {
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
};
const winAnsi = (bytes: Buffer) =>
  Array.from(bytes, (byte) => WIN_ANSI[byte] ?? String.fromCharCode(byte)).join('');

/** Every string the PDF's pages' text operators show, in order, one line each. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const texts: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const content = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
    for (const [, hex] of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      texts.push(winAnsi(Buffer.from(hex!, 'hex')));
    }
  }
  return texts.join('\n');
}
