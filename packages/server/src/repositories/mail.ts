// Mail documents in the Trigger Email extension's format: handlers add them to
// `mail`; the extension (production) or the local relay delivers them. Every value is escaped.
import type { DocData, StoreTransaction } from '../store/port';
import { paths } from './paths';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

// eslint-disable-next-line no-control-regex
const BREAKS_AND_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
/**
 * One line of plain text: line breaks (CR, LF, U+2028/2029) and other control characters become
 * spaces, so a value typed by someone (an organisation's name) cannot add a header to a mail.
 */
export const singleLine = (value: string) => value.replace(BREAKS_AND_CONTROLS, ' ').trim();

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}

export interface MailMessage {
  to: string[];
  bcc?: string[];
  subject: string;
  html: string;
}

/** Every mail document is built here, so every subject is one line whatever it was made of. */
export function mailDocument({ to, bcc = [], subject, html }: MailMessage): DocData {
  return { to, bcc, message: { subject: singleLine(subject), html } };
}

/** Queues a mail document (built by mailDocument or one of the mails below) under the id given. */
export function queueMail(tx: Pick<StoreTransaction, 'create'>, id: string, mail: DocData): void {
  tx.create(paths.mailDoc(id), mail);
}

/** How much of someone's free text a subject carries: enough to recognise, too little to bury ours. */
export const SUBJECT_TEXT_MAX = 60;

/**
 * A subject that starts with the product's own words: an organisation's or a respondent's text (a
 * name that could read "Your account is locked") may only follow them, on one line and shortened.
 */
export function subjectOf(ownWords: string, theirText?: string, between = ' '): string {
  const text = singleLine(theirText ?? '');
  if (!text) return ownWords;
  const shortened =
    text.length > SUBJECT_TEXT_MAX ? `${text.slice(0, SUBJECT_TEXT_MAX - 1).trimEnd()}…` : text;
  return `${ownWords}${between}${shortened}`;
}

export interface InviteMailInput {
  email: string;
  link: string;
  organisationName: string;
  inviterName: string;
}

const MAIL_START =
  '<div style="max-width:580px;margin:0 auto;font-family:Arial,Helvetica,sans-serif;color:#1e2a26">';

/** The invite's body: its one sentence of what is asked, the link's button and where it was sent. */
function inviteHtml(email: string, link: string, asked: string, button: string): string {
  return [
    MAIL_START,
    `<p>Hello,</p>`,
    `<p>${asked}</p>`,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#1f5f4a;color:#fff;` +
      `text-decoration:none;border-radius:4px">${button}</a></p>`,
    `<p>If the button does not work, copy this link into your browser:<br>${escapeHtml(link)}</p>`,
    `<p style="font-size:12px;color:#666">This invitation was sent to ${escapeHtml(email)}.</p>`,
    '</div>',
  ].join('\n');
}

// "an editor", "a user": the roles' names sound as they are spelt, but for the u of user.
const withArticle = (role: string) => `${/^[aeio]/.test(role) ? 'an' : 'a'} ${role}`;

/** Users → Invite: an invitation to join the organisation's team with a role. */
export function teamInviteMail({
  email,
  link,
  organisationName,
  inviterName,
  role,
}: InviteMailInput & { role: string }): DocData {
  const organisation = organisationName || 'an organisation';
  const asked =
    `${escapeHtml(inviterName || organisation)} invites you to join <strong>${escapeHtml(organisation)}</strong>` +
    ` as ${escapeHtml(withArticle(role))}. Accepting makes you a member of its team on the dashboard.`;
  return mailDocument({
    to: [email],
    subject: subjectOf('Invitation to join the team of', organisationName || 'an organisation'),
    html: inviteHtml(email, link, asked, 'Accept the invitation'),
  });
}

/** An invitation to answer (take) a survey for the organisation. */
export function inviteMail({
  email,
  link,
  surveyTitle,
  organisationName,
  inviterName,
}: InviteMailInput & { surveyTitle: string }): DocData {
  const organisation = organisationName || 'An organisation';
  const asked =
    `${escapeHtml(inviterName || organisation)} invites you to take the <strong>${escapeHtml(surveyTitle)}</strong>` +
    ` for ${escapeHtml(organisation)}.`;
  return mailDocument({
    to: [email],
    subject: subjectOf(`Invitation to take the ${surveyTitle}`, organisationName, ' for '),
    html: inviteHtml(email, link, asked, 'Start the assessment'),
  });
}

export interface NewTeamMemberMailInput {
  to: string[];
  email: string;
  role: string;
  organisationName: string;
  inviterName: string;
}

/** Manage alerts' "new team member": someone was invited into the organisation. */
export function newTeamMemberMail({
  to,
  email,
  role,
  organisationName,
  inviterName,
}: NewTeamMemberMailInput): DocData {
  const organisation = organisationName || 'your organisation';
  const html = [
    MAIL_START,
    `<p>${escapeHtml(inviterName || 'A member')} invited <strong>${escapeHtml(email)}</strong> to join ` +
      `${escapeHtml(organisation)} as ${escapeHtml(role)}.</p>`,
    '<p style="font-size:12px;color:#666">You get this because your address is set for new team members on the Manage page.</p>',
    '</div>',
  ].join('\n');
  return mailDocument({
    to,
    subject: `${subjectOf('New team member', organisationName, ' in ')}: ${email}`,
    html,
  });
}

export interface AlertConfirmationMailInput {
  email: string;
  link: string;
  organisationName: string;
  /** The verified address of the member who listed this one. */
  requestedBy: string;
  /** The notifications' titles, as the Manage screen names them. */
  kinds: string[];
}

/** Asks an address outside the organisation whether it wants the notifications it was listed for. */
export function alertConfirmationMail({
  email,
  link,
  organisationName,
  requestedBy,
  kinds,
}: AlertConfirmationMailInput): DocData {
  const organisation = organisationName || 'An organisation';
  const html = [
    '<div style="max-width:580px;margin:0 auto;font-family:Arial,Helvetica,sans-serif;color:#1e2a26">',
    `<p>Hello,</p>`,
    `<p>${escapeHtml(requestedBy)} of ${escapeHtml(organisation)} asked the Sustainability Toolkit to send ` +
      `these notifications to ${escapeHtml(email)}: ${escapeHtml(kinds.join(', '))}.</p>`,
    '<p>Nothing is sent to this address unless you confirm that you want them.</p>',
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#1f5f4a;color:#fff;` +
      `text-decoration:none;border-radius:4px">Review and confirm</a></p>`,
    `<p>If the button does not work, copy this link into your browser:<br>${escapeHtml(link)}</p>`,
    '<p style="font-size:12px;color:#666">If you did not expect this, ignore this e-mail: you will receive nothing.</p>',
    '</div>',
  ].join('\n');
  return mailDocument({
    to: [email],
    subject: subjectOf(
      'Please confirm notifications from the Sustainability Toolkit',
      organisationName,
      ' for ',
    ),
    html,
  });
}
