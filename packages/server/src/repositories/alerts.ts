// An organisation's alert recipients (tenants/{t}/settings/alerts): addresses per notification kind.
import { ALERT_KINDS, type AlertRecipients } from '@toolkit/domain';
import type { DocData } from '../store/port';

export function alertsOf(data: DocData | null): AlertRecipients {
  const read = (value: unknown) =>
    Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
  return Object.fromEntries(ALERT_KINDS.map((kind) => [kind, read(data?.[kind])])) as AlertRecipients;
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
