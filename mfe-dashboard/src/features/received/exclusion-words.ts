// What excluding a result, or including it again, did, in the words Results name it by: the page says
// so once the server has taken it.
import { formatDate, type ReceivedResultRow } from '@toolkit/domain';
import { nameOf } from './results-table';

/** "the result of Harbour Bakery (completed 1 Mar 2026)". */
const resultOf = (row: ReceivedResultRow) =>
  row.completedAt
    ? `the result of ${nameOf(row)} (completed ${formatDate(row.completedAt)})`
    : `the result of ${nameOf(row)}`;

export const excludedWords = (row: ReceivedResultRow) =>
  `Excluded ${resultOf(row)}: insights and benchmarks no longer count it. It is listed under Excluded, where it can be included again.`;

export const includedWords = (row: ReceivedResultRow) =>
  row.counted
    ? `Included ${resultOf(row)} again: insights and benchmarks count it once more.`
    : `Included ${resultOf(row)} again. It still counts nowhere: none of its answers is scored.`;
