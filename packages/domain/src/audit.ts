// The organisation's audit trail: the kinds of change the server records (tenants/{t}/audit, in the
// change's own transaction) and the entry as the Activity screen reads it.

export const AUDIT_KINDS = [
  'member.invited',
  'member.joined',
  'member.removed',
  'role.changed',
  'ownership.offered',
  'ownership.transferred',
  'plan.changed',
  'plan.cancelled',
  'declaration.signed',
  'declaration.revoked',
  'result.excluded',
  'result.included',
  'brand.changed',
  'alerts.changed',
  'evidence.added',
  'evidence.removed',
  'account.deleted',
  'organisation.deleted',
  'review.requested',
  'review.commented',
  'review.resubmitted',
  'review.decided',
  'review.concluded',
  'review.withdrawn',
  'verification.ended',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** Each kind as the Activity screen's Kind filter names it. */
export const AUDIT_KIND_LABELS: Readonly<Record<AuditKind, string>> = {
  'member.invited': 'Member invited',
  'member.joined': 'Member joined',
  'member.removed': 'Member removed',
  'role.changed': 'Role changed',
  'ownership.offered': 'Ownership offered',
  'ownership.transferred': 'Ownership transferred',
  'plan.changed': 'Plan changed',
  'plan.cancelled': 'Plan cancelled',
  'declaration.signed': 'Declaration signed',
  'declaration.revoked': 'Declaration revoked',
  'result.excluded': 'Result excluded',
  'result.included': 'Result counted again',
  'brand.changed': 'Brand changed',
  'alerts.changed': 'Alert settings changed',
  'evidence.added': 'Evidence added',
  'evidence.removed': 'Evidence removed',
  'account.deleted': 'Account deleted',
  'organisation.deleted': 'Organisation deleted',
  'review.requested': 'Verification asked for',
  'review.commented': 'Review comment',
  'review.resubmitted': 'Review answered',
  'review.decided': 'Answer reviewed',
  'review.concluded': 'Review concluded',
  'review.withdrawn': 'Verification withdrawn',
  'verification.ended': 'Verification ended',
};

export function isAuditKind(value: unknown): value is AuditKind {
  return typeof value === 'string' && (AUDIT_KINDS as readonly string[]).includes(value);
}

/** The changed values only (a role, a list of recipients), never a secret; null when there was none. */
export type AuditState = Readonly<Record<string, unknown>> | null;

/** What an entry is about, e.g. { type: 'member', id: uid }. */
export interface AuditSubject {
  type: string;
  id: string;
}

/** One entry as the Activity screen reads it (audit-listActivity). */
export interface ActivityEntry {
  id: string;
  /** ISO time of the change. */
  at: string;
  /** Who made the change; name and email are null once they are no longer a member. */
  actor: { uid: string; name: string | null; email: string | null };
  kind: AuditKind;
  /**
   * `name`: a member subject's name as it is now (else their address); a result's organisation (else
   * who answered) as the publisher's Results show it, with `completedAt`; null for other subjects, a
   * former member, or a result that is gone or named nowhere.
   */
  subject: AuditSubject & { name: string | null; completedAt?: string | null };
  before: AuditState;
  after: AuditState;
  reason: string | null;
}

export const ACTIVITY_PAGE_DEFAULT = 25;
export const ACTIVITY_PAGE_MAX = 100;
