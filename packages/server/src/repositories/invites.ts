// Survey invites (survey-invites/{inviteId}, SPEC §3): pending until the invited journey is submitted.
import type { DocumentStore } from '../store/port';
import { paths } from './paths';

export const INVITE_STATUS = { pending: 'pending', completed: 'completed' } as const;

/** An invite link signs its holder in; like a sign-in link it must not work for ever. */
export const INVITE_LIFETIME_DAYS = 14;

export interface InviteRecord {
  id: string;
  status: string;
  email: string;
  tenantId: string;
  surveyId: string;
  surveyResultId: string;
  createdAt: string | null;
}

export async function getInvite(store: DocumentStore, inviteId: string): Promise<InviteRecord | null> {
  const { data } = await store.get(paths.invite(inviteId));
  if (!data) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    id: inviteId,
    status: text(data.status),
    email: text(data.email),
    tenantId: text(data.tenantId),
    surveyId: text(data.surveyId),
    surveyResultId: text(data.surveyResultId),
    createdAt: text(data.createdAt) || null,
  };
}

export function isExpired(invite: Pick<InviteRecord, 'createdAt'>, now: Date): boolean {
  if (!invite.createdAt) return false;
  return now.getTime() - Date.parse(invite.createdAt) > INVITE_LIFETIME_DAYS * 24 * 60 * 60 * 1000;
}
