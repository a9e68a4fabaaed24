// An audit entry in words: who did what ("Dana Lee changed Sam Ng's role from Viewer to Editor").
// People are named as they are now; someone no longer a member is "A former member".
import {
  ALERT_KINDS,
  ALERT_LABELS,
  formatDate,
  isRole,
  type ActivityEntry,
  type AuditState,
} from '@toolkit/domain';

const ROLE_WORDS = {
  user: 'User',
  viewer: 'Viewer',
  editor: 'Editor',
  billing: 'Billing',
  admin: 'Admin',
  owner: 'Owner',
} as const;

const field = (state: AuditState, name: string): unknown => state?.[name];

const roleOf = (state: AuditState): string => {
  const role = field(state, 'role');
  return isRole(role) ? ROLE_WORDS[role] : 'no role';
};

const PERIOD_WORDS: Record<string, string> = { month: 'monthly', year: 'yearly' };

const planOf = (state: AuditState): string | null => {
  const plan = field(state, 'plan');
  if (typeof plan !== 'string') return null;
  const period = PERIOD_WORDS[String(field(state, 'period'))];
  return period ? `${plan} (${period})` : plan;
};

const actorOf = ({ actor }: ActivityEntry): string => actor.name ?? actor.email ?? 'A former member';

const subjectOf = ({ subject }: ActivityEntry): string => subject.name ?? 'a former member';

/** "the result of Harbour Bakery (completed 1 Mar 2026)", as Results name it; null when it names nobody. */
function resultOf({ subject }: ActivityEntry): string | null {
  if (subject.type !== 'result' || !subject.name) return null;
  return subject.completedAt
    ? `the result of ${subject.name} (completed ${formatDate(subject.completedAt)})`
    : `the result of ${subject.name}`;
}

/** "Sam Ng's". */
const possessive = (name: string): string => `${name}'s`;

function brandChange({ before, after }: ActivityEntry): string {
  const parts: string[] = [];
  if (after && 'primaryColor' in after) {
    const from = field(before, 'primaryColor');
    parts.push(
      typeof from === 'string'
        ? `the colour from ${from} to ${String(after.primaryColor)}`
        : `the colour to ${String(after.primaryColor)}`,
    );
  }
  if (after && 'logo' in after) {
    if (after.logo === true) parts.push(field(before, 'logo') === true ? 'the logo' : 'a logo added');
    else parts.push('the logo removed');
  }
  return parts.length ? `changed the brand: ${parts.join('; ')}` : 'changed the brand';
}

function alertsChange({ after }: ActivityEntry): string {
  const lists = ALERT_KINDS.filter((kind) => after && kind in after).map((kind) => ALERT_LABELS[kind].title);
  return lists.length ? `changed who receives alerts: ${lists.join(', ')}` : 'changed who receives alerts';
}

const textOf = (state: AuditState, name: string): string | null => {
  const value = field(state, name);
  return typeof value === 'string' && value !== '' ? value : null;
};

const VERDICT_WORDS: Record<string, string> = {
  verified: 'verified',
  needsInformation: 'asked for more information about',
  declined: 'declined to verify',
};

/** A review step: "asked Coastal Council to verify the result of Quickscan". */
function reviewDeed({ kind, after }: ActivityEntry): string {
  const survey = textOf(after, 'surveyTitle');
  const result = survey ? `the result of ${survey}` : 'a result';
  const business = textOf(after, 'organisationName') ?? 'a business';
  const publisher = textOf(after, 'publisherName') ?? 'the publisher';
  const question = textOf(after, 'question');
  switch (kind) {
    case 'review.requested':
      return `asked ${publisher} to verify ${result}`;
    case 'review.commented':
      return question
        ? `commented on "${question}" in the review of ${result}`
        : `commented on the review of ${result}`;
    case 'review.resubmitted':
      return `sent the review of ${result} back to ${publisher}`;
    case 'review.decided': {
      const decision =
        field(after, 'decision') === 'accepted' ? 'accepted' : 'asked for more information about';
      return `${decision} ${question ? `the answer to "${question}"` : 'an answer'} of ${business}`;
    }
    case 'review.concluded':
      return `${VERDICT_WORDS[String(field(after, 'status'))] ?? 'concluded the review of'} ${result} of ${business}`;
    case 'review.withdrawn':
      return `withdrew the verification of ${result} of ${business}`;
    default:
      return `ended the verification of ${result} by completing a newer result`;
  }
}

