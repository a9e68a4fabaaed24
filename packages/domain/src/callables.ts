// The callable API between the browser and the server (docs/behaviour.md, Callables), one
// declaration per callable: its name, who may call it (access), the request it takes and the answer
// it gives. Everything else is derived from this table: the names (API), the request and response
// types of the typed clients and the data layer, the server's request schemas (./requests), and on
// the server the router's checks, the handler's types, the Cloud Functions export and the
// isolation suite's table, each of which fails to compile when a declaration has no entry there.
//
// The request is written as a builder handed zod and the shared schemas (./request-kit), not as a
// schema: this module is in the main entry, which a respondent's first load carries, and zod is
// not. Only the server and the forms build the schemas (./requests).
import type { z, ZodType } from 'zod';
import type { JSONWebKeySet } from 'jose';
import type { Access } from './access';
import { ACCOUNT_DELETION_TOKEN_PATTERN, type MyDataExport } from './account';
import {
  ACTION_STATUSES,
  CUSTOM_ACTION_SUMMARY_MAX,
  CUSTOM_ACTION_TITLE_MAX,
  LEVELS,
  type CustomAction,
  type PlannedAction,
} from './actions';
import type {
  ActionsOverview,
  DeclarationOverview,
  InviteOffer,
  MaterialityAssessment,
  OwnershipOffer,
  PeerGroupSummary,
  PendingInvite,
  ReceivedResult,
  ReceivedResultRow,
  ResultClaimSummary,
  ResultSummary,
  SurveyComment,
  SurveyInsights,
  TenantUserProfile,
} from './api';
import { ACTIVITY_PAGE_MAX, AUDIT_KINDS, type ActivityEntry } from './audit';
import { SERVER_ERRORS } from './errors';
import {
  base64Facts,
  EVIDENCE_FILE_MAX_BYTES,
  EVIDENCE_FILE_NAME_MAX,
  EVIDENCE_NOTE_MAX,
  EVIDENCE_URL_MAX,
  type EvidenceItem,
} from './evidence';
import {
  PEER_GROUP_PATTERN,
  TREND_GRANULARITIES,
  trendRangeProblem,
  type Benchmark,
  type PriorityTopic,
} from './insights';
import { MILESTONE_IDS, type StoredMilestone } from './journey';
import { REGION_IDS, REGION_PROBLEM, type QuickscanDetails } from './organisation-profile';
import {
  QUESTION_DECISIONS,
  REVIEW_SEARCH_MAX,
  REVIEW_STATUSES,
  REVIEW_TEXT_MAX,
  REVIEW_VERDICTS,
  type Review,
  type ReviewQuestion,
  type ReviewRow,
  type ReviewStatus,
} from './review';
import {
  ALERT_TOKEN_PATTERN,
  BRAND_LOGO_MAX_BYTES,
  BRAND_LOGO_PATTERN,
  EXPERT_MESSAGE_MAX,
  EXPERT_MESSAGE_MIN,
  type AlertKind,
  type AlertRecipients,
  type Brand,
} from './manage';
import { MATERIALITY_TOPIC_IDS } from './materiality';
import {
  BILLING_PERIODS,
  PAID_PLAN_IDS,
  SANDBOX_CARD_ENDINGS,
  type ChangePreview,
  type Entitlement,
  type Invoice,
  type PlanPrice,
  type SandboxCard,
  type Subscription,
} from './plans';
import type { answerValue, RequestKit } from './request-kit';
import { ROLES, type Role } from './roles';
import type { ResultScore, SurveyStatus } from './survey';
import { ESG_TOPICS } from './topics';
import {
  EXCLUDED_REASON_MAX,
  EXCLUDED_REASON_MIN,
  WORKBENCH_DIRECTIONS,
  WORKBENCH_PAGE_MAX,
  WORKBENCH_SEARCH_MAX,
  WORKBENCH_SORTS,
  WORKBENCH_STATES,
  type ReceivedResultsQuery,
} from './workbench';

/** The most comments one listComments request returns. */
export const COMMENTS_PAGE_MAX = 100;

/** The longest search of the comments. */
export const COMMENTS_SEARCH_MAX = 100;

/** A toolkit's members: a page as Members shows it, the most one request lists, the longest search. */
export const MEMBERS_PAGE = 25;
export const MEMBERS_PAGE_MAX = 100;
export const MEMBERS_SEARCH_MAX = 100;

/** The files the received results export to. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export type AnswerValue = z.infer<typeof answerValue>;

declare const answerType: unique symbol;

/** A declaration's answer type. It exists only for the compiler: nothing reads it at run time. */
export interface Answer<T> {
  readonly [answerType]: T;
}

const ANSWER = Object.freeze({});

/** The answer a callable gives, in its declaration: `response: answer<{ status: 'ok' }>()`. */
export const answer = <T>(): Answer<T> => ANSWER as Answer<T>;

/** Builds a callable's request schema from zod and the shared schemas. */
export type RequestBuilder = (kit: RequestKit) => ZodType;

/** One callable, declared once. */
export interface CallableDeclaration<Name extends string = string> {
  /** `<area>-<name>`: the function's name, deployed as `<area>.<name>` (packages/functions). */
  readonly name: Name;
  readonly access: Access;
  readonly request: RequestBuilder;
  readonly response: Answer<unknown>;
}

/** Checks a table of declarations and keeps their literal names and access. */
export const declareCallables = <const T extends Record<string, CallableDeclaration>>(table: T): T => table;

/** The answer type a declaration names. */
export type ResponseOf<D extends CallableDeclaration> = D['response'] extends Answer<infer T> ? T : never;

