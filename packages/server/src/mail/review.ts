// The review flow's mails: each step tells the other side what happened and opens the screen where
// they act. Every value someone typed (names, comments, notes) is escaped.
import { escapeHtml, mailDocument, subjectOf } from '../repositories/mail';
import type { DocData } from '../store/port';

export interface ReviewMail {
  to: string[];
  /** The product's own words first; the organisation's name (their text) may follow. */
  subject: { own: string; theirs?: string };
  /** Paragraphs of plain text. */
  lines: string[];
  /** A comment or note quoted as typed. */
  quote?: string | null;
  link: string;
  button: string;
}

export function reviewMail({ to, subject, lines, quote, link, button }: ReviewMail): DocData {
  const html = [
    '<div style="max-width:580px;margin:0 auto;font-family:Arial,Helvetica,sans-serif;color:#1e2a26">',
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...(quote
      ? [
          `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:4px solid #1f5f4a;white-space:pre-wrap">${escapeHtml(quote)}</blockquote>`,
        ]
      : []),
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#1f5f4a;color:#fff;` +
      `text-decoration:none;border-radius:4px">${escapeHtml(button)}</a></p>`,
    `<p>If the button does not work, copy this link into your browser:<br>${escapeHtml(link)}</p>`,
    '</div>',
  ].join('\n');
  return mailDocument({ to, subject: subjectOf(subject.own, subject.theirs, ': '), html });
}
