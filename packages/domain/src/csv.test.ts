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
    [-5, '-5'],
    [' minus-5', ' minus-5'],
  ])('%j is written as %s', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  // A formula sign after blanks is still a formula to a spreadsheet that trims them.
  test.each<[string, string]>([
    [' =1+1', "' =1+1"],
    ['\t=cmd', "'\t=cmd"],
    ['\r\n@SUM(1)', `"'\r\n@SUM(1)"`],
    ['\n=1', `"'\n=1"`],
    ['\u00a0-2+3', "'\u00a0-2+3"],
    ['  +1', "'  +1"],
    ['\u2003\u3000=1', "'\u2003\u3000=1"],
    ['\u200b@x', "'\u200b@x"],
    ['\ufeff=1', "'\ufeff=1"],
  ])('%j after blanks is written as %s', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });
});

it('ends each row with CRLF', () => {
  expect(csvRow(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
});
