// The demo seed gives every organisation a sector, size band and region the Quickscan offers, so the
// demo shows a peer group from BENCHMARK_MIN_ORGANISATIONS organisations and smaller ones only counted.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCHMARK_MIN_ORGANISATIONS, PEER_FACETS as FACETS } from '@toolkit/domain';
import demo from './demo-results';

const quickscan = JSON.parse(
  readFileSync(join(__dirname, '../../content/content/quickscan.json'), 'utf8'),
) as { sections: { questions: { id: string; options?: { id: string }[] }[] }[] };
const optionsOf = (questionId: string) =>
  quickscan.sections
    .flatMap((section) => section.questions)
    .find((question) => question.id === questionId)
    ?.options?.map((option) => option.id);

it('answers every peer facet of every demo organisation with an option the Quickscan offers', () => {
  for (const name of [...demo.BUSINESSES, ...demo.PUBLIC_RESPONDENTS]) {
    for (const { questionId } of FACETS) {
      expect(optionsOf(questionId)).toContain(demo.PEER_FACETS[name]?.[questionId as 'business-region']);
    }
  }
});

it('puts enough of the businesses in one group for it to be shown, and fewer in others', () => {
  const sizes = new Map<string, number>();
  for (const name of demo.BUSINESSES) {
    for (const [questionId, value] of Object.entries(demo.PEER_FACETS[name]!)) {
      sizes.set(`${questionId}:${value}`, (sizes.get(`${questionId}:${value}`) ?? 0) + 1);
    }
  }
  const counts = [...sizes.values()];
  expect(Math.max(...counts)).toBeGreaterThanOrEqual(BENCHMARK_MIN_ORGANISATIONS);
  expect(Math.min(...counts)).toBeLessThan(BENCHMARK_MIN_ORGANISATIONS);
});
