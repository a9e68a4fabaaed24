// The received results as an Excel workbook, written row by row with exceljs's streaming writer:
// the zipped bytes are taken as they are produced, so the whole workbook is never held at once.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ExportCell } from './export-table';

/** Excel's limit for one cell's text. */
const CELL_TEXT_MAX = 32_767;
// Characters XML 1.0 cannot hold (controls other than tab and line breaks, lone surrogates, U+FFFE/F):
// left in, they make a workbook Excel refuses to open.
const xmlCharacter = (char: string) => {
  const code = char.codePointAt(0)!;
  if (code < 0x20) return code === 0x09 || code === 0x0a || code === 0x0d;
  return !(code >= 0xd800 && code <= 0xdfff) && code !== 0xfffe && code !== 0xffff;
};

/** A cell as the workbook holds it: text is only ever text (never a formula), numbers stay numbers. */
const xlsxCell = (value: ExportCell): string | number | null =>
  typeof value === 'string' ? Array.from(value).filter(xmlCharacter).join('').slice(0, CELL_TEXT_MAX) : value;

export interface XlsxWriter {
  addRow(cells: readonly ExportCell[]): void;
  /** The workbook's bytes produced since the last call. */
  take(): Buffer;
  /** Ends the workbook; resolves with its last bytes. */
  finish(): Promise<Buffer>;
}

export function createXlsxWriter(sheetName: string, header: readonly string[]): XlsxWriter {
  const output = new PassThrough();
  const produced: Buffer[] = [];
  output.on('data', (chunk: Buffer) => produced.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  // Sheet names are at most 31 characters and hold none of : \ / ? * [ ].
  const sheet = workbook.addWorksheet(sheetName.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Results', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const headerRow = sheet.addRow(header.map(xlsxCell));
  headerRow.font = { bold: true };
  headerRow.commit();

  const take = () => {
    const bytes = Buffer.concat(produced);
    produced.length = 0;
    return bytes;
  };
  return {
    addRow: (cells) => sheet.addRow(cells.map(xlsxCell)).commit(),
    take,
    async finish() {
      sheet.commit();
      await workbook.commit();
      return take();
    },
  };
}
