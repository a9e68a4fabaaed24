// CSV as spreadsheets read it (RFC 4180): fields quoted when they hold a comma, quote or line break,
// rows ended by CRLF. A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed
// with an apostrophe: an exported answer is text a respondent typed, never something to execute.
// Some spreadsheets skip leading blanks before a formula sign, so `=` after spaces, line breaks, no-break
// or zero-width spaces counts too. Numbers stay numbers: only text is ever prefixed.
const FORMULA_START = /^(?:[\t\r]|[\s\u200b-\u200d\u2060]*[=+\-@])/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: readonly (string | number | null | undefined)[]): string =>
  `${cells.map(csvCell).join(',')}\r\n`;

/** A byte-order mark first, so spreadsheet programs open the file as UTF-8. */
export const CSV_BOM = '\uFEFF';
