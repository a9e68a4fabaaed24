// The types the callables' answers are made of (the callables themselves are declared in
// ./callables), and the invite link's rules.
import type { StageName } from './journey';
import type { CatalogueAction, CustomAction, PlannedAction } from './actions';
import type { MaterialityRatings } from './materiality';
import type { Distribution, TrendGranularity, TrendPoint } from './insights';
import type { RegionId } from './organisation-profile';
import type { PeerFacet } from './peer-groups';
import type { Role } from './roles';
import type { CredentialVerification, ResultVerification } from './review';
import type { ResultScore } from './survey';

/** A completed result someone asked to save under the caller's address, as they need it to tell it is theirs. */
export interface ResultClaimSummary {
  claimId: string;
  surveyTitle: string;
  completedAt: string | null;
  /** The organisation named in the answers, when the survey asks it. */
  organisationName: string | null;
  expiresAt: string;
}

export interface ResultSummary {
  resultId: string;
  surveyId: string;
  userResultId: string | null;
  startedAt: string;
  updatedAt: string | null;
  completedAt: string | null;
  isCompleted: boolean;
  score: ResultScore | null;
  actionPlans: string[];
  /** The latest review of a completed result by its publisher; null when none was asked for. */
  verification: ResultVerification | null;
}

export interface TenantUserProfile {
  uid: string;
  email: string;
  firstName: string;
  lastName: string;
  tenantId: string;
  role: Role;
  /** `region`: one of the Quickscan's regions, '' when saved as not stated (domain storedRegion). */
  organization: { name: string; industry?: string; size?: string; region?: RegionId | '' } | null;
}

/** What an invite asks of its addressee: to join the team, or to answer a survey (and join). */
export type InviteKind = 'team' | 'survey';

/**
 * An invite sent by the organisation that its addressee has not accepted yet. `status`: `pending`
 * (sent, its link not opened), `opened` (the link was opened, not accepted), `expired`, `declined`.
 */
export interface PendingInvite {
  email: string;
  role: Role;
  /** When its mail was last sent. */
  sentAt: string | null;
  status: 'pending' | 'opened' | 'expired' | 'declined';
  kind: InviteKind;
  /** The survey a survey invite asks to answer. */
  surveyId: string | null;
  /** Who sent it: their name, else their address. */
  sentBy: string;
}

/** An invite link signs its holder in; like a sign-in link it must not work for ever. */
export const INVITE_LIFETIME_DAYS = 14;

/** The secret an invite link carries beside the invite's id (32 random bytes, base64url). */
export const INVITE_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * What an invite link offers its holder. `open`: it can be accepted or declined; `accepted`: its
 * addressee accepted it (and may come back to it signed in); the others can no longer be used.
 */
export interface InviteOffer {
  state: 'open' | 'accepted' | 'used' | 'declined' | 'expired' | 'withdrawn';
  kind: InviteKind;
  email: string;
  organisationName: string;
  inviterName: string;
  role: Role;
  /** The survey a survey invite asks to answer; null for a team invite. */
  surveyTitle: string | null;
}

/** An owner's standing offer of ownership to another member: one at a time per organisation. */
export interface OwnershipOffer {
  from: { uid: string; name: string };
  to: { uid: string; name: string; email: string };
  offeredAt: string;
  /** After this the offer no longer stands. */
  expiresAt: string;
  /** Set once the offer was withdrawn (it no longer stands): when, and why. */
  withdrawn?: { at: string; reason: OwnershipOfferWithdrawal };
}

/** Why an ownership offer was withdrawn: the role of the member it was made to was changed or removed. */
export type OwnershipOfferWithdrawal = 'roleChanged' | 'roleRemoved';

/** How long an ownership offer stands before the owner has to make it again. */
export const OWNERSHIP_OFFER_LIFETIME_DAYS = 14;

/** The Declaration screen: what to sign, and the organisation's credential. */
export interface DeclarationOverview {
  /** From the CMS, on the survey of the organisation's toolkit; null when it has none. */
  declaration: { surveyId: string; title: string; text: string; outro: string | null } | null;
  /** The organisation's latest credential, revoked or not; null before anyone signed. */
  credential: OrganisationCredential | null;
  /** Whether the caller may sign and revoke: an owner or admin. */
  canSign: boolean;
}

export interface OrganisationCredential {
  id: string;
  /** The signed JWT, and the public page that checks it. */
  token: string;
  url: string;
  organisation: string;
  stage: StageName;
  declaration: string;
  signedAt: string;
  expiresAt: string;
  signedBy: { name: string; email: string };
  revokedAt: string | null;
  /** Signed after the publisher verified the result: who verified it, when, and the verified score. */
  verification: CredentialVerification | null;
}

/** Counts per whole percent (0–100) beside their summary. */
export interface ScoreSpread {
  histogram: Record<string, number>;
  summary: Distribution | null;
}

