// The mail that confirms deleting the organisation: only the owner's inbox can go on, so a session
// someone left open deletes nothing by itself.
import type { DocData } from '../../store/port';
import { escapeHtml, mailDocument } from '../../repositories/mail';

export interface OrganisationDeletionMailInput {
  email: string;
  organisation: string;
  link: string;
  hours: number;
  purgeDays: number;
}

export function organisationDeletionMail(input: OrganisationDeletionMailInput): DocData {
  const { email, organisation, link, hours, purgeDays } = input;
  const html = [
    '<div style="max-width:580px;margin:0 auto;font-family:Arial,Helvetica,sans-serif;color:#1e2a26">',
    '<p>Hello,</p>',
    `<p>You asked to delete ${escapeHtml(organisation)} from the Sustainability Toolkit. Once deleted, its ` +
      'plan is cancelled, every member loses access at once, and its data is deleted for good after ' +
      `${purgeDays} days.</p>`,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#a1262c;color:#fff;` +
      'text-decoration:none;border-radius:4px">Review and delete the organisation</a></p>',
    `<p>If the button does not work, copy this link into your browser:<br>${escapeHtml(link)}</p>`,
    `<p style="font-size:12px;color:#666">The link works for ${hours} hours and was sent to ${escapeHtml(email)}. ` +
      'If you did not ask for this, ignore this e-mail: the organisation stays as it is.</p>',
    '</div>',
  ].join('\n');
  return mailDocument({
    to: [email],
    subject: `Confirm deleting ${organisation} from the Sustainability Toolkit`,
    html,
  });
}
