import { csvCell, csvRow } from './csv';

describe('csvCell', () => {
  test.each<[string | number | null | undefined, string]>([
    ['plain', 'plain'],
    [42.5, '42.5'],
    [Number.NaN, ''],
    [null, ''],
    [undefined, ''],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+61 400 000 000', "'+61 400 000 000"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['Ærøskøbing café 🌱', 'Ærøskøbing café 🌱'],
  ])('%j is written as %s', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });
});

it('ends each row with CRLF', () => {
  expect(csvRow(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
});
