// Both export formats hold what a respondent typed only ever as text: a value that would start a
// formula, even after blanks, is quoted in the CSV and a text cell in the workbook, never a formula.
import ExcelJS from 'exceljs';
import { csvRow } from '@toolkit/domain';
import { createXlsxWriter } from './export-xlsx';

async function secondRow(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets[0]!.getRow(2);
}

describe('a formula sign after blanks', () => {
  test.each<[string, string]>([
    [' =1+1', "' =1+1"],
    ['\t=cmd', "'\t=cmd"],
    ['\r\n@SUM(1)', `"'\r\n@SUM(1)"`],
    ['\u00a0-2+3', "'\u00a0-2+3"],
    ['  +1', "'  +1"],
    ['\u3000=HYPERLINK("x")', `"'\u3000=HYPERLINK(""x"")"`],
  ])('%j is written to the CSV as %s and to the workbook as text', async (value, csv) => {
    // A number stays a number in both, negative or not.
    expect(csvRow([value, -5])).toBe(`${csv},-5\r\n`);

    const writer = createXlsxWriter('Results', ['Organisation', 'Score']);
    writer.addRow([value, -5]);
    const row = await secondRow(await writer.finish());
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.String);
    // XML reads a CRLF as LF.
    expect(row.getCell(1).value).toBe(value.replace(/\r\n/g, '\n'));
    expect(row.getCell(2).value).toBe(-5);
  });
});
