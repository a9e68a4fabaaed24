// The mail telling a member that ownership of their organisation is offered to them. It carries no
// secret: accepting needs the member's own session, so the link only leads to where they answer.
import {
  buildPath,
  canOpenUsersPage,
  DASHBOARD_PATH,
  formatDate,
  type OwnershipOfferWithdrawal,
  type Role,
} from '@toolkit/domain';
import { escapeHtml, mailDocument, subjectOf } from '../../repositories/mail';
import type { DocData } from '../../store/port';

export interface OfferMailInput {
  appUrl: string;
  email: string;
  /** The member's role now: who cannot open Users answers on the dashboard's first page. */
  role: Role;
  ownerName: string;
  organisationName: string;
  expiresAt: string;
}

export function ownershipOfferMail({
  appUrl,
  email,
  role,
  ownerName,
  organisationName,
  expiresAt,
}: OfferMailInput): DocData {
  const organisation = organisationName || 'your organisation';
  const where = canOpenUsersPage({ role }) ? buildPath('dashboardUsers') : DASHBOARD_PATH;
  const link = `${appUrl.replace(/\/+$/, '')}${where}`;
  const html = [
    '<div style="max-width:580px;margin:0 auto;font-family:Arial,Helvetica,sans-serif;color:#1e2a26">',
    '<p>Hello,</p>',
    `<p>${escapeHtml(ownerName || 'An owner')} offers you ownership of <strong>${escapeHtml(organisation)}</strong>. ` +
      'If you accept, you become its owner (billing, roles and deleting the organisation included) and they become an admin.</p>',
    `<p>Sign in and accept or decline it on the dashboard before ${escapeHtml(formatDate(expiresAt))}.</p>`,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#1f5f4a;color:#fff;` +
      'text-decoration:none;border-radius:4px">Answer the offer</a></p>',
    `<p>If the button does not work, copy this link into your browser:<br>${escapeHtml(link)}</p>`,
    `<p style="font-size:12px;color:#666">This offer was sent to ${escapeHtml(email)}.</p>`,
    '</div>',
  ].join('\n');
  return mailDocument({
    to: [email],
    subject: subjectOf('Ownership offered to you:', organisationName || 'your organisation'),
    html,
  });
}

export interface WithdrawnMailInput {
  email: string;
  ownerName: string;
  organisationName: string;
  offeredAt: string;
  reason: OwnershipOfferWithdrawal;
  /** The member's role after the change that withdrew the offer. */
  role: Role;
}

/** The mail telling a member that the ownership offered to them was withdrawn, and why. */
export function ownershipWithdrawnMail({
  email,
  ownerName,
  organisationName,
  offeredAt,
  reason,
  role,
}: WithdrawnMailInput): DocData {
  const organisation = organisationName || 'your organisation';
  const why =
    reason === 'roleRemoved'
      ? 'your role in it was removed'
      : `your role in it changed to ${escapeHtml(role)}`;
  const html = [
    '<div style="max-width:580px;margin:0 auto;font-family:Arial,Helvetica,sans-serif;color:#1e2a26">',
    '<p>Hello,</p>',
    `<p>The offer of ownership of <strong>${escapeHtml(organisation)}</strong> that ${escapeHtml(ownerName || 'an owner')} ` +
      `made you on ${escapeHtml(formatDate(offeredAt))} was withdrawn, because ${why}.</p>`,
    '<p>There is nothing to accept or decline any more. If ownership should still pass to you, ask an owner to offer it again.</p>',
    `<p style="font-size:12px;color:#666">This message was sent to ${escapeHtml(email)}.</p>`,
    '</div>',
  ].join('\n');
  return mailDocument({
    to: [email],
    subject: subjectOf('Ownership offer withdrawn:', organisationName || 'your organisation'),
    html,
  });
}
