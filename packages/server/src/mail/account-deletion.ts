// The mail that confirms deleting one's own account: its link is the only way to go on, so asking
// from a session someone left open deletes nothing without the inbox too.
import type { DocData } from '../store/port';
import { escapeHtml, mailDocument } from '../repositories/mail';

export interface AccountDeletionMailInput {
  email: string;
  link: string;
  hours: number;
}

export function accountDeletionMail({ email, link, hours }: AccountDeletionMailInput): DocData {
  const html = [
    '<div style="max-width:580px;margin:0 auto;font-family:Arial,Helvetica,sans-serif;color:#1e2a26">',
    '<p>Hello,</p>',
    `<p>You asked to delete your Sustainability Toolkit account (${escapeHtml(email)}). Once deleted, ` +
      'you can no longer sign in, your profile and memberships are removed, and your survey results stay ' +
      "in your organisation's figures without your name or address.</p>",
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#a1262c;color:#fff;` +
      'text-decoration:none;border-radius:4px">Review and delete my account</a></p>',
    `<p>If the button does not work, copy this link into your browser:<br>${escapeHtml(link)}</p>`,
    `<p style="font-size:12px;color:#666">The link works for ${hours} hours. If you did not ask for this, ` +
      'ignore this e-mail: your account stays as it is.</p>',
    '</div>',
  ].join('\n');
  return mailDocument({ to: [email], subject: 'Confirm deleting your Sustainability Toolkit account', html });
}