export interface SurveyInsights {
  survey: { id: string; title: string };
  started: number;
  completed: number;
  organisations: number;
  overall: ScoreSpread;
  /** Every section in the survey's order; one not scored (weight 0) has an empty spread. */
  sections: ({ sectionIndex: number; title: string; scored: boolean } & ScoreSpread)[];
  /** Closed questions (choices and sliders) in the survey's order, those answered at least once. */
  questions: QuestionInsights[];
  /** The range the trend covers: as asked, or defaulted (docs/behaviour.md, Survey insights and peers). */
  range: { from: string; to: string; granularity: TrendGranularity };
  /** Every period of the range, oldest first, zero-filled (meanPercent null where none completed). */
  trend: TrendPoint[];
  /** Open questions with how many results answered them; their texts come from listComments. */
  comments: { questionId: string; title: string; count: number }[];
}

/** A closed question's distribution of answers. */
export interface QuestionInsights {
  id: string;
  title: string;
  /** 'dropdown' | 'multipleChoice' | 'slider' (as the CMS names the type). */
  type: string;
  sectionIndex: number;
  /** Completed results that answered it: the base of every share. */
  answered: number;
  /**
   * Choices: every option in the survey's order, chosen or not; sliders: each value answered,
   * ascending, labelled as the drill-down words it (domain sliderAnswerText). `share`: count /
   * answered, 0–1 (a multi-select's shares add up to more than 1).
   */
  answers: { key: string; label: string; count: number; share: number }[];
  /** Sliders only: the scale and the captions the slide shows, each at its value (the ends: min and max labels). */
  slider: { min: number; max: number; captions: { value: number; label: string }[] } | null;
}

/** One answer to an open question. */
export interface SurveyComment {
  resultId: string;
  text: string;
  completedAt: string | null;
}

/** A peer group the caller belongs to. `shown`: from BENCHMARK_MIN_ORGANISATIONS distinct organisations. */
export interface PeerGroupSummary {
  /** e.g. 'sector:retail' (domain peer-groups.ts): what getBenchmark's `group` takes. */
  key: string;
  facet: PeerFacet;
  /** The option's label in the survey, e.g. 'Retail'. */
  label: string;
  organisations: number;
  shown: boolean;
}

/** One result in a publisher's list: completed, or started only (state 'in-progress'). */
export interface ReceivedResultRow {
  resultId: string;
  completed: boolean;
  completedAt: string | null;
  /** The organisation the respondent named, if any. */
  organisation: string | null;
  respondent: string | null;
  overallPercent: number | null;
  band: string | null;
  /** False for a result with no scored question answered: left out of insights and benchmarks. */
  counted: boolean;
  /** Marked excluded by the publisher (a test or junk): left out of insights and benchmarks. */
  excluded: boolean;
  excludedReason: string | null;
}

/** A received result in full: every answer in words by section, who answered and their organisation. */
export interface ReceivedResult extends ReceivedResultRow {
  surveyId: string;
  startedAt: string | null;
  score: ResultScore | null;
  /** `percent` and `band` null: the section is not scored (weight 0, or nothing to score). */
  sections: {
    title: string;
    percent: number | null;
    band: string | null;
    answers: { questionId: string; title: string; answer: string }[];
  }[];
  contact: RespondentContact;
  /** The respondent's organisation, when they answered signed in to one; null otherwise. */
  joinedOrganisation: JoinedOrganisation | null;
}

/** How to reach who answered, as far as they said (the survey link's prefill, else their account). */
export interface RespondentContact {
  name: string | null;
  email: string | null;
}

/** An organisation's profile as it stores it; null where it says nothing. */
export interface JoinedOrganisation {
  name: string | null;
  industry: string | null;
  size: string | null;
  /** Its region's name; before Profile asked for a region, the country it gave. */
  region: string | null;
  website: string | null;
}

/** One streamed message of an export: the next part of the file, and how many results so far. */
export type ReceivedResultsExportMessage = { rows: number } & ({ csv: string } | { xlsx: string });

/** The Actions screen: the catalogue against the latest completed result, and its plan. */
export interface ActionsOverview {
  surveyId: string;
  /** The completed result the suggestions follow and the plan belongs to; null before the first. */
  result: { resultId: string; userResultId: string; completedAt: string | null } | null;
  /** Every catalogue action; `addressing` names the result's answers that suggest it (none: not suggested). */
  actions: (Omit<CatalogueAction, 'addresses'> & { addressing: { questionId: string; title: string }[] })[];
  plan: PlannedAction[];
  /** The organisation's own actions, and whether its plan lets it write and change them. */
  customActions: CustomAction[];
  customActionsIncluded: boolean;
  /** Questions whose points moved since the previous completed result. */
  changes: { questionId: string; title: string; change: 'improved' | 'worsened' }[];
}

/** A tenant's double-materiality assessment, and whether its plan lets it change the ratings. */
export interface MaterialityAssessment {
  ratings: MaterialityRatings;
  updatedAt: string | null;
  included: boolean;
}
