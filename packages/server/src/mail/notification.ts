// The completion notification: a new self-assessment result has arrived. Mail clients
// ignore stylesheets and flexbox, so the layout is tables with inline styles. Every value a
// respondent typed is escaped; URLs must be http(s) to be used at all.
import { paths, type ResultScore } from '@toolkit/domain';
import { escapeHtml, singleLine } from '../repositories/mail';

export interface NotificationInput {
  surveyTitle: string;
  /** The company-name answer, as typed. */
  organisation: string | null;
  /** The respondent's name, as typed or stored. */
  respondentName: string | null;
  primaryLogo: string | null;
  secondaryLogo: string | null;
  primaryColor: string | null;
  /** e.g. http://localhost:3000; the button opens the result's own screen under it. */
  appUrl: string;
  surveyId: string;
  resultId: string;
  score: ResultScore | null;
}

export interface NotificationMessage {
  subject: string;
  html: string;
}

const SUBJECT_MAX = 100;
const FALLBACK_COLOR = '#1f5f4a';

const httpUrl = (value: string | null): string | null => {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
};

const hexColor = (value: string | null) =>
  value && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? value : FALLBACK_COLOR;

export function notificationSubject(input: Pick<NotificationInput, 'organisation'>): string {
  const organisation = singleLine(input.organisation ?? '');
  const subject = organisation
    ? `New self-assessment result from ${organisation}`
    : 'New self-assessment result';
  return subject.length > SUBJECT_MAX ? `${subject.slice(0, SUBJECT_MAX - 1).trimEnd()}…` : subject;
}

function logoCell(url: string | null, alt: string, align: 'left' | 'right'): string {
  const src = httpUrl(url);
  if (!src) return '<td></td>';
  return `<td align="${align}" style="padding:0"><img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" height="60" style="display:block;max-height:60px;height:60px;width:auto;border:0"></td>`;
}

export function renderNotification(input: NotificationInput): NotificationMessage {
  const color = hexColor(input.primaryColor);
  const organisation = singleLine(input.organisation ?? '') || 'Not given';
  const name = singleLine(input.respondentName ?? '') || 'Not given';
  const dashboard = `${input.appUrl.replace(/\/+$/, '')}${paths.receivedResult(input.surveyId, input.resultId)}`;
  const title = escapeHtml(input.surveyTitle);
  const score = input.score
    ? `<tr><td style="padding:4px 16px 4px 0;color:#555">Overall score</td><td style="padding:4px 0"><strong>${input.score.overall.percent}%</strong>${
        input.score.band ? ` (${escapeHtml(input.score.band.label)})` : ''
      }</td></tr>`
    : '';

  const html = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="margin:0;padding:0;background:#f4f5f4;font-family:Helvetica,Arial,sans-serif;color:#1e2a26">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f4">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="580" cellpadding="0" cellspacing="0" style="width:100%;max-width:580px;background:#ffffff;border-radius:6px">
<tr><td style="padding:24px 24px 0">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr>
${logoCell(input.primaryLogo, `${input.surveyTitle} logo`, 'left')}
${logoCell(input.secondaryLogo, `${input.surveyTitle} partner logo`, 'right')}
</tr></table>
</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 12px;font-size:22px;line-height:1.3;color:${color}">New self-assessment result</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5">Your organisation has received a new self-assessment result for <strong>${title}</strong>.</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:16px;line-height:1.5;margin:0 0 24px">
<tr><td style="padding:4px 16px 4px 0;color:#555">Organisation</td><td style="padding:4px 0"><strong>${escapeHtml(organisation)}</strong></td></tr>
<tr><td style="padding:4px 16px 4px 0;color:#555">Name</td><td style="padding:4px 0"><strong>${escapeHtml(name)}</strong></td></tr>
${score}
</table>
<table role="presentation" cellpadding="0" cellspacing="0"><tr><td style="border-radius:4px;background:${color}">
<a href="${escapeHtml(dashboard)}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none">Dashboard</a>
</td></tr></table>
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e3e6e4;font-size:12px;line-height:1.5;color:#6b7570">
You receive this e-mail because your address is a notification recipient of ${title}. Open the dashboard to see every result.
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;

  return { subject: notificationSubject(input), html };
}
