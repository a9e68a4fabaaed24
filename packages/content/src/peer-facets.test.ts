// The Quickscan asks every peer-group facet (domain PEER_FACETS) as an unscored single choice in
// "Your business", so a business can be compared within its sector, size band and region.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ORGANISATION_REGIONS, PEER_FACETS } from '@toolkit/domain';

interface Question {
  id: string;
  type: string;
  title: string;
  scored?: boolean;
  multiple?: boolean;
  options?: { id: string; label: string }[];
}

const read = (file: string) =>
  JSON.parse(readFileSync(join(__dirname, '../content', file), 'utf8')) as {
    extends?: string;
    sections: { title: string; questions: Question[] }[];
  };

const quickscan = read('quickscan.json');
const yourBusiness = quickscan.sections.find((section) => section.title === 'Your business')!;

it('asks every peer facet in "Your business", unscored, with options to choose one of', () => {
  for (const { questionId } of PEER_FACETS) {
    const question = yourBusiness.questions.find((q) => q.id === questionId);
    expect(question).toMatchObject({ scored: false });
    expect(question?.multiple).not.toBe(true);
    expect(question?.options?.length).toBeGreaterThan(1);
  }
});

it('asks the region after the size, offering the Australian states and territories in full', () => {
  const ids = yourBusiness.questions.map((question) => question.id);
  expect(ids.indexOf('business-region')).toBe(ids.indexOf('employee-count') + 1);
  const region = yourBusiness.questions[ids.indexOf('business-region')]!;
  expect(region).toMatchObject({ type: 'dropdown', title: 'Where is your business based?' });
  // The regions Profile offers (domain ORGANISATION_REGIONS), so both say the same of a business.
  expect(region.options).toEqual(ORGANISATION_REGIONS.map(({ id, label }) => ({ id, label })));
});

it('asks the same in the business Quickscan, which extends the Quickscan', () => {
  expect(read('business-quickscan.json').extends).toBe('quickscan.json');
});
