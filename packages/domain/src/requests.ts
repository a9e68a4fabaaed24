// The request schemas of the callable API (zod): the server validates every request with them.
// Kept out of the package's main entry, which the browser loads: the browser only needs their
// types, and zod would add tens of kilobytes to a respondent's first load.
import { z } from 'zod';
import { ACCOUNT_DELETION_TOKEN_PATTERN } from './account';
import { ACTION_STATUSES, CUSTOM_ACTION_SUMMARY_MAX, CUSTOM_ACTION_TITLE_MAX, LEVELS } from './actions';
import { ACTIVITY_PAGE_MAX, AUDIT_KINDS } from './audit';
import { API } from './api-names';
import { INVITE_KEY_PATTERN } from './api';
import { SERVER_ERRORS } from './errors';
import { MILESTONE_IDS } from './journey';
import { MATERIALITY_SCALE, MATERIALITY_TOPIC_IDS } from './materiality';
import { BILLING_PERIODS, PAID_PLAN_IDS, SANDBOX_CARD_ENDINGS } from './plans';
import { isCalendarDay } from './dates';
import { PEER_GROUP_PATTERN, TREND_GRANULARITIES, trendRangeProblem } from './insights';
import {
  ALERT_RECIPIENTS_MAX,
  ALERT_TOKEN_PATTERN,
  BRAND_LOGO_MAX_BYTES,
  BRAND_LOGO_PATTERN,
  EXPERT_MESSAGE_MAX,
  EXPERT_MESSAGE_MIN,
} from './manage';
import { ROLES } from './roles';
import { ESG_TOPICS } from './topics';
import { idProblem, textProblem } from './strings';
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

export * from './strings';

/**
 * The message the server gives when a request holds `value` where `schema` is checked, or null when
 * it takes the value: forms check a field with the schema of the request they send, e.g.
 * `fieldProblem(REQUESTS[API.createInvite].shape.email, typed)`.
 */
export function fieldProblem(schema: z.ZodType, value: unknown): string | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? parsed.error.message);
}

/**
 * fieldProblem worded for a form: a rule that needs its field's name ("must be at most 100
 * characters") is led by `label`; a message that is a sentence already is shown as it is.
 */
export function fieldMessage(label: string, schema: z.ZodType, value: unknown): string | null {
  const problem = fieldProblem(schema, value);
  if (problem === null) return null;
  return /^[a-z]/.test(problem) ? `${label} ${problem}.` : problem;
}

