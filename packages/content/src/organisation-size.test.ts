// The seed's size question offers the domain's organisation-size bands, the list Profile offers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ORGANISATION_SIZES } from '@toolkit/domain';

interface Question {
  id: string;
  options?: { id: string; label: string }[];
}

const seed = JSON.parse(readFileSync(join(__dirname, '../content/quickscan.json'), 'utf8')) as {
  sections: { questions: Question[] }[];
};

it("offers the organisation-size bands as the size question's options, in order", () => {
  const question = seed.sections
    .flatMap((section) => section.questions)
    .find((q) => q.id === 'employee-count');
  expect(question?.options?.map(({ id, label }) => ({ id, label }))).toEqual(
    ORGANISATION_SIZES.map(({ id, label }) => ({ id, label })),
  );
});
