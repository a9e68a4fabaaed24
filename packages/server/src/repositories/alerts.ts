// An organisation's alert recipients (tenants/{t}/settings/alerts): the addresses its editors listed
// per notification kind, which of them are confirmed, and which wait for their confirmation link.
// Only confirmed addresses are ever mailed: a member's proven address, or one that opened its link.
import { createHash } from 'node:crypto';
import { ALERT_KINDS, type AlertRecipients } from '@toolkit/domain';
import type { DocData } from '../store/port';

/** A listed address outside the organisation, mailed a confirmation link at `sentAt`. */
export interface PendingRecipient {
  email: string;
  /** The sha256 of its link's token: the token itself is only in the mail. */
  tokenHash: string;
  /** ISO time. */
  sentAt: string;
}

export interface AlertSettings {
  /** Every listed address, confirmed or not: what the Manage screen shows and edits. */
  listed: AlertRecipients;
  confirmed: string[];
  pending: PendingRecipient[];
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];

function pendingOf(value: unknown): PendingRecipient[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { email, tokenHash, sentAt } = entry as Record<string, unknown>;
    return typeof email === 'string' && typeof tokenHash === 'string' && typeof sentAt === 'string'
      ? [{ email, tokenHash, sentAt }]
      : [];
  });
}

export function alertSettingsOf(data: DocData | null): AlertSettings {
  return {
    listed: Object.fromEntries(ALERT_KINDS.map((kind) => [kind, strings(data?.[kind])])) as AlertRecipients,
    confirmed: strings(data?.confirmed),
    pending: pendingOf(data?.pending),
  };
}

/** The addresses each notification goes to: the listed ones that are confirmed, and no other. */
export function alertsOf(data: DocData | null): AlertRecipients {
  const { listed, confirmed } = alertSettingsOf(data);
  const mailable = new Set(confirmed.map((address) => address.toLowerCase()));
  return Object.fromEntries(
    ALERT_KINDS.map((kind) => [kind, listed[kind].filter((address) => mailable.has(address.toLowerCase()))]),
  ) as AlertRecipients;
}

/** The addresses of both lists once each, ignoring case, in their first spelling and order. */
export function mergeRecipients(...lists: readonly (readonly string[])[]): string[] {
  const seen = new Set<string>();
  return lists.flat().filter((address) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** What a confirmation link's token is stored and found by. */
export const alertTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