/** Turns a "why not" function of ./strings into a zod refinement with its message. */
const rule =
  (problem: (value: string) => string | null) =>
  (value: string, ctx: z.RefinementCtx<string>): void => {
    const message = problem(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  };

/** A document id: one path segment of the store, never a path (see ./strings ID_PATTERN). */
export const storeId = z.string().trim().superRefine(rule(idProblem));

/**
 * Free text that is stored: no control characters (tabs and line breaks only when `multiline`) and
 * no unpaired surrogates. PGlite refuses NUL and broken Unicode, and no name or answer needs either.
 * Trimmed unless `trim` is false.
 */
export function text({
  max,
  multiline = false,
  trim = true,
}: {
  max: number;
  multiline?: boolean;
  trim?: boolean;
}) {
  return (trim ? z.string().trim() : z.string())
    .max(max, SERVER_ERRORS.textTooLong(max))
    .superRefine(rule((value) => textProblem(value, { multiline })));
}

const id = storeId;
/**
 * An e-mail address as every request takes it; also the check of an address that reaches the
 * server another way (a sign-in link's). The regex of z.email() refuses control characters and
 * broken Unicode as well.
 */
export const email = z
  .string()
  .trim()
  .max(320, SERVER_ERRORS.invalidEmail)
  .toLowerCase()
  .pipe(z.email(SERVER_ERRORS.invalidEmail));
const name = text({ max: 100 });
/** One notification's addresses: each valid, a few at most. */
const recipients = z.array(email).max(ALERT_RECIPIENTS_MAX, `At most ${ALERT_RECIPIENTS_MAX} addresses.`);

/** An answer: a slider value, a comment (which may span lines), a single choice, or several dropdown choices. */
export const answerValue = z.union([
  z.number().finite(),
  text({ max: 5000, multiline: true, trim: false }),
  z.array(text({ max: 500, trim: false })).max(50),
  z.null(),
]);

/** Answers by question id: the ids become field names of the stored result, so they follow the id rules. */
const answersByQuestion = z.record(id, answerValue, {
  error: (issue) => (issue.code === 'invalid_key' ? issue.issues[0]?.message : undefined),
});

const materialityScore = z
  .number()
  .int()
  .min(MATERIALITY_SCALE[0], 'Rate from 1 to 5.')
  .max(MATERIALITY_SCALE[MATERIALITY_SCALE.length - 1]!, 'Rate from 1 to 5.');

/** A calendar day, YYYY-MM-DD. */
const calendarDay = z.string().refine(isCalendarDay, 'Give a day as YYYY-MM-DD, e.g. 2026-11-26.');

/** The most comments one listComments request returns. */
export const COMMENTS_PAGE_MAX = 100;

/** The files the received results export to. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What an invite link holds: the invite's id, which names it, and its key, which opens it. */
const inviteLink = z.object({
  inviteId: id,
  key: z.string().regex(INVITE_KEY_PATTERN, SERVER_ERRORS.inviteNotValid),
});

export const REQUESTS = {
  [API.setUserRole]: z.object({ uid: id, tenantId: id, role: z.enum(ROLES) }),
  [API.getUserRole]: z.object({ uid: id, tenantId: id }),
  [API.getAvailableRoles]: z.null().or(z.object({})).optional(),
  [API.removeUserRole]: z.object({ uid: id, tenantId: id }),
  [API.getSubscriptionDetails]: z.null().or(z.object({})).optional(),
  [API.getCustomerEntitlements]: z.object({ tenantId: id }),
  [API.verifyAndLoginWithInvite]: inviteLink,
  [API.describeInvite]: inviteLink,
  [API.declineInvite]: inviteLink,

  /**
   * A new organisation's sign-up names it and its owner; a returning member's, or one joining a
   * tenant, names nothing (the server keeps what is stored). A name given is never empty.
   */
  [API.completeSignup]: z.object({
    toolkit: id,
    firstName: name.min(1, 'Enter your first name.').optional(),
    lastName: name.min(1, 'Enter your last name.').optional(),
    organisationName: name.min(1, SERVER_ERRORS.organisationNameMissing).optional(),
  }),
  [API.getProfile]: z.null().or(z.object({})).optional(),
  [API.watchProfile]: z.null().or(z.object({})).optional(),
  /** A name update is skipped when first or last name is undefined. */
  [API.updateNames]: z.object({ firstName: name.optional(), lastName: name.optional() }),
  [API.exportMyData]: z.null().or(z.object({})).optional(),
  [API.requestAccountDeletion]: z.null().or(z.object({})).optional(),
  [API.confirmAccountDeletion]: z.object({
    token: z.string().regex(ACCOUNT_DELETION_TOKEN_PATTERN, SERVER_ERRORS.accountDeletionLinkNotValid),
  }),
  [API.requestOrganisationDeletion]: z.null().or(z.object({})).optional(),
  [API.confirmOrganisationDeletion]: z.object({
    token: z.string().regex(ACCOUNT_DELETION_TOKEN_PATTERN, SERVER_ERRORS.organisationDeletionLinkNotValid),
  }),
  [API.saveOrganisation]: z.object({
    name: name.min(1, SERVER_ERRORS.organisationNameMissing),
    industry: name.optional(),
    size: name.optional(),
    country: name.optional(),
  }),
  [API.startResult]: z.object({
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
  [API.saveAnswer]: z.object({
    tenantId: id,
    surveyId: id,
    resultId: id,
    questionId: id,
    answer: answerValue,
    /** Orders saves of one question: a save older than the stored one is ignored. */
    seq: z.number().int().nonnegative(),
  }),
  [API.completeResult]: z.object({ tenantId: id, surveyId: id, resultId: id }),
  /** The completed result to keep, and the address whose proof will claim it. */
  [API.requestResultClaim]: z.object({ tenantId: id, surveyId: id, resultId: id, email }),
  [API.describeResultClaims]: z.null().or(z.object({})).optional(),
  [API.confirmResultClaim]: z.object({ claimId: id }),
  [API.declineResultClaim]: z.object({ claimId: id }),
  /** `opened`: the Results page asks, which is the view-results milestone (listing elsewhere is not). */
  [API.listLatestResults]: z
    .null()
    .or(z.object({ opened: z.boolean().optional() }))
    .optional(),
  /**
   * `opened`: the Insights screen asks, which is the view-insights milestone. `from`/`to`: the trend's
   * UTC days (inclusive); `granularity`: per ISO week or month. Each defaults (docs/behaviour.md, Survey insights and peers).
   */
  [API.getSurveyInsights]: z
    .object({
      surveyId: id,
      opened: z.boolean().optional(),
      from: calendarDay.optional(),
      to: calendarDay.optional(),
      granularity: z.enum(TREND_GRANULARITIES, 'Group the trend by week or month.').optional(),
    })
    .superRefine(({ from, to }, ctx) => {
      const problem = from && to ? trendRangeProblem(from, to) : null;
      if (problem) ctx.addIssue({ code: 'custom', path: ['from'], message: problem });
    }),
  /** The answers to one open question; `search`: words the comment has a word starting with. */
  [API.listComments]: z.object({
    surveyId: id,
    questionId: id,
    search: text({ max: 100 }).optional(),
    /** The previous page's `next`. */
    cursor: id.optional(),
    limit: z.number().int().min(1).max(COMMENTS_PAGE_MAX).optional(),
  }),
  /**
   * `downloading`: the priorities are fetched for a file, which is the download-actions milestone.
   * `group`: a peer group of the caller's (e.g. 'sector:retail') to benchmark within.
   */
  [API.getBenchmark]: z.object({
    surveyId: id,
    opened: z.boolean().optional(),
    downloading: z.boolean().optional(),
    group: z
      .string()
      .regex(PEER_GROUP_PATTERN, 'Name a peer group as facet:option, e.g. sector:retail.')
      .optional(),
  }),
  [API.listReceivedResults]: z.object({
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
  }) satisfies z.ZodType<ReceivedResultsQuery>,
  /** `reason`: why it is excluded (kept in the audit); required when excluding. */
  [API.setResultExcluded]: z
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
  [API.getReceivedResult]: z.object({ surveyId: id, resultId: id }),
  /** `format`: CSV (the default) or an Excel workbook (docs/behaviour.md, Exports). */
  [API.exportReceivedResults]: z.object({
    surveyId: id,
    format: z.enum(EXPORT_FORMATS, 'Export as csv or xlsx.').optional(),
  }),
  [API.listToolkitMembers]: z.object({ toolkit: id }),
  [API.getDeclaration]: z.null().or(z.object({})).optional(),
  /**
   * `surveyId`: the declaration the signer read, refused if the CMS has moved on to another. Nothing
   * else: the organisation name and the stage come from what the server stored.
   */
  [API.signDeclaration]: z.strictObject(
    { surveyId: id },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? SERVER_ERRORS.declarationFromStoredFacts : undefined,
    },
  ),
  [API.revokeCredential]: z.object({ credentialId: id }),
  [API.openCredential]: z.object({ credentialId: id }),
  [API.getCredentialKeys]: z.null().or(z.object({})).optional(),
  [API.getCredentialStatus]: z.object({ credentialId: id }),
  [API.startCheckout]: z.object({
    planId: z.enum(PAID_PLAN_IDS),
    period: z.enum(BILLING_PERIODS).default('month'),
  }),
  [API.confirmCheckout]: z.object({ sessionId: id }),
  [API.cancelSubscription]: z.null().or(z.object({})).optional(),
  [API.getSandboxCheckout]: z.object({ sessionId: id }),
  [API.finishSandboxCheckout]: z.object({ sessionId: id, pay: z.boolean() }),
  [API.listPlanPrices]: z.null().or(z.object({})).optional(),
  [API.previewPlanChange]: z.object({ planId: z.enum(PAID_PLAN_IDS), period: z.enum(BILLING_PERIODS) }),
  [API.changePlan]: z.object({ planId: z.enum(PAID_PLAN_IDS), period: z.enum(BILLING_PERIODS) }),
  [API.listInvoices]: z.null().or(z.object({})).optional(),
  [API.openBillingPortal]: z.null().or(z.object({})).optional(),
  [API.getSandboxPortal]: z.null().or(z.object({})).optional(),
  [API.replaceSandboxCard]: z.object({ last4: z.enum(SANDBOX_CARD_ENDINGS) }),
  [API.getSandboxInvoice]: z.object({ invoiceId: id }),
  [API.getBrand]: z.null().or(z.object({})).optional(),
  [API.saveBrand]: z.object({
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
  [API.saveCustomAction]: z.object({
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
  [API.deleteCustomAction]: z.object({ actionId: id }),
  [API.getMateriality]: z.null().or(z.object({})).optional(),
  /** Every matter rated so far; one left out is unrated. */
  [API.saveMateriality]: z.object({
    ratings: z.partialRecord(
      z.enum(MATERIALITY_TOPIC_IDS),
      z.object({ impact: materialityScore, financial: materialityScore }),
    ),
  }),
  [API.getAlerts]: z.null().or(z.object({})).optional(),
  [API.saveAlerts]: z.object({
    newResult: recipients,
    newTeamMember: recipients,
    expertRequest: recipients,
  }),
  [API.confirmAlertRecipient]: z.object({
    token: z.string().regex(ALERT_TOKEN_PATTERN, 'This is not a confirmation link of ours.'),
  }),
  [API.requestExpert]: z
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
  [API.toggleActionPlan]: z.object({ userResultId: id, actionId: id, selected: z.boolean() }),
  [API.updatePlannedAction]: z.object({
    userResultId: id,
    actionId: id,
    status: z.enum(ACTION_STATUSES),
    owner: name.nullable(),
    dueDate: z.iso.date().nullable(),
  }),
  [API.listActions]: z.object({ surveyId: id }),
  [API.findUsersByEmail]: z.object({ email }),
  [API.listTenantUsers]: z.null().or(z.object({})).optional(),
  /**
   * `role`: the role the invitee joins with (default user); never above the inviter's. `surveyId`:
   * an invite to answer that survey; without it, an invite to join the team.
   */
  [API.createInvite]: z.object({ email, surveyId: id.optional(), role: z.enum(ROLES).optional() }),
  [API.resendInvite]: z.object({ email }),
  [API.withdrawInvite]: z.object({ email }),
  [API.saveInviteAnswer]: z.object({
    tenantId: id,
    surveyId: id,
    surveyResultId: id,
    questionId: id,
    answer: answerValue,
    seq: z.number().int().nonnegative(),
  }),
  [API.submitInvite]: z.object({ tenantId: id, surveyId: id, surveyResultId: id, inviteId: id }),
  [API.listMilestones]: z.object({ userIds: z.array(id).max(100).optional() }),
  [API.setMilestone]: z.object({ milestoneId: z.enum(MILESTONE_IDS), completed: z.boolean() }),
  /** `kind`: only the changes of that kind; `cursor`: the previous page's `next`. */
  [API.listActivity]: z.object({
    kind: z.enum(AUDIT_KINDS, 'Choose a kind of change from the list.').optional(),
    cursor: id.optional(),
    limit: z
      .number()
      .int()
      .min(1, `List 1 to ${ACTIVITY_PAGE_MAX} entries.`)
      .max(ACTIVITY_PAGE_MAX, `List 1 to ${ACTIVITY_PAGE_MAX} entries.`)
      .optional(),
  }),
  [API.offerOwnership]: z.object({ uid: id }),
  [API.acceptOwnership]: z.null().or(z.object({})).optional(),
  [API.declineOwnership]: z.null().or(z.object({})).optional(),
  [API.cancelOwnershipOffer]: z.null().or(z.object({})).optional(),
  [API.getOwnershipOffer]: z.null().or(z.object({})).optional(),
} as const;
