// Survey invites (survey-invites/{inviteId}, SPEC §3): pending until the invited journey is submitted.
import type { DocData, DocumentStore } from '../store/port';
import { paths } from './paths';
import type { ResultRef } from './results';

export const INVITE_STATUS = { pending: 'pending', completed: 'completed' } as const;

/** An invite link signs its holder in; like a sign-in link it must not work for ever. */
export const INVITE_LIFETIME_DAYS = 14;

export interface InviteRecord {
  id: string;
  status: string;
  email: string;
  /** The organisation the invited person joins. */
  tenantId: string;
  /** The survey's publisher, under whom its results are kept (the survey route's tenant). */
  surveyTenantId: string;
  surveyId: string;
  surveyResultId: string;
  createdAt: string | null;
}

/** Invites stored before surveyTenantId existed kept their result under the inviting tenant. */
const resultTenantOf = (invite: DocData): string =>
  typeof invite.surveyTenantId === 'string' && invite.surveyTenantId
    ? invite.surveyTenantId
    : typeof invite.tenantId === 'string'
      ? invite.tenantId
      : '';

/** Whether a stored invite is for exactly this result. */
export function inviteIsFor(invite: DocData | null, ref: ResultRef): boolean {
  return (
    invite !== null &&
    invite.surveyResultId === ref.resultId &&
    invite.surveyId === ref.surveyId &&
    resultTenantOf(invite) === ref.tenantId
  );
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
    surveyTenantId: resultTenantOf(data),
    surveyId: text(data.surveyId),
    surveyResultId: text(data.surveyResultId),
    createdAt: text(data.createdAt) || null,
  };
}

export function isExpired(invite: Pick<InviteRecord, 'createdAt'>, now: Date): boolean {
  if (!invite.createdAt) return false;
  return now.getTime() - Date.parse(invite.createdAt) > INVITE_LIFETIME_DAYS * 24 * 60 * 60 * 1000;
}
