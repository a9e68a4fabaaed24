import { formatDate, type ReceivedResultRow } from '@toolkit/domain';
import { excludedWords, includedWords } from './exclusion-words';

const ROW: ReceivedResultRow = {
  resultId: 'r-1',
  completed: true,
  completedAt: '2026-03-01T09:30:00.000Z',
  organisation: 'Harbour Bakery',
  respondent: 'Jo Smith',
  overallPercent: 60,
  band: null,
  counted: true,
  excluded: false,
  excludedReason: null,
};
const ON = formatDate(ROW.completedAt);

describe('what excluding and including said', () => {
  it.each<[string, string]>([
    [
      excludedWords(ROW),
      `Excluded the result of Harbour Bakery (completed ${ON}): insights and benchmarks no longer count it. It is listed under Excluded, where it can be included again.`,
    ],
    [
      excludedWords({ ...ROW, organisation: null }),
      `Excluded the result of Jo Smith (completed ${ON}): insights and benchmarks no longer count it. It is listed under Excluded, where it can be included again.`,
    ],
    [
      includedWords(ROW),
      `Included the result of Harbour Bakery (completed ${ON}) again: insights and benchmarks count it once more.`,
    ],
    [
      includedWords({ ...ROW, counted: false }),
      `Included the result of Harbour Bakery (completed ${ON}) again. It still counts nowhere: none of its answers is scored.`,
    ],
  ])('%s', (said, expected) => expect(said).toBe(expected));
});
