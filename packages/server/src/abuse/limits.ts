// Abuse limits: fixed-window counters in the DocumentStore, one document per counter and
// window, so that every server instance (Cloud Functions scale out) counts the same requests.
import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { EXPERT_REQUESTS_PER_HOUR, MESSAGES, SERVER_ERRORS } from '@toolkit/domain';
import { ApiError } from '../api/errors';
import { paths } from '../repositories/paths';
import type { DocSnapshot, StoreTransaction } from '../store/port';

export interface Limit {
  max: number;
  windowMs: number;
  /** A count that raises an alarm (a log line and a record) once per window, without refusing. */
  alarm?: number;
}

const HOUR = 60 * 60 * 1000;

/**
 * Completed results (each queues one notification mail); docs/decisions.md says why these numbers.
 * The session and the client network are what a flood is refused by. The survey-wide counter only
 * raises an alarm at a busy hour's count and refuses at a ceiling that only the mail volume sets:
 * were it low, a few networks could fill it and lock the survey for every respondent.
 */
export const COMPLETION_LIMITS = {
  session: { max: 5, windowMs: HOUR },
  ip: { max: 50, windowMs: HOUR },
  survey: { max: 10_000, alarm: 500, windowMs: HOUR },
} as const satisfies Record<string, Limit>;

const MINUTE = 60 * 1000;

/**
 * New results per client network. A session resumes its open result rather than starting another
 * (and completing one is limited above), so new results in bulk come from new sessions: counted by
 * where they come from. A school's class or an office starts a few dozen; a script thousands.
 */
export const START_LIMITS = {
  ip: { max: 300, windowMs: HOUR },
} as const satisfies Record<string, Limit>;

/**
 * Answer saves per session: 90 a minute, three times a respondent who saves every two seconds. Only
 * the session is counted: one counter per network would be one document written by every respondent
 * behind a school's or an office's address, which Firestore cannot take at that rate.
 */
export const SAVE_LIMITS = {
  session: { max: 90, windowMs: MINUTE },
} as const satisfies Record<string, Limit>;

/**
 * Invites sent, re-sends included (each mails an address the inviter chose): per organisation and
 * per account, so one compromised or careless account cannot use the product to mail strangers at
 * scale, and a whole team inviting its colleagues still fits in an hour.
 */
export const INVITE_LIMITS = {
  organisation: { max: 20, windowMs: HOUR },
  account: { max: 10, windowMs: HOUR },
} as const satisfies Record<string, Limit>;

/**
 * Saves of an organisation's alert recipients and the confirmation links they mail: a save counts
 * one, and one more for each address it mails. Setting up a team's list and correcting it fits;
 * turning the list into a way to mail strangers does not.
 */
export const ALERT_LIMITS = {
  organisation: { max: 60, windowMs: HOUR },
  account: { max: 30, windowMs: HOUR },
} as const satisfies Record<string, Limit>;

export interface Counter {
  /** Names the counter in its document id: lower-case letters and dashes. */
  name: string;
  /** Whose actions it counts (a uid, an address, a survey): only its hash is stored. */
  subject: string;
  limit: Limit;
  /** What an alarm names the subject by; never set for an address or an account. */
  label?: string;
}

export interface Quota {
  counters: readonly Counter[];
  at: Date;
  /** What the caller is told when a counter is full. */
  message: string;
  /** How many actions this takes at once (a save that sends several mails); 1 unless said. */
  amount?: number;
}

const windowStartOf = (limit: Limit, at: Date) => Math.floor(at.getTime() / limit.windowMs) * limit.windowMs;

/** When the window `at` falls in ends: the moment a full counter of this limit takes actions again. */
export const windowEndOf = (limit: Limit, at: Date): Date =>
  new Date(windowStartOf(limit, at) + limit.windowMs);

/**
 * The counter's document in the window `at` falls in. The subject is hashed, so an address never
 * appears in a path or a document, and any subject (an IPv6 address, a '/') makes a valid id.
 */
export function counterPath(counter: Counter, at: Date): string {
  const hash = createHash('sha256').update(`${counter.name}\n${counter.subject}`).digest('hex');
  return paths.rateLimit(`${counter.name}-${windowStartOf(counter.limit, at)}-${hash}`);
}

/**
 * The network an address counts for. One IPv6 subscriber gets a whole /64 and can pick any address
 * in it, so IPv6 addresses count by their first four groups; IPv4 (also IPv4-mapped) as it is.
 */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  const plain = address.replace(/%.*$/, '');
  if (!isIPv6(plain)) return address;
  // An embedded IPv4 address at the end fills the last two groups.
  const groupsOf = (part: string) =>
    (part ? part.split(':') : []).flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const [head = '', tail] = plain.split('::');
  const groups =
    tail === undefined
      ? groupsOf(head)
      : [
          ...groupsOf(head),
          ...Array<string>(8 - groupsOf(head).length - groupsOf(tail).length).fill('0'),
          ...groupsOf(tail),
        ];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** The counter documents a quota reads, for a transaction that fetches them with its other reads. */
export const quotaPaths = (quota: Quota): string[] =>
  quota.counters.map((counter) => counterPath(counter, quota.at));

/** How long an alarm's record is kept: long enough for an operator to look into it. */
export const ALARM_KEPT_MS = 30 * 24 * HOUR;

