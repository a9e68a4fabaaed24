// An organisation's alert recipients (tenants/{t}/settings/alerts): the addresses its editors listed
// per notification kind, which of them are confirmed, and which wait for their confirmation link.
// Only confirmed addresses are ever mailed: a member's proven address, or one that opened its link.
// An address outside the organisation is confirmed through alertConfirmations/{sha256 of the token}.
import { createHash } from 'node:crypto';
import { ALERT_KINDS, type AlertRecipients } from '@toolkit/domain';
import { FieldValue, type DocData, type StoreTransaction } from '../store/port';
import { record, strings, text } from './decode';
import { paths } from './paths';

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

function pendingOf(value: unknown): PendingRecipient[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    const { email, tokenHash, sentAt } = record<unknown>(entry);
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

export async function readAlertSettings(
  reader: Pick<StoreTransaction, 'get'>,
  tenantId: string,
): Promise<AlertSettings> {
  return alertSettingsOf((await reader.get(paths.alerts(tenantId))).data);
}

/** The addresses each notification goes to: the listed ones that are confirmed, and no other. */
export function mailableAlerts({ listed, confirmed }: AlertSettings): AlertRecipients {
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

/** A confirmation link as stored; null when it names no organisation or no address. */
export interface AlertConfirmation {
  tenantId: string;
  email: string;
  /** ISO time the link was mailed; '' when not recorded. */
  sentAt: string;
}

export function alertConfirmationOf(data: DocData | null): AlertConfirmation | null {
  const tenantId = text(data?.tenantId);
  const email = text(data?.email);
  return tenantId && email ? { tenantId, email, sentAt: text(data?.sentAt) } : null;
}

/** What a confirmation link's token is stored and found by. */
export const alertTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

type Writer = Pick<StoreTransaction, 'set' | 'update' | 'create' | 'delete'>;

/** Replaces the recipients: the lists, who is confirmed, who waits, and who saved them. */
export function writeAlertSettings(
  tx: Pick<Writer, 'set'>,
  tenantId: string,
  settings: AlertSettings,
  updatedBy: string,
): void {
  tx.set(paths.alerts(tenantId), {
    ...settings.listed,
    confirmed: settings.confirmed,
    pending: settings.pending.map((entry) => ({ ...entry })),
    updatedAt: FieldValue.serverTimestamp(),
    updatedBy,
  });
}

/** A confirmation link mailed to `email`, found by its token's hash. */
export function createAlertConfirmation(
  tx: Pick<Writer, 'create'>,
  tokenHash: string,
  link: { tenantId: string; email: string; sentAt: string; expiresAt: Date },
): void {
  const { tenantId, email, sentAt, expiresAt } = link;
  tx.create(paths.alertConfirmation(tokenHash), { tenantId, email, sentAt, expiresAt });
}

/** The link stops working. */
export function deleteAlertConfirmation(tx: Pick<Writer, 'delete'>, tokenHash: string): void {
  tx.delete(paths.alertConfirmation(tokenHash));
}

/** The address opened its link: it is confirmed and waits no more, and the link is marked used. */
export function confirmAlertRecipient(
  tx: Pick<Writer, 'update'>,
  tenantId: string,
  settings: AlertSettings,
  confirmation: { email: string; tokenHash: string; confirmedAt: string },
): void {
  const { email, tokenHash, confirmedAt } = confirmation;
  tx.update(paths.alerts(tenantId), {
    confirmed: [...settings.confirmed, email],
    pending: settings.pending.filter((entry) => entry.tokenHash !== tokenHash).map((entry) => ({ ...entry })),
  });
  tx.update(paths.alertConfirmation(tokenHash), { confirmedAt });
}
