import { formatDate, type ActivityEntry } from '@toolkit/domain';
import { describeActivity } from './activity-words';

const DANA = { uid: 'owner-1', name: 'Dana Lee', email: 'dana@example.com' };
const SAM = { type: 'member', id: 'sam-1', name: 'Sam Ng' };
const RESULT = {
  type: 'result',
  id: 'quickscan/r1',
  name: 'Harbour Bakery',
  completedAt: '2026-03-01T09:30:00.000Z',
};

const words = (fields: Partial<ActivityEntry>) =>
  describeActivity({
    id: 'e1',
    at: '2026-03-01T09:00:00.000Z',
    actor: DANA,
    kind: 'role.changed',
    subject: SAM,
    before: null,
    after: null,
    reason: null,
    ...fields,
  });

describe('describeActivity', () => {
  it.each<[Partial<ActivityEntry>, string]>([
    [
      { after: { email: 'sam@example.com', role: 'viewer', surveyId: 'quickscan' }, kind: 'member.invited' },
      'Dana Lee invited sam@example.com to answer a survey as Viewer.',
    ],
    [
      { actor: { ...DANA, uid: 'sam-1', name: 'Sam Ng' }, kind: 'member.joined', after: { role: 'editor' } },
      'Sam Ng joined as Editor.',
    ],
    [
      { kind: 'member.removed', before: { role: 'editor' }, after: { role: 'user' } },
      "Dana Lee removed Sam Ng's Editor role.",
    ],
    [
      {
        kind: 'role.changed',
        subject: { ...SAM, name: null },
        before: { role: 'admin' },
        after: { role: 'viewer' },
      },
      "Dana Lee changed a former member's role from Admin to Viewer.",
    ],
    [{ kind: 'ownership.offered' }, 'Dana Lee offered ownership of the organisation to Sam Ng.'],
    [
      {
        kind: 'ownership.transferred',
        actor: { ...DANA, uid: 'sam-1', name: 'Sam Ng' },
        before: { role: 'viewer' },
        after: { role: 'owner' },
      },
      'Sam Ng accepted ownership: their role went from Viewer to Owner.',
    ],
    [
      { kind: 'ownership.transferred', before: { role: 'owner' }, after: { role: 'admin' } },
      "Dana Lee took over ownership: Sam Ng's role went from Owner to Admin.",
    ],
    [
      {
        kind: 'plan.changed',
        before: { plan: 'Growth', period: 'month' },
        after: { plan: 'Leader', period: 'year' },
      },
      'Dana Lee changed the plan from Growth (monthly) to Leader (yearly).',
    ],
    [
      {
        kind: 'plan.cancelled',
        before: { plan: 'Leader', period: 'month' },
        after: { plan: 'Free', period: null },
      },
      'Dana Lee cancelled the Leader (monthly) plan.',
    ],
    [{ kind: 'declaration.signed', after: { credentialId: 'c1' } }, 'Dana Lee signed the declaration.'],
    [
      { kind: 'declaration.signed', before: { credentialId: 'c0' } },
      'Dana Lee signed the declaration again, replacing the previous credential.',
    ],
    [{ kind: 'declaration.revoked' }, "Dana Lee revoked the declaration's credential."],
    [
      { kind: 'review.requested', after: { surveyTitle: 'Quickscan', publisherName: 'Coastal Council' } },
      'Dana Lee asked Coastal Council to verify the result of Quickscan.',
    ],
    [
      { kind: 'review.commented', after: { surveyTitle: 'Quickscan', question: 'Do you track energy?' } },
      'Dana Lee commented on "Do you track energy?" in the review of the result of Quickscan.',
    ],
    [
      { kind: 'review.resubmitted', after: { surveyTitle: 'Quickscan', publisherName: 'Coastal Council' } },
      'Dana Lee sent the review of the result of Quickscan back to Coastal Council.',
    ],
    [
      {
        kind: 'review.decided',
        after: {
          organisationName: 'Harbour Bakery',
          question: 'Do you track energy?',
          decision: 'needsInformation',
        },
      },
      'Dana Lee asked for more information about the answer to "Do you track energy?" of Harbour Bakery.',
    ],
    [
      {
        kind: 'review.concluded',
        after: { surveyTitle: 'Quickscan', organisationName: 'Harbour Bakery', status: 'verified' },
      },
      'Dana Lee verified the result of Quickscan of Harbour Bakery.',
    ],
    [
      { kind: 'review.withdrawn', after: { surveyTitle: 'Quickscan', organisationName: 'Harbour Bakery' } },
      'Dana Lee withdrew the verification of the result of Quickscan of Harbour Bakery.',
    ],
    [
      { kind: 'verification.ended', after: { surveyTitle: 'Quickscan' } },
      'Dana Lee ended the verification of the result of Quickscan by completing a newer result.',
    ],
    [{ kind: 'result.included' }, 'Dana Lee counted an excluded result again.'],
    [
      { kind: 'result.excluded', subject: { ...RESULT, name: null, completedAt: null } },
      'Dana Lee excluded a result from the figures.',
    ],
    [
      { kind: 'result.excluded', subject: RESULT },
      `Dana Lee excluded the result of Harbour Bakery (completed ${formatDate(RESULT.completedAt)}) from the figures.`,
    ],
    [
      { kind: 'result.included', subject: { ...RESULT, name: 'jo@smith.example', completedAt: null } },
      'Dana Lee counted the result of jo@smith.example again.',
    ],
    [
      {
        kind: 'brand.changed',
        before: { primaryColor: null, logo: false },
        after: { primaryColor: '#7a1f5c', logo: true },
      },
      'Dana Lee changed the brand: the colour to #7a1f5c; a logo added.',
    ],
    [
      { kind: 'brand.changed', before: { primaryColor: '#7a1f5c' }, after: { primaryColor: '#224466' } },
      'Dana Lee changed the brand: the colour from #7a1f5c to #224466.',
    ],
    [
      { kind: 'alerts.changed', before: { newResult: [] }, after: { newResult: ['a@example.com'] } },
      'Dana Lee changed who receives alerts: New results.',
    ],
    [
      {
        kind: 'evidence.added',
        subject: { type: 'evidence', id: 'ev-1', name: null },
        after: {
          surveyTitle: 'Quickscan',
          question: 'How much of your electricity comes from renewable sources?',
          kind: 'file',
          name: 'bill.pdf',
        },
      },
      'Dana Lee added the file "bill.pdf" as evidence for the answer to "How much of your electricity comes from renewable sources?" in the result of Quickscan.',
    ],
    [
      {
        kind: 'evidence.removed',
        subject: { type: 'evidence', id: 'ev-2', name: null },
        before: {
          surveyTitle: 'Quickscan',
          question: null,
          kind: 'link',
          name: 'https://register.example.org/1',
        },
      },
      'Dana Lee removed the link https://register.example.org/1 from the evidence for an answer in the result of Quickscan.',
    ],
    [
      { kind: 'account.deleted', actor: { uid: 'gone', name: null, email: null } },
      'A former member deleted their account.',
    ],
    [
      { kind: 'organisation.deleted', actor: { uid: 'x', name: null, email: 'x@example.com' } },
      'x@example.com deleted the organisation.',
    ],
  ])('words %j as the sentence "%s"', (fields, sentence) => {
    expect(words(fields)).toBe(sentence);
  });
});