/** "the file "bill.pdf" as evidence for "How much …?" in the result of Quickscan", as far as it is known. */
function evidenceDeed({ kind, before, after }: ActivityEntry): string {
  const state = kind === 'evidence.added' ? after : before;
  const name = textOf(state, 'name');
  const item =
    field(state, 'kind') === 'link'
      ? name
        ? `the link ${name}`
        : 'a link'
      : name
        ? `the file "${name}"`
        : 'a file';
  const question = textOf(state, 'question');
  const survey = textOf(state, 'surveyTitle');
  const answer = `${question ? `the answer to "${question}"` : 'an answer'}${survey ? ` in the result of ${survey}` : ''}`;
  return kind === 'evidence.added'
    ? `added ${item} as evidence for ${answer}`
    : `removed ${item} from the evidence for ${answer}`;
}

/** What the actor did, after their name. */
function deed(entry: ActivityEntry): string {
  const { kind, before, after } = entry;
  switch (kind) {
    case 'member.invited': {
      const email = field(after, 'email');
      const who = typeof email === 'string' ? email : 'someone';
      return field(after, 'surveyId')
        ? `invited ${who} to answer a survey as ${roleOf(after)}`
        : `invited ${who} to join as ${roleOf(after)}`;
    }
    case 'member.joined':
      return `joined as ${roleOf(after)}`;
    case 'member.removed':
      return `removed ${possessive(subjectOf(entry))} ${roleOf(before)} role`;
    case 'role.changed':
      return `changed ${possessive(subjectOf(entry))} role from ${roleOf(before)} to ${roleOf(after)}`;
    case 'ownership.offered':
      return `offered ownership of the organisation to ${subjectOf(entry)}`;
    case 'ownership.transferred':
      return entry.subject.id === entry.actor.uid
        ? `accepted ownership: their role went from ${roleOf(before)} to ${roleOf(after)}`
        : `took over ownership: ${possessive(subjectOf(entry))} role went from ${roleOf(before)} to ${roleOf(after)}`;
    case 'plan.changed': {
      const from = planOf(before);
      const to = planOf(after);
      if (from && to) return `changed the plan from ${from} to ${to}`;
      return to ? `changed the plan to ${to}` : 'changed the plan';
    }
    case 'plan.cancelled': {
      const from = planOf(before);
      return from ? `cancelled the ${from} plan` : 'cancelled the plan';
    }
    case 'declaration.signed':
      return field(before, 'credentialId')
        ? 'signed the declaration again, replacing the previous credential'
        : 'signed the declaration';
    case 'declaration.revoked':
      return "revoked the declaration's credential";
    case 'result.excluded': {
      const result = resultOf(entry);
      return result ? `excluded ${result} from the figures` : 'excluded a result from the figures';
    }
    case 'result.included': {
      const result = resultOf(entry);
      return result ? `counted ${result} again` : 'counted an excluded result again';
    }
    case 'brand.changed':
      return brandChange(entry);
    case 'alerts.changed':
      return alertsChange(entry);
    case 'evidence.added':
    case 'evidence.removed':
      return evidenceDeed(entry);
    case 'account.deleted':
      return 'deleted their account';
    case 'organisation.deleted':
      return 'deleted the organisation';
    case 'review.requested':
    case 'review.commented':
    case 'review.resubmitted':
    case 'review.decided':
    case 'review.concluded':
    case 'review.withdrawn':
    case 'verification.ended':
      return reviewDeed(entry);
  }
}

/** The entry as one sentence, its actor first. */
export const describeActivity = (entry: ActivityEntry): string => `${actorOf(entry)} ${deed(entry)}.`;
