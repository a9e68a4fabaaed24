// Manage alerts and the expert request: who hears about what, and what a member may ask an expert.
import type { EsgTopic } from './content';

/** The notifications an organisation routes to its own addresses. */
export const ALERT_KINDS = ['newResult', 'newTeamMember', 'expertRequest'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export type AlertRecipients = Record<AlertKind, string[]>;

export const ALERT_LABELS: Readonly<Record<AlertKind, { title: string; help: string }>> = {
  newResult: {
    title: 'New results',
    help: 'A respondent completed one of the surveys you publish. Added to the recipients the survey names.',
  },
  newTeamMember: { title: 'New team members', help: 'Someone was invited to join your organisation.' },
  expertRequest: {
    title: 'Expert requests',
    help: 'A business in your toolkit asked for an expert. Without an address here, the survey’s recipients get them.',
  },
};

/** Addresses per kind: enough for a team, few enough that a mistake cannot become a mailing list. */
export const ALERT_RECIPIENTS_MAX = 10;

export const NO_ALERTS: AlertRecipients = { newResult: [], newTeamMember: [], expertRequest: [] };

/** A recipient's confirmation link carries 32 random bytes, base64url. */
export const ALERT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** How long a confirmation link works; saving the alerts after that mails a new one. */
export const ALERT_CONFIRMATION_DAYS = 7;

/** The topic of an expert request: an ESG topic, or something else. */
export type ExpertTopic = EsgTopic | 'OTHER';
export const EXPERT_MESSAGE_MIN = 10;
export const EXPERT_MESSAGE_MAX = 2000;
/** Requests per member per hour (abuse limit): a few real questions, never a flood of mail. */
export const EXPERT_REQUESTS_PER_HOUR = 3;

/** brandkit: the organisation's colour and logo on its dashboard and PDF reports. */
export interface Brand {
  /** #rrggbb */
  primaryColor: string;
  /** A PNG or JPEG as a data URL (kept with the brand, so reports embed it without fetching). */
  logo: string | null;
}
/** A logo file's largest size: a crisp mark on screen and paper, small enough to keep with the brand. */
export const BRAND_LOGO_MAX_BYTES = 150 * 1024;
export const BRAND_LOGO_PATTERN = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+=*$/;