/** The record of a counter's alarm in one window, beside the counters (the same TTL deletes it). */
export const alarmPath = (counter: Counter, at: Date): string =>
  counterPath(counter, at).replace(/^rateLimits\//, 'rateLimits/alarm-');

/**
 * Counts one action against every counter of the quota inside `tx`, or against none when one is
 * full, and then throws resource-exhausted. Call it after the transaction's other reads (Firestore
 * reads before writes), so that the action and its counting commit together or not at all; or pass
 * the counters' documents, read with them (quotaPaths). A counter that reaches its alarm count
 * records the alarm in the same transaction, so each window raises it once.
 */
export async function takeQuota(
  tx: StoreTransaction,
  quota: Quota,
  read?: readonly DocSnapshot[],
  log: (message: string) => void = (message) => console.warn(message),
): Promise<void> {
  const snapshots = read ?? (await tx.getAll(quotaPaths(quota)));
  const amount = quota.amount ?? 1;
  const counted: { counter: Counter; path: string; count: number }[] = [];
  quota.counters.forEach((counter, i) => {
    const { path, data } = snapshots[i] ?? { path: counterPath(counter, quota.at), data: null };
    const count = typeof data?.count === 'number' ? data.count : 0;
    if (count + amount > counter.limit.max) throw new ApiError('resource-exhausted', quota.message);
    counted.push({ counter, path, count });
  });
  for (const { counter, path, count } of counted) {
    // A Date is a Firestore timestamp, which its TTL policy on rateLimits.expiresAt deletes by.
    const total = count + amount;
    tx.set(path, { count: total, expiresAt: windowEndOf(counter.limit, quota.at) });
    const { alarm } = counter.limit;
    if (alarm === undefined || count >= alarm || total < alarm) continue;
    const windowStart = new Date(windowStartOf(counter.limit, quota.at));
    tx.set(alarmPath(counter, quota.at), {
      counter: counter.name,
      label: counter.label ?? null,
      count: total,
      max: counter.limit.max,
      windowStart,
      expiresAt: new Date(windowStart.getTime() + ALARM_KEPT_MS),
    });
    log(
      `Abuse alarm: ${counter.name}${counter.label ? ` for ${counter.label}` : ''} reached ${total} in the window from ${windowStart.toISOString()}; it refuses at ${counter.limit.max}.`,
    );
  }
}

export interface CompletionRequest {
  uid: string;
  /** The client's address; unknown when the host does not tell it. */
  ip?: string | undefined;
  tenantId: string;
  surveyId: string;
}

/**
 * The quota one completed result takes: the session's and the client network's, which refuse a
 * flood, and the survey's, which raises an alarm long before its far ceiling.
 */
export function completionQuota({ uid, ip, tenantId, surveyId }: CompletionRequest, at: Date): Quota {
  const survey = `${tenantId}/${surveyId}`;
  const counters: Counter[] = [
    { name: 'completion-session', subject: uid, limit: COMPLETION_LIMITS.session },
    ...(ip ? [{ name: 'completion-ip', subject: networkOf(ip), limit: COMPLETION_LIMITS.ip }] : []),
    { name: 'completion-survey', subject: survey, limit: COMPLETION_LIMITS.survey, label: survey },
  ];
  return { counters, at, message: MESSAGES.tooManyResults };
}

/** The quota one new result takes: its client network's. */
export function startQuota(ip: string | undefined, at: Date): Quota {
  const counters: Counter[] = ip
    ? [{ name: 'start-ip', subject: networkOf(ip), limit: START_LIMITS.ip }]
    : [];
  return { counters, at, message: MESSAGES.tooManyStarts };
}

/** The quota one applied answer save takes. */
export function saveQuota(uid: string, at: Date): Quota {
  return {
    counters: [{ name: 'save-session', subject: uid, limit: SAVE_LIMITS.session }],
    at,
    message: MESSAGES.tooManySaves,
  };
}

/** A member's expert requests (each sends two mails), counted per account. */
export function expertRequestQuota(uid: string, at: Date): Quota {
  return {
    counters: [
      { name: 'expert-request', subject: uid, limit: { max: EXPERT_REQUESTS_PER_HOUR, windowMs: HOUR } },
    ],
    at,
    message: SERVER_ERRORS.tooManyExpertRequests,
  };
}

/**
 * One invite mail (a new invite or a re-send), counted for the organisation and for the inviting
 * account. Both limits share the hour's window, so the message names the one moment both open again.
 */
export function inviteQuota({ tenantId, uid }: { tenantId: string; uid: string }, at: Date): Quota {
  return {
    counters: [
      { name: 'invite-organisation', subject: tenantId, limit: INVITE_LIMITS.organisation },
      { name: 'invite-account', subject: uid, limit: INVITE_LIMITS.account },
    ],
    at,
    message: SERVER_ERRORS.tooManyInvites(windowEndOf(INVITE_LIMITS.account, at), at),
  };
}

/**
 * One save of the organisation's alert recipients that mails `mails` confirmation links, counted
 * for the organisation and the account.
 */
export function alertsQuota(
  { tenantId, uid }: { tenantId: string; uid: string },
  at: Date,
  mails = 0,
): Quota {
  return {
    amount: 1 + mails,
    counters: [
      { name: 'alerts-organisation', subject: tenantId, limit: ALERT_LIMITS.organisation },
      { name: 'alerts-account', subject: uid, limit: ALERT_LIMITS.account },
    ],
    at,
    message: SERVER_ERRORS.tooManyAlertChanges(windowEndOf(ALERT_LIMITS.account, at), at),
  };
}
