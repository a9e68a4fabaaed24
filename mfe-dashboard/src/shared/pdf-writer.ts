// A small page writer over pdf-lib (loaded only when a PDF is asked for, so the dashboard's own
// code stays small): wrapped text in the standard Helvetica fonts, bars, columns, new pages as needed.
import type { PDFFont, PDFPage, RGB } from 'pdf-lib';

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;
export const PDF_TEXT_WIDTH = PAGE.width - 2 * MARGIN;
const COLUMN_GAP = 18;

// The standard PDF fonts encode WinAnsi only: other characters are replaced rather than refused.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export const printable = (text: string) =>
  Array.from(text.normalize('NFC'), (char) =>
    (char.codePointAt(0)! >= 0x20 && char.codePointAt(0)! <= 0xff) || WIN_ANSI_EXTRA.has(char) ? char : '?',
  ).join('');

export interface TextStyle {
  size?: number;
  bold?: boolean;
  muted?: boolean;
  accent?: boolean;
  /** Space below each line. */
  gap?: number;
}

export interface PdfWriter {
  write(text: string, style?: TextStyle): void;
  /** A 0–100 bar across the text width. */
  bar(percent: number): void;
  space(points: number): void;
  /** From here on, text runs down `count` columns side by side before it starts a new page. */
  columns(count: number): void;
  pageCount(): number;
  save(): Promise<Uint8Array>;
}

/** An organisation's brand (brandkit) for a document: its colour for the accents, its logo on top. */
export interface PdfBrand {
  /** #rrggbb */
  primaryColor: string;
  /** A PNG or JPEG data URL. */
  logo: string | null;
}

const LOGO_HEIGHT = 40;

const channels = (hex: string) =>
  [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as [number, number, number];

export async function createPdfWriter(title: string, brand: PdfBrand | null = null): Promise<PdfWriter> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(title));
  pdf.setCreator('Sustainability toolkit');
  const regular: PDFFont = await pdf.embedFont(StandardFonts.Helvetica);
  const bold: PDFFont = await pdf.embedFont(StandardFonts.HelveticaBold);
  const colours: Record<'ink' | 'muted' | 'accent' | 'track', RGB> = {
    ink: rgb(0.1, 0.1, 0.1),
    muted: rgb(0.35, 0.35, 0.35),
    accent: brand ? rgb(...channels(brand.primaryColor)) : rgb(0.12, 0.37, 0.29),
    track: rgb(0.9, 0.92, 0.91),
  };

  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  if (brand?.logo) {
    const bytes = Uint8Array.from(atob(brand.logo.slice(brand.logo.indexOf(',') + 1)), (c) =>
      c.charCodeAt(0),
    );
    const image = brand.logo.startsWith('data:image/png')
      ? await pdf.embedPng(bytes)
      : await pdf.embedJpg(bytes);
    const scaled = image.scaleToFit(PDF_TEXT_WIDTH / 3, LOGO_HEIGHT);
    page.drawImage(image, { x: MARGIN, y: y - scaled.height, width: scaled.width, height: scaled.height });
    y -= scaled.height + 16;
  }
  let columnCount = 1;
  let column = 0;
  let columnTop = y;
  const width = () => (PDF_TEXT_WIDTH - COLUMN_GAP * (columnCount - 1)) / columnCount;
  const left = () => MARGIN + column * (width() + COLUMN_GAP);
  const ensure = (space: number) => {
    if (y - space >= MARGIN) return;
    if (column < columnCount - 1) {
      column += 1;
      y = columnTop;
      return;
    }
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN;
    column = 0;
    columnTop = y;
  };

  return {
    write(text, { size = 11, gap = 6, ...style } = {}) {
      const font = style.bold ? bold : regular;
      const color = style.accent ? colours.accent : style.muted ? colours.muted : colours.ink;
      const lines: string[] = [];
      let line = '';
      for (const word of printable(text).split(/\s+/).filter(Boolean)) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) > width() && line) {
          lines.push(line);
          line = word;
        } else line = next;
      }
      if (line) lines.push(line);
      for (const text of lines) {
        ensure(size + gap);
        y -= size;
        page.drawText(text, { x: left(), y, size, font, color });
        y -= gap;
      }
    },
    bar(percent) {
      ensure(24);
      const filled = (Math.min(100, Math.max(0, percent)) / 100) * width();
      page.drawRectangle({ x: left(), y: y - 12, width: width(), height: 12, color: colours.track });
      if (filled > 0)
        page.drawRectangle({ x: left(), y: y - 12, width: filled, height: 12, color: colours.accent });
      y -= 24;
    },
    space(points) {
      y -= points;
    },
    columns(count) {
      columnCount = Math.max(1, count);
      column = 0;
      columnTop = y;
    },
    pageCount: () => pdf.getPageCount(),
    save: () => pdf.save(),
  };
}
