// What an invite's mail says, by its kind, and the link it carries; shared by sending and re-sending.
import type { InviteKind, Role } from '@toolkit/domain';
import type { ServerDeps } from '../../api/handler';
import { inviteMail, teamInviteMail } from '../../repositories/mail';
import type { DocData } from '../../store/port';

export interface InviteMailFacts {
  email: string;
  kind: InviteKind;
  role: Role;
  /** The survey a survey invite asks to answer. */
  surveyTitle: string | null;
  organisationName: string;
  inviterName: string;
}

/**
 * The invite link: its key signs its holder in, so the link goes into the invitee's mail and nowhere
 * else (never an answer, a log line, the audit trail or an export).
 */
export const inviteLink = (deps: Pick<ServerDeps, 'appUrl'>, inviteId: string, key: string) =>
  `${deps.appUrl.replace(/\/+$/, '')}/journey/${inviteId}?${new URLSearchParams({ inviteId, key })}`;

export function inviteMailFor(link: string, facts: InviteMailFacts): DocData {
  const { email, organisationName, inviterName } = facts;
  return facts.kind === 'team' || facts.surveyTitle === null
    ? teamInviteMail({ email, link, organisationName, inviterName, role: facts.role })
    : inviteMail({ email, link, organisationName, inviterName, surveyTitle: facts.surveyTitle });
}
