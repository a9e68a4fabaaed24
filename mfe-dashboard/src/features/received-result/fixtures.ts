// A received result as the server answers it, for this feature's tests: a Quickscan-sized one
// (six sections, 38 answers), from a signed-in respondent whose organisation has a profile.
import type { ReceivedResult } from '@toolkit/domain';
import { SCORE } from '../../testing/results';

const answers = (section: number, count: number) =>
  Array.from({ length: count }, (_, index) => ({
    questionId: `q-${section}-${index}`,
    title: `Question ${index + 1} of section ${section}: how does your business handle this part of its work?`,
    answer:
      index === 0
        ? 'Timers or smart controls for heating, cooling and lighting, LED lighting throughout'
        : `Answer ${section}.${index}`,
  }));

export const RECEIVED: ReceivedResult = {
  resultId: 'r-9',
  surveyId: 'business-quickscan',
  completed: true,
  startedAt: '2025-03-01T09:00:00.000Z',
  completedAt: '2025-03-02T10:00:00.000Z',
  organisation: 'Harbour Bakery',
  respondent: 'Dana Reyes',
  overallPercent: SCORE.overall.percent,
  band: SCORE.band!.label,
  counted: true,
  excluded: false,
  excludedReason: null,
  score: SCORE,
  contact: { name: 'Dana Reyes', email: 'dana@harbour.example' },
  joinedOrganisation: {
    name: 'Harbour Bakery Pty Ltd',
    industry: 'Food',
    size: '5 to 19',
    region: 'Victoria',
    website: null,
  },
  sections: [
    { title: 'Your business', percent: null, band: null, answers: answers(0, 5) },
    { title: 'Energy and emissions', percent: 75, band: 'Leading the way', answers: answers(1, 9) },
    { title: 'Waste and materials', percent: 50, band: 'Making progress', answers: answers(2, 7) },
    { title: 'People', percent: 40, band: 'Getting started', answers: answers(3, 6) },
    { title: 'Community', percent: 30, band: 'Getting started', answers: answers(4, 5) },
    { title: 'Governance', percent: 20, band: 'Getting started', answers: answers(5, 6) },
  ],
};
