// The text of a PDF the app made, for assertions: its content streams inflated and the strings of
// their text operators decoded (pdf-lib writes standard-font text as hex strings).
import { inflateSync } from 'node:zlib';

function streamsOf(pdf: Buffer): Buffer[] {
  const streams: Buffer[] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf('stream', at, 'latin1');
    if (start < 0) return streams;
    const bodyStart = pdf[start + 6] === 0x0d ? start + 8 : start + 7;
    const end = pdf.indexOf('endstream', bodyStart, 'latin1');
    if (end < 0) return streams;
    const body = pdf.subarray(bodyStart, end);
    try {
      streams.push(inflateSync(body));
    } catch {
      streams.push(body);
    }
    at = end + 9;
  }
}

/** Every text string shown by the PDF's pages, in drawing order, one per text operator. */
export function pdfText(pdf: Buffer): string[] {
  const texts: string[] = [];
  for (const stream of streamsOf(pdf)) {
    const content = stream.toString('latin1');
    for (const match of content.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      texts.push(
        match[1] !== undefined
          ? Buffer.from(match[1].replace(/\s/g, ''), 'hex').toString('latin1')
          : match[2]!,
      );
    }
  }
  return texts;
}