export const CALLABLES = declareCallables({
  setUserRole: {
    name: 'admin-setUserRole',
    access: 'member:assignRoles',
    request: ({ z, id }) => z.object({ uid: id, tenantId: id, role: z.enum(ROLES) }),
    response: answer<{ status: string; message: string }>(),
  },
  getUserRole: {
    name: 'admin-getUserRole',
    access: 'member',
    request: ({ z, id }) => z.object({ uid: id, tenantId: id }),
    response: answer<{ status: string; role: Role; email: string | null; claims: Record<string, unknown> }>(),
  },
  getAvailableRoles: {
    name: 'admin-getAvailableRoles',
    access: 'member',
    request: ({ z }) => z.null().or(z.object({})).optional(),
    response: answer<{ status: string; availableRoles: Role[]; userRole: Role }>(),
  },
  removeUserRole: {
    name: 'admin-removeUserRole',
    access: 'member:assignRoles',
    request: ({ z, id }) => z.object({ uid: id, tenantId: id }),
    response: answer<{ status: string; message: string; previousRole: Role | null; newRole: Role }>(),
  },
  getSubscriptionDetails: {
    name: 'subscription-getSubscriptionDetails',
    access: 'member',
    request: ({ z }) => z.null().or(z.object({})).optional(),
    response: answer<{ status: string; subscriptions: Subscription[] }>(),
  },
  getCustomerEntitlements: {
    name: 'entitlements-getCustomerEntitlements',
    access: 'member',
    request: ({ z, id }) => z.object({ tenantId: id }),
    response: answer<{
      status: string;
      entitlements: Entitlement[];
      features: string[];
      error?: string | null;
    }>(),
  },
  verifyAndLoginWithInvite: {
    name: 'journey-verifyAndLoginWithInvite',
    access: 'public',
    /**
     * The invitee's name, asked as they accept, goes on their membership: both names or neither
     * (then the account's, if it has one).
     */
    request: ({ z, inviteLink, name }) =>
      inviteLink
        .extend({
          firstName: z.string().trim().min(1, 'Enter your first name.').pipe(name).optional(),
          lastName: z.string().trim().min(1, 'Enter your last name.').pipe(name).optional(),
        })
        .superRefine(({ firstName, lastName }, ctx) => {
          if (firstName !== undefined && lastName === undefined)
            ctx.addIssue({ code: 'custom', path: ['lastName'], message: 'Enter your last name.' });
          if (lastName !== undefined && firstName === undefined)
            ctx.addIssue({ code: 'custom', path: ['firstName'], message: 'Enter your first name.' });
        }),
    response: answer<{
      /**
       * The invite's result; null for a team invite (nothing to answer: on to the dashboard). The
       * caller signs in with `token` (a custom token) afterwards.
       */
      inviteData: { surveyResultId: string; surveyId: string; tenantId: string } | null;
      token: string;
    }>(),
  },
  completeSignup: {
    name: 'account-completeSignup',
    access: 'account',
    /**
     * A new organisation's sign-up names it and its owner; a returning member's, or one joining a
     * tenant, names nothing (the server keeps what is stored). A name given is never empty.
     */
    request: ({ z, id, name }) =>
      z.object({
        toolkit: id,
        firstName: name.min(1, 'Enter your first name.').optional(),
        lastName: name.min(1, 'Enter your last name.').optional(),
        organisationName: name.min(1, SERVER_ERRORS.organisationNameMissing).optional(),
      }),
    /**
     * `sessionToken`: the first proof of the address ended every earlier session; this browser signs in
     * again with it (a custom token).
     */
    /** `pendingClaims`: results waiting for the address to confirm them ("Save my results"). */
    response: answer<{
      status: 'ok';
      tenantId: string;
      created: boolean;
      sessionToken?: string;
      pendingClaims: number;
    }>(),
  },
  getProfile: {
    name: 'account-getProfile',
    access: 'member',
    request: ({ z }) => z.null().or(z.object({})).optional(),
    response: answer<{
      status: 'ok';
      profile: TenantUserProfile | null;
      /** `toolkit`: the toolkit the tenant signed up through, which names its surveys. */
      tenant: { id: string; createdBy: string; getStarted: boolean; toolkit: string | null } | null;
    }>(),
  },
  /** The live tenant user profile: streams the profile as it changes. */
  watchProfile: {
    name: 'account-watchProfile',
    access: 'member',
    request: ({ z }) => z.null().or(z.object({})).optional(),
    /** The final answer and every streamed message alike: the profile as it is now. */
    response: answer<{ profile: TenantUserProfile | null }>(),
  },
  updateNames: {
    name: 'account-updateNames',
    access: 'member',
    /** A name update is skipped when first or last name is undefined. */
    request: ({ z, name }) => z.object({ firstName: name.optional(), lastName: name.optional() }),
    response: answer<{ status: 'ok' | 'skipped' }>(),
  },
  /** Everything the product holds about the caller, as one download (docs/behaviour.md, A person's data). */
  exportMyData: {
    name: 'account-exportMyData',
    access: 'member',
    request: ({ z }) => z.null().or(z.object({})).optional(),
    response: answer<MyDataExport>(),
  },
  /** Mails the caller a fresh link that confirms deleting their account. */
  requestAccountDeletion: {
    name: 'account-requestDeletion',
    access: 'member',
    request: ({ z }) => z.null().or(z.object({})).optional(),
    /** `email`: where the link went; `expiresAt`: when it stops working. */
    response: answer<{ status: 'sent'; email: string; expiresAt: string }>(),
  },
  /** The mailed link's token: deletes the caller's account, anonymising their results. */
  confirmAccountDeletion: {
    name: 'account-confirmDeletion',
    access: 'member',
    request: ({ z }) =>
      z.object({
        token: z.string().regex(ACCOUNT_DELETION_TOKEN_PATTERN, SERVER_ERRORS.accountDeletionLinkNotValid),
      }),
    response: answer<{ status: 'deleted' }>(),
  },
  saveOrganisation: {
    name: 'organisation-save',
    access: 'member:manageSettings',
    request: ({ z, name }) =>
      z.object({
        name: name.min(1, SERVER_ERRORS.organisationNameMissing),
        industry: name.optional(),
        size: name.optional(),
        /** One of the Quickscan's regions; '' when not stated. */
        region: z.enum(['', ...REGION_IDS], REGION_PROBLEM).optional(),
      }),
    response: answer<{ status: 'ok' }>(),
  },
  /**
   * What the organisation's latest completed result that answers them says of its sector, size and
   * region, for Profile to offer where the profile states nothing yet; null before any.
   */
  getQuickscanDetails: {
    name: 'organisation-quickscanDetails',
    access: 'member',
    request: ({ z }) => z.null().or(z.object({})).optional(),
    response: answer<{ details: QuickscanDetails | null }>(),
  },
  /** An owner asks to delete the organisation: a fresh confirmation link is mailed to them. */
  requestOrganisationDeletion: {
    name: 'organisation-requestDeletion',
    access: 'member',
    request: ({ z }) => z.null().or(z.object({})).optional(),
    response: answer<{ status: 'sent'; email: string; expiresAt: string }>(),
  },
  /** The mailed link's token: the organisation is closed at once and its data purged after the grace period. */
  confirmOrganisationDeletion: {
    name: 'organisation-confirmDeletion',
    access: 'member',
    request: ({ z }) =>
      z.object({
        token: z
          .string()
          .regex(ACCOUNT_DELETION_TOKEN_PATTERN, SERVER_ERRORS.organisationDeletionLinkNotValid),
      }),
    /** `purgeAfter`: when the organisation's data is deleted for good. */
    response: answer<{ status: 'deleted'; purgeAfter: string }>(),
  },
  startResult: {
    name: 'survey-startResult',
    access: 'signedIn',
    request: ({ z, id, name, text, answersByQuestion }) =>
      z.object({
        tenantId: id,
        surveyId: id,
        resultId: id.optional(),
        /** Prefill from the query string: the company-name answer and every custom_ parameter. */
        prefill: z
          .object({
            /** Who is answering, as the survey link names them (kept with the result, shown in the mail). */
            respondent: z
              .object({
                firstName: name.optional(),
                lastName: name.optional(),
                email: text({ max: 320 }).optional(),
                tenant: text({ max: 128 }).optional(),
              })
              .optional(),
            answers: answersByQuestion.optional(),
            custom: z
              .record(z.string().regex(/^custom_[\w-]{1,64}$/), text({ max: 500, trim: false }))
              .optional(),
          })
          .optional(),
      }),
    response: answer<{
      resultId: string;
      status: SurveyStatus;
      created: boolean;
      questions: Record<string, AnswerValue>;
      /** The highest save order stored per question, so a resumed client keeps counting up. */
      seqs: Record<string, number>;
      /** The questions that count towards the score: completing needs one of them answered. */
      scoredQuestions: string[];
    }>(),
  },
  saveAnswer: {
    name: 'survey-saveAnswer',
    access: 'signedIn',
    request: ({ z, id, answerValue }) =>
      z.object({
        tenantId: id,
        surveyId: id,
        resultId: id,
        questionId: id,
        answer: answerValue,
        /** Orders saves of one question: a save older than the stored one is ignored. */
        seq: z.number().int().nonnegative(),
      }),
    response: answer<{ applied: boolean; updatedAt: string }>(),
  },
  completeResult: {
    name: 'survey-completeResult',
    access: 'signedIn',
    request: ({ z, id }) => z.object({ tenantId: id, surveyId: id, resultId: id }),
    response: answer<{ completedAt: string; alreadyCompleted: boolean; score: ResultScore | null }>(),
  },
  listLatestResults: {
    name: 'results-listLatest',
    access: 'member',
    request: ({ z }) => z.null().optional(),
    response: answer<{ results: ResultSummary[] }>(),
  },
  /**
   * An anonymous respondent asks to keep a completed result: it is claimed for the address once that
   * address is proven (docs/behaviour.md, Saving results).
   */
  requestResultClaim: {
    name: 'results-requestClaim',
    access: 'signedIn',
    /** The completed result to keep, and the address whose proof will claim it. */
    request: ({ z, id, email }) => z.object({ tenantId: id, surveyId: id, resultId: id, email }),
    /** `expiresAt`: after it, the claim grants nothing and "Save my results" must be asked again. */
    response: answer<{ status: 'recorded'; email: string; expiresAt: string }>(),
  },
  /** The results waiting for the caller's proven address, named for them to confirm or decline. */
  describeResultClaims: {
    name: 'claims-describe',
    access: 'member',
    request: ({ z }) => z.null().or(z.object({})).optional(),
    /** `organisationName`: the caller's organisation, where a confirmed result goes ('' until named). */
    response: answer<{ claims: ResultClaimSummary[]; organisationName: string }>(),
  },
  /** The addressee confirms a waiting result is theirs: it joins their organisation. */
  confirmResultClaim: {
    name: 'claims-confirm',
    access: 'member',
    request: ({ z, id }) => z.object({ claimId: id }),
    response: answer<{ status: 'saved' }>(),
  },
  /** The addressee says a waiting result is not theirs: the claim is discarded. */
  declineResultClaim: {
    name: 'claims-decline',
    access: 'member',
    request: ({ z, id }) => z.object({ claimId: id }),
    response: answer<{ status: 'discarded' }>(),
  },
  toggleActionPlan: {
    name: 'results-toggleActionPlan',
    access: 'member:editInsights',
    request: ({ z, id }) => z.object({ userResultId: id, actionId: id, selected: z.boolean() }),
    response: answer<{ actionPlans: string[] }>(),
  },
  /** Status, owner and due date of an action in the plan. */
  updatePlannedAction: {
    name: 'results-updatePlannedAction',
    access: 'member:editInsights',
    request: ({ z, id, name }) =>
      z.object({
        userResultId: id,
        actionId: id,
        status: z.enum(ACTION_STATUSES),
        owner: name.nullable(),
        dueDate: z.iso.date().nullable(),
      }),
    response: answer<{ plan: PlannedAction[] }>(),
  },
  /** The action catalogue for the caller's latest completed result: suggestions, plan, changes. */
  listActions: {
    name: 'actions-list',
    access: 'member',
    request: ({ z, id }) => z.object({ surveyId: id }),
    response: answer<ActionsOverview>(),
  },
  findUsersByEmail: {
    name: 'users-findByEmail',
    access: 'member:manageUsers',
    request: ({ z, email }) => z.object({ email }),
    response: answer<{ users: { uid: string; email: string; firstName: string; lastName: string }[] }>(),
  },
  listTenantUsers: {
    name: 'users-listTenantUsers',
    access: 'member:manageUsers',
    request: ({ z }) => z.null().or(z.object({})).optional(),
    /** `invites`: those not accepted yet (declined ones for a while, so the inviter learns it). */
    response: answer<{ users: TenantUserProfile[]; invites: PendingInvite[] }>(),
  },
  createInvite: {
    name: 'invites-create',
    access: 'member:manageUsers',
    /**
     * `role`: the role the invitee joins with (default user); never above the inviter's. `surveyId`:
     * an invite to answer that survey; without it, an invite to join the team.
     */
    request: ({ z, id, email }) =>
      z.object({ email, surveyId: id.optional(), role: z.enum(ROLES).optional() }),
    /**
     * The invite link goes to the invitee's inbox only: it signs its holder in. `already-sent`: the
     * address was mailed minutes ago and no second mail went out. Whether the address has an account,
     * or belongs to another organisation, is never said here.
     */
    response: answer<{ status: 'sent' | 'already-sent'; email: string }>(),
  },
  /** What an invite link offers (who invites, into what), before its holder accepts or declines. */
  describeInvite: {
    name: 'invites-describe',
    access: 'public',
    request: ({ inviteLink }) => inviteLink,
    response: answer<InviteOffer>(),
  },
  declineInvite: {
    name: 'invites-decline',
    access: 'public',
    request: ({ inviteLink }) => inviteLink,
    response: answer<{ status: 'declined' }>(),
  },
  /** Mails a pending invite's link again (by address: the inviter never holds the link). */
  resendInvite: {
    name: 'invites-resend',
    access: 'member:manageUsers',
    request: ({ z, email }) => z.object({ email }),
    /** `already-sent`: mailed less than 10 minutes ago, so no mail went out. */
    response: answer<{ status: 'sent' | 'already-sent'; email: string }>(),
  },
  /** Takes back an invite not accepted yet: its link then says it was withdrawn. */
  withdrawInvite: {
    name: 'invites-withdraw',
    access: 'member:manageUsers',
    request: ({ z, email }) => z.object({ email }),
    response: answer<{ status: 'withdrawn'; email: string }>(),
  },
  saveInviteAnswer: {
    name: 'journey-saveAnswer',
    access: 'signedIn',
    request: ({ z, id, answerValue }) =>
      z.object({
        tenantId: id,
        surveyId: id,
        surveyResultId: id,
        questionId: id,
        answer: answerValue,
        seq: z.number().int().nonnegative(),
      }),
    response: answer<{ applied: boolean; updatedAt: string }>(),
  },
  submitInvite: {
    name: 'journey-submit',
    access: 'signedIn',
    request: ({ z, id }) => z.object({ tenantId: id, surveyId: id, surveyResultId: id, inviteId: id }),
    response: answer<{ status: 'completed' }>(),
  },
  listMilestones: {
    name: 'milestones-list',
    access: 'member',
    request: ({ z, id }) => z.object({ userIds: z.array(id).max(100).optional() }),
    response: answer<{ milestones: Record<string, StoredMilestone[]> }>(),
  },
  setMilestone: {
    name: 'milestones-set',
    access: 'public',
    request: ({ z }) => z.object({ milestoneId: z.enum(MILESTONE_IDS), completed: z.boolean() }),
    response: answer<{ status: 'ok' }>(),
  },
  /**
   * A screen the member opened that is a journey milestone, sent once by the screen: the Results
   * page (view-results, once a completed result shows), Insights (view-insights), the priorities
   * downloaded (download-actions). The server records it only when what it proves holds, and answers
   * whether it did.
   */
  recordVisit: {
    name: 'milestones-recordVisit',
    access: 'member',
    request: ({ z, id }) =>
      z.discriminatedUnion('visit', [
        z.object({ visit: z.literal('results') }),
        z.object({ visit: z.literal('insights') }),
        z.object({ visit: z.literal('priorities'), surveyId: id }),
      ]),
    response: answer<{ recorded: boolean }>(),
  },
  /** A publisher's view of the results its survey received. */
  getSurveyInsights: {
    name: 'insights-getSurveyInsights',
    access: 'member:viewInsights',
    /**
     * `from`/`to`: the trend's UTC days (inclusive); `granularity`: per ISO week or month. Each
     * defaults (docs/behaviour.md, Survey insights and peers).
     */
    request: ({ z, id, calendarDay }) =>
      z
        .object({
          surveyId: id,
          from: calendarDay.optional(),
          to: calendarDay.optional(),
          granularity: z.enum(TREND_GRANULARITIES, 'Group the trend by week or month.').optional(),
          /** Only results a review verified (and still stand verified). */
          verifiedOnly: z.boolean().optional(),
        })
        .superRefine(({ from, to }, ctx) => {
          const problem = from && to ? trendRangeProblem(from, to) : null;
          if (problem) ctx.addIssue({ code: 'custom', path: ['from'], message: problem });
        }),
    response: answer<SurveyInsights>(),
  },
  /** A business's own results of a survey over time, beside its peers'. */
  getBenchmark: {
    name: 'insights-getBenchmark',
    access: 'member:viewInsights',
    /** `group`: a peer group of the caller's (e.g. 'sector:retail') to benchmark within. */
    request: ({ z, id }) =>
      z.object({
        surveyId: id,
        group: z
          .string()
          .regex(PEER_GROUP_PATTERN, 'Name a peer group as facet:option, e.g. sector:retail.')
          .optional(),
      }),
    response: answer<{
      surveyId: string;
      /** The caller's completed results of the survey, oldest first. */
      history: { resultId: string; completedAt: string | null; score: ResultScore }[];
      /**
       * Against the latest completed result, among every organisation or, when the request names a
       * group, among that group's; null before the first one.
       */
      benchmark: Benchmark | null;
      /** The caller's peer groups, from its latest completed result's answers (none before it). */
      groups: PeerGroupSummary[];
      /** The group `benchmark` was computed within; null: every organisation. */
      group: string | null;
      /** The ESG topics where the latest completed result scores lowest. */
      priorities: PriorityTopic[];
    }>(),
  },
  /** The comments (answers to one open question) a publisher's survey received, newest first, searchable. */
  listComments: {
    name: 'insights-listComments',
    access: 'member:viewInsights',
    /** The answers to one open question; `search`: words the comment has a word starting with. */
    request: ({ z, id, text }) =>
      z.object({
        surveyId: id,
        questionId: id,
        search: text({ max: COMMENTS_SEARCH_MAX }).optional(),
        /** The previous page's `next`. */
        cursor: id.optional(),
        limit: z.number().int().min(1).max(COMMENTS_PAGE_MAX).optional(),
      }),
    /** Newest first; `next`: the cursor of the following page, null after the last. */
    response: answer<{ comments: SurveyComment[]; next: string | null }>(),
  },
  /** The results a publisher's survey received: one page, filtered, sorted and searched, with its count. */
  listReceivedResults: {
    name: 'insights-listResults',
    access: 'member:viewInsights',
    request: ({ z, id, text, calendarDay }) =>
      z.object({
        surveyId: id,
        state: z.enum(WORKBENCH_STATES, 'Choose completed, excluded or in-progress results.').optional(),
        from: calendarDay.optional(),
        to: calendarDay.optional(),
        band: text({ max: WORKBENCH_SEARCH_MAX }).optional(),
        sector: id.optional(),
        size: id.optional(),
        region: id.optional(),
        search: text({ max: WORKBENCH_SEARCH_MAX }).optional(),
        sort: z.enum(WORKBENCH_SORTS, 'Sort by completed, score or organisation.').optional(),
        direction: z.enum(WORKBENCH_DIRECTIONS, 'Sort asc or desc.').optional(),
        /** The previous page's `next`. */
        cursor: id.optional(),
        limit: z
          .number()
          .int()
          .min(1, `List 1 to ${WORKBENCH_PAGE_MAX} results.`)
          .max(WORKBENCH_PAGE_MAX, `List 1 to ${WORKBENCH_PAGE_MAX} results.`)
          .optional(),
      }) satisfies ZodType<ReceivedResultsQuery>,
    /**
     * One page. `next`: the cursor of the page after it (null on the last page); `more`: whether there
     * is one; `total`: the results matching the filter, every page together.
     */
    response: answer<{
      results: ReceivedResultRow[];
      next: string | null;
      more: boolean;
      total: number;
    }>(),
  },
  /** Marks a received result excluded (a test or junk) or counted again: it leaves or rejoins the aggregates. */
  setResultExcluded: {
    name: 'insights-setExcluded',
    access: 'member:excludeResults',
    /** `reason`: why it is excluded (kept in the audit); required when excluding. */
    request: ({ z, id, text }) =>
      z
        .object({
          surveyId: id,
          resultId: id,
          excluded: z.boolean(),
          reason: text({ max: EXCLUDED_REASON_MAX })
            .refine(
              (reason) => reason.length >= EXCLUDED_REASON_MIN,
              `Give a reason of ${EXCLUDED_REASON_MIN} to ${EXCLUDED_REASON_MAX} characters.`,
            )
            .optional(),
        })
        .refine((request) => !request.excluded || request.reason !== undefined, {
          path: ['reason'],
          message: 'Say why the result is excluded.',
        }),
    /** `excluded`: the result's state now (unchanged when it already was). */
    response: answer<{ excluded: boolean }>(),
  },
  /** One received result in full: the drill-down the notification e-mail links to. */
  getReceivedResult: {
    name: 'insights-getResult',
    access: 'member:viewInsights',
    request: ({ z, id }) => z.object({ surveyId: id, resultId: id }),
    response: answer<ReceivedResult>(),
  },
  /**
   * The organisations that signed up through a toolkit the caller's organisation publishes, one page
   * at a time; `search`: words the organisation's name has a word starting with.
   */
  listToolkitMembers: {
    name: 'insights-listMembers',
    access: 'member:viewInsights',
    request: ({ z, id, text }) =>
      z.object({
        toolkit: id,
        search: text({ max: MEMBERS_SEARCH_MAX }).optional(),
        /** The previous page's `next`. */
        cursor: id.optional(),
        limit: z
          .number()
          .int()
          .min(1, `List 1 to ${MEMBERS_PAGE_MAX} members.`)
          .max(MEMBERS_PAGE_MAX, `List 1 to ${MEMBERS_PAGE_MAX} members.`)
          .optional(),
      }),
    /**
     * Newest first. `next`: the cursor of the page after it (null on the last page); `total`: the
     * members matching the search, every page together.
     */
    response: answer<{
      members: { tenantId: string; organisationName: string; joinedAt: string | null }[];
      next: string | null;
      total: number;
    }>(),
  },
  /** Every completed result of a survey as CSV, streamed page by page. */
  exportReceivedResults: {
    name: 'insights-exportResults',
    access: 'member:viewInsights',
    /** `format`: CSV (the default) or an Excel workbook (docs/behaviour.md, Exports). */
    request: ({ z, id }) =>
      z.object({
        surveyId: id,
        format: z.enum(EXPORT_FORMATS, 'Export as csv or xlsx.').optional(),
      }),
    /**
     * Streamed: each message is a ReceivedResultsExportMessage, the next part of the file; the answer
     * counts the results and, when not streamed, holds the file: `csv`, or `xlsx` (base64) for that format.
     */
    response: answer<{ rows: number; csv: string; xlsx?: string }>(),
  },
  /** The declaration to sign (from the CMS), who signed it and the organisation's credential. */
  getDeclaration: {
    name: 'declaration-get',
    access: 'member',
    request: ({ z }) => z.null().or(z.object({})).optional(),
    response: answer<DeclarationOverview>(),
  },
  /** An owner or admin signs for the organisation, which issues a credential. */
  signDeclaration: {
    name: 'declaration-sign',
    access: 'member:signDeclaration',
    /**
     * `surveyId`: the declaration the signer read, refused if the CMS has moved on to another. Nothing
     * else: the organisation name and the stage come from what the server stored.
     */
    request: ({ z, id }) =>
      z.strictObject(
        { surveyId: id },
        {
          error: (issue) =>
            issue.code === 'unrecognized_keys' ? SERVER_ERRORS.declarationFromStoredFacts : undefined,
        },
      ),
    response: answer<DeclarationOverview>(),
  },
  /** An owner or admin revokes the organisation's credential. */
  revokeCredential: {
    name: 'declaration-revoke',
    access: 'member:signDeclaration',
    request: ({ z, id }) => z.object({ credentialId: id }),
    response: answer<DeclarationOverview>(),
  },
  /** Opening the credential from the Declaration screen (the view-declaration-credential milestone). */
  openCredential: {
    name: 'declaration-openCredential',
    access: 'member',
    request: ({ z, id }) => z.object({ credentialId: id }),
    response: answer<{ status: 'ok' }>(),
  },
  /** Public: the keys credentials are signed with, as a JWKS. */
  getCredentialKeys: {
    name: 'credentials-getKeys',
    access: 'public',
    request: ({ z }) => z.null().or(z.object({})).optional(),
    response: answer<JSONWebKeySet>(),
  },
  /** Public: whether a credential was revoked. */
  getCredentialStatus: {
    name: 'credentials-getStatus',
    access: 'public',
    request: ({ z, id }) => z.object({ credentialId: id }),
    /** `unknown`: no credential has this id. `reason`: why it was revoked, in words. */
    response: answer<{
      status: 'active' | 'revoked' | 'unknown';
      revokedAt: string | null;
      reason: string | null;
    }>(),
  },
  /** Who receives which notification of the member's organisation. */
  getAlerts: {
    name: 'manage-getAlerts',
    // Read by those who may change them: the addresses are not for every member.
    access: 'member:manageAlerts',
    request: ({ z }) => z.null().or(z.object({})).optional(),
    /**
     * `pending`: listed addresses outside the organisation that have not opened their confirmation
     * link yet; they receive nothing until they do.
     */
    response: answer<{ alerts: AlertRecipients; pending: string[] }>(),
  },
  saveAlerts: {
    name: 'manage-saveAlerts',
    access: 'member:manageAlerts',
    request: ({ z, recipients }) =>
      z.object({
        newResult: recipients,
        newTeamMember: recipients,
        expertRequest: recipients,
      }),
    response: answer<{ alerts: AlertRecipients; pending: string[] }>(),
  },
  /** Public: an alert recipient outside the organisation confirms its address by the mailed link. */
  confirmAlertRecipient: {
    name: 'manage-confirmRecipient',
    access: 'public',
    request: ({ z }) =>
      z.object({
        token: z.string().regex(ALERT_TOKEN_PATTERN, 'This is not a confirmation link of ours.'),
      }),
    /** `kinds`: the notifications the address now receives. */
    response: answer<{ email: string; organisationName: string; kinds: AlertKind[] }>(),
  },
  /** A member asks the toolkit's experts a question (the Expert page). */
  requestExpert: {
    name: 'expert-request',
    access: 'member',
    request: ({ z, text }) =>
      z
        .object({
          topic: z.enum([...ESG_TOPICS, 'OTHER']),
          message: text({ max: EXPERT_MESSAGE_MAX, multiline: true }).pipe(
            z.string().min(EXPERT_MESSAGE_MIN, SERVER_ERRORS.expertMessageTooShort(EXPERT_MESSAGE_MIN)),
          ),
          contact: z.enum(['email', 'phone']),
          phone: text({ max: 30 })
            .pipe(z.string().regex(/^\+?[0-9 ()-]{6,}$/, SERVER_ERRORS.phoneNumber))
            .optional(),
        })
        .refine((request) => request.contact !== 'phone' || request.phone !== undefined, {
          path: ['phone'],
          message: 'Give a phone number to be called on.',
        }),
    /** `to`: the requester's address, which got a copy. */
    response: answer<{ status: 'sent'; requestId: string; to: string }>(),
  },
  /** A Checkout Session for a paid plan; the answer's url is where the member pays. */
  startCheckout: {
    name: 'billing-startCheckout',
    access: 'member:manageBilling',
    request: ({ z }) =>
      z.object({
        planId: z.enum(PAID_PLAN_IDS),
        period: z.enum(BILLING_PERIODS).default('month'),
      }),
    response: answer<{ url: string }>(),
  },
  /** Whether a checkout the member returned from belongs to their organisation and is paid. */
  confirmCheckout: {
    name: 'billing-confirmCheckout',
    access: 'member:manageBilling',
    request: ({ z, id }) => z.object({ sessionId: id }),
    /** `plan`: the organisation's plan now. */
    response: answer<{ paid: boolean; plan: string }>(),
  },
  /** Ends the organisation's paid subscription: back to Free. */
  cancelSubscription: {
    name: 'billing-cancelSubscription',
    access: 'member:manageBilling',
    request: ({ z }) => z.null().or(z.object({})).optional(),
    response: answer<{ plan: string }>(),
  },
  /** The local sandbox's checkout page: what is being bought, and paying or cancelling it. */
  getSandboxCheckout: {
    name: 'billing-getSandboxCheckout',
    access: 'member:manageBilling',
    request: ({ z, id }) => z.object({ sessionId: id }),
    /** `price`: what paying it charges, from the sandbox's price list. */
    response: answer<{
      planName: string;
      status: 'open' | 'paid' | 'canceled';
      price: PlanPrice | null;
    }>(),
  },
  finishSandboxCheckout: {
    name: 'billing-finishSandboxCheckout',
    access: 'member:manageBilling',
    request: ({ z, id }) => z.object({ sessionId: id, pay: z.boolean() }),
    /** `returnTo`: the app path the checkout returns to (success or the plans page). */
    response: answer<{ returnTo: string }>(),
  },
  /** The paid plans' prices, from the billing provider. */
  listPlanPrices: {
    name: 'billing-listPrices',
    access: 'member',
    request: ({ z }) => z.null().or(z.object({})).optional(),
    response: answer<{ prices: PlanPrice[] }>(),
  },
  /** What moving a paid organisation to another plan or period does to the current period. */
  previewPlanChange: {
    name: 'billing-previewChange',
    access: 'member:manageBilling',
    request: ({ z }) => z.object({ planId: z.enum(PAID_PLAN_IDS), period: z.enum(BILLING_PERIODS) }),
    response: answer<ChangePreview>(),
  },
  changePlan: {
    name: 'billing-changePlan',
    access: 'member:manageBilling',
    request: ({ z }) => z.object({ planId: z.enum(PAID_PLAN_IDS), period: z.enum(BILLING_PERIODS) }),
    /** `plan`: the organisation's plan now. */
    response: answer<{ plan: string }>(),
  },
  /** The organisation's invoices and receipts, newest first. */
  listInvoices: {
    name: 'billing-listInvoices',
    access: 'member:manageBilling',
    request: ({ z }) => z.null().or(z.object({})).optional(),
    response: answer<{ invoices: Invoice[] }>(),
  },
  /** The provider's customer portal (payment method, cancellation); its answer's url opens it. */
  openBillingPortal: {
    name: 'billing-openPortal',
    access: 'member:manageBilling',
    request: ({ z }) => z.null().or(z.object({})).optional(),
    response: answer<{ url: string }>(),
  },
  /** The local sandbox's portal and receipts: the card on file, replacing it, one invoice. */
  getSandboxPortal: {
    name: 'billing-getSandboxPortal',
    access: 'member:manageBilling',
    request: ({ z }) => z.null().or(z.object({})).optional(),
    /** `card`: the sandbox card on file; `pastDue`: a renewal failed and waits for another card. */
    response: answer<{ card: SandboxCard | null; plan: string; pastDue: boolean }>(),
  },
  replaceSandboxCard: {
    name: 'billing-replaceSandboxCard',
    access: 'member:manageBilling',
    request: ({ z }) => z.object({ last4: z.enum(SANDBOX_CARD_ENDINGS) }),
    response: answer<{ card: SandboxCard; plan: string; pastDue: boolean }>(),
  },
  getSandboxInvoice: {
    name: 'billing-getSandboxInvoice',
    access: 'member:manageBilling',
    request: ({ z, id }) => z.object({ invoiceId: id }),
    response: answer<Invoice & { organisationName: string }>(),
  },
  /** The organisation's brand (brandkit) and whether its plan applies it. */
  getBrand: {
    name: 'brand-get',
    access: 'member',
    request: ({ z }) => z.null().or(z.object({})).optional(),
    /** `applied`: the plan includes brandkit, so the dashboard and reports use the brand. */
    response: answer<{ brand: Brand | null; applied: boolean }>(),
  },
  saveBrand: {
    name: 'brand-save',
    access: 'member:manageSettings',
    request: ({ z }) =>
      z.object({
        primaryColor: z
          .string()
          .regex(/^#[0-9a-fA-F]{6}$/, 'Give a colour like #1f5f4a.')
          .toLowerCase(),
        // Base64 takes four characters for three bytes.
        logo: z
          .string()
          .max(
            Math.ceil(BRAND_LOGO_MAX_BYTES / 3) * 4 + 32,
            `The logo must be at most ${BRAND_LOGO_MAX_BYTES / 1024} KB.`,
          )
          .regex(BRAND_LOGO_PATTERN, 'The logo must be a PNG or JPEG image.')
          .nullable(),
      }),
    response: answer<{ brand: Brand; applied: boolean }>(),
  },
  /**
   * Evidence on the answers of a completed result (docs/behaviour.md, Evidence): read by the
   * organisation that gave the answers, and by its publisher's reviewers once asked to verify it.
   */
  listEvidence: {
    name: 'evidence-list',
    access: 'member',
    request: ({ z, id }) => z.object({ surveyId: id, resultId: id }),
    response: answer<{ items: EvidenceItem[] }>(),
  },
  /** A file on one answer, sent base64-encoded; its type is told from its content. */
  addEvidenceFile: {
    name: 'evidence-addFile',
    access: 'member',
    request: ({ z, id, text }) =>
      z.object({
        surveyId: id,
        resultId: id,
        questionId: id,
        fileName: z
          .string()
          .trim()
          .min(1, 'Give the file a name.')
          .max(EVIDENCE_FILE_NAME_MAX, SERVER_ERRORS.textTooLong(EVIDENCE_FILE_NAME_MAX)),
        contentBase64: z.string().superRefine((value, ctx) => {
          // Told in the file's own size, before the content is decoded: four characters for three bytes.
          const { bytes, wellFormed } = base64Facts(value);
          if (bytes > EVIDENCE_FILE_MAX_BYTES)
            ctx.addIssue({
              code: 'custom',
              message: SERVER_ERRORS.evidenceFileTooLarge(EVIDENCE_FILE_MAX_BYTES, bytes),
            });
          else if (value.length === 0)
            ctx.addIssue({ code: 'custom', message: SERVER_ERRORS.evidenceFileEmpty });
          else if (!wellFormed)
            ctx.addIssue({ code: 'custom', message: SERVER_ERRORS.evidenceFileNotBase64 });
        }),
        note: text({ max: EVIDENCE_NOTE_MAX, multiline: true }).optional(),
      }),
    response: answer<{ item: EvidenceItem }>(),
  },
  /** A link on one answer, e.g. to a certificate's public register entry. */
  addEvidenceLink: {
    name: 'evidence-addLink',
    access: 'member',
    request: ({ z, id, text }) =>
      z.object({
        surveyId: id,
        resultId: id,
        questionId: id,
        url: z
          .string()
          .trim()
          .max(EVIDENCE_URL_MAX, SERVER_ERRORS.textTooLong(EVIDENCE_URL_MAX))
          .pipe(
            z.url({
              protocol: /^https?$/,
              hostname: z.regexes.domain,
              error: SERVER_ERRORS.evidenceLinkInvalid,
            }),
          ),
        note: text({ max: EVIDENCE_NOTE_MAX, multiline: true }).optional(),
      }),
    response: answer<{ item: EvidenceItem }>(),
  },
  removeEvidence: {
    name: 'evidence-remove',
    access: 'member',
    request: ({ z, id }) => z.object({ surveyId: id, resultId: id, evidenceId: id }),
    response: answer<{ status: 'ok' }>(),
  },
  /** A short-lived link that downloads one file (EVIDENCE_DOWNLOAD_SECONDS). */
  getEvidenceDownload: {
    name: 'evidence-getDownload',
    access: 'member',
    request: ({ z, id }) => z.object({ surveyId: id, resultId: id, evidenceId: id }),
    response: answer<{ url: string; expiresAt: string }>(),
  },
  /** Writes or changes an action of the organisation's own (custom-opportunities). */
  saveCustomAction: {
    name: 'actions-saveCustom',
    access: 'member:editInsights',
    request: ({ z, id, text }) =>
      z.object({
        /** null writes a new action. */
        actionId: id.nullable(),
        title: text({ max: CUSTOM_ACTION_TITLE_MAX }).pipe(
          z.string().min(3, 'Give the action a title of at least 3 characters.'),
        ),
        summary: text({ max: CUSTOM_ACTION_SUMMARY_MAX, multiline: true }),
        topic: z.enum(ESG_TOPICS),
        effort: z.enum(LEVELS),
        impact: z.enum(LEVELS),
      }),
    response: answer<{ customActions: CustomAction[] }>(),
  },
  deleteCustomAction: {
    name: 'actions-deleteCustom',
    access: 'member:editInsights',
    request: ({ z, id }) => z.object({ actionId: id }),
    response: answer<{ customActions: CustomAction[] }>(),
  },
  /** The organisation's double-materiality ratings (materiality-assessment). */
  getMateriality: {
    name: 'materiality-get',
    access: 'member:viewInsights',
    request: ({ z }) => z.null().or(z.object({})).optional(),
    response: answer<MaterialityAssessment>(),
  },
  saveMateriality: {
    name: 'materiality-save',
    access: 'member:editMateriality',
    /** Every matter rated so far; one left out is unrated. */
    request: ({ z, materialityScore }) =>
      z.object({
        ratings: z.partialRecord(
          z.enum(MATERIALITY_TOPIC_IDS),
          z.object({ impact: materialityScore, financial: materialityScore }),
        ),
      }),
    response: answer<MaterialityAssessment>(),
  },
  /** The organisation's audit trail (the Activity screen): newest first, a page at a time, by kind. */
  listActivity: {
    name: 'audit-listActivity',
    access: 'member:manageUsers',
    /** `kind`: only the changes of that kind; `cursor`: the previous page's `next`. */
    request: ({ z, id }) =>
      z.object({
        kind: z.enum(AUDIT_KINDS, 'Choose a kind of change from the list.').optional(),
        cursor: id.optional(),
        limit: z
          .number()
          .int()
          .min(1, `List 1 to ${ACTIVITY_PAGE_MAX} entries.`)
          .max(ACTIVITY_PAGE_MAX, `List 1 to ${ACTIVITY_PAGE_MAX} entries.`)
          .optional(),
      }),
    /** Newest first; `next`: the cursor of the following page, null after the last. */
    response: answer<{ entries: ActivityEntry[]; next: string | null }>(),
  },
  /** An owner offers ownership to another member; they accept or decline, the owner may withdraw it. */
  offerOwnership: {
    name: 'ownership-offer',
    access: 'member',
    request: ({ z, id }) => z.object({ uid: id }),
    response: answer<{ offer: OwnershipOffer }>(),
  },
  acceptOwnership: {
    name: 'ownership-accept',
    access: 'member',
    request: ({ z }) => z.null().or(z.object({})).optional(),
    /** `role`: the caller's role now (owner). */
    response: answer<{ role: Role }>(),
  },
  declineOwnership: {
    name: 'ownership-decline',
    access: 'member',
    request: ({ z }) => z.null().or(z.object({})).optional(),
    response: answer<{ offer: null }>(),
  },
  cancelOwnershipOffer: {
    name: 'ownership-cancel',
    access: 'member',
    request: ({ z }) => z.null().or(z.object({})).optional(),
    response: answer<{ offer: null }>(),
  },
  /** The pending ownership offer, for those who manage users and for the member it is made to. */
  getOwnershipOffer: {
    name: 'ownership-getOffer',
    access: 'member',
    request: ({ z }) => z.null().or(z.object({})).optional(),
    /** null: no offer stands, or the caller may not see it. */
    response: answer<{ offer: OwnershipOffer | null }>(),
  },
  /**
   * Reviews (docs/behaviour.md, Reviews): the business's latest completed result, the review of it
   * if any, and whether it may ask for one (or why not).
   */
  getMyReview: {
    name: 'reviews-getMine',
    access: 'member',
    request: ({ z }) => z.null().or(z.object({})).optional(),
    response: answer<{
      result: {
        surveyId: string;
        resultId: string;
        surveyTitle: string;
        /** Who would verify it: the publisher of the survey's toolkit, named before any review exists. */
        publisherName: string;
        completedAt: string;
        questions: ReviewQuestion[];
      } | null;
      review: Review | null;
      canRequest: boolean;
      requestRefusal: string | null;
    }>(),
  },
  /** An owner or admin asks the toolkit's publisher to verify the latest completed result. */
  requestReview: {
    name: 'reviews-request',
    access: 'member:askReview',
    request: ({ z, id }) => z.object({ surveyId: id, resultId: id }),
    response: answer<Review>(),
  },
  /** A comment on one question of a review, by either side (the caller's organisation decides which). */
  commentOnReview: {
    name: 'reviews-comment',
    access: 'member',
    request: ({ z, id, text }) =>
      z.object({
        reviewId: id,
        questionId: id,
        text: text({ max: REVIEW_TEXT_MAX, multiline: true }).pipe(z.string().min(1, 'Write a comment.')),
      }),
    response: answer<Review>(),
  },
  /** The business sends a review that needs information back to the publisher. */
  resubmitReview: {
    name: 'reviews-resubmit',
    access: 'member:askReview',
    request: ({ z, id }) => z.object({ reviewId: id }),
    response: answer<Review>(),
  },
  /** The publisher's queue: oldest first, by status and organisation name, with counts per status. */
  listReviews: {
    name: 'reviews-list',
    access: 'member:reviewResults',
    request: ({ z, id, text }) =>
      z.object({
        status: z.enum(REVIEW_STATUSES).optional(),
        search: text({ max: REVIEW_SEARCH_MAX }).optional(),
        /** The previous page's `next`. */
        cursor: id.optional(),
      }),
    response: answer<{ rows: ReviewRow[]; next: string | null; counts: Record<ReviewStatus, number> }>(),
  },
  /** One review as the publisher's reviewer sees it. */
  getReview: {
    name: 'reviews-get',
    access: 'member:reviewResults',
    request: ({ z, id }) => z.object({ reviewId: id }),
    response: answer<Review>(),
  },
  /** The reviewer accepts one answer or asks for more information about it (with a comment). */
  decideReviewQuestion: {
    name: 'reviews-decide',
    access: 'member:reviewResults',
    request: ({ z, id, text }) =>
      z
        .object({
          reviewId: id,
          questionId: id,
          decision: z.enum(QUESTION_DECISIONS),
          comment: text({ max: REVIEW_TEXT_MAX, multiline: true }).optional(),
        })
        .refine((request) => request.decision !== 'needsInformation' || (request.comment ?? '') !== '', {
          path: ['comment'],
          message: 'Say what information is needed.',
        }),
    response: answer<Review>(),
  },
  /** The reviewer's verdict on the whole result. */
  concludeReview: {
    name: 'reviews-conclude',
    access: 'member:reviewResults',
    request: ({ z, id, text }) =>
      z
        .object({
          reviewId: id,
          verdict: z.enum(REVIEW_VERDICTS),
          note: text({ max: REVIEW_TEXT_MAX, multiline: true }).optional(),
        })
        .refine((request) => request.verdict !== 'declined' || (request.note ?? '') !== '', {
          path: ['note'],
          message: 'Say why the result is not verified.',
        }),
    response: answer<Review>(),
  },
  /** The publisher withdraws a verification it gave: the credential that states it is revoked. */
  withdrawVerification: {
    name: 'reviews-withdraw',
    access: 'member:reviewResults',
    request: ({ z, id, text }) =>
      z.object({
        reviewId: id,
        reason: text({ max: REVIEW_TEXT_MAX, multiline: true }).pipe(
          z.string().min(1, 'Say why the verification is withdrawn.'),
        ),
      }),
    response: answer<Review>(),
  },
});

type Declarations = typeof CALLABLES;

/** Each callable's declaration by its name. */
export type CallablesByName = { [K in keyof Declarations as Declarations[K]['name']]: Declarations[K] };

/** The callable names by the key the code uses: `API.setUserRole` is 'admin-setUserRole'. */
export type ApiNames = { readonly [K in keyof Declarations]: Declarations[K]['name'] };

export type ApiName = keyof CallablesByName;

export const API = Object.fromEntries(
  Object.entries(CALLABLES).map(([key, declaration]) => [key, declaration.name]),
) as ApiNames;

/** Every callable name, in the declarations' order. */
export const CALLABLE_NAMES = Object.values(CALLABLES).map((declaration) => declaration.name) as ApiName[];

export const CALLABLES_BY_NAME = Object.fromEntries(
  Object.values(CALLABLES).map((declaration) => [declaration.name, declaration]),
) as CallablesByName;

/** The request schema a callable's declaration builds. */
export type RequestSchema<N extends ApiName> = ReturnType<CallablesByName[N]['request']>;

/** What a client sends a callable: its schema's input. */
export type ApiRequest<N extends ApiName> = z.input<RequestSchema<N>>;

/** What each callable answers, by name. */
export type ApiResponses = { [N in ApiName]: ResponseOf<CallablesByName[N]> };

/** Who may call the callable. */
export type AccessOf<N extends ApiName> = CallablesByName[N]['access'];
