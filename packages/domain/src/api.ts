// The callable API between the browser and the server (DESIGN.md §2): SPEC §7's seven callables
// plus one callable per client-side document operation of SPEC §7. The request schemas are the
// server's validation and the client's types, so the two cannot drift apart.
import { z } from 'zod';
import { MILESTONE_IDS, type StoredMilestone } from './journey';
import { ROLES, type Role } from './roles';
import type { SurveyStatus } from './survey';

export const API = {
  // SPEC §7 callables.
  setUserRole: 'admin-setUserRole',
  getUserRole: 'admin-getUserRole',
  getAvailableRoles: 'admin-getAvailableRoles',
  removeUserRole: 'admin-removeUserRole',
  getSubscriptionDetails: 'subscription-getSubscriptionDetails',
  getCustomerEntitlements: 'entitlements-getCustomerEntitlements',
  verifyAndLoginWithInvite: 'journey-verifyAndLoginWithInvite',
  // SPEC §7 document operations, one callable each.
  completeSignup: 'account-completeSignup',
  getProfile: 'account-getProfile',
  updateNames: 'account-updateNames',
  saveOrganisation: 'organisation-save',
  startResult: 'survey-startResult',
  saveAnswer: 'survey-saveAnswer',
  completeResult: 'survey-completeResult',
  listLatestResults: 'results-listLatest',
  toggleActionPlan: 'results-toggleActionPlan',
  findUsersByEmail: 'users-findByEmail',
  listTenantUsers: 'users-listTenantUsers',
  createInvite: 'invites-create',
  saveInviteAnswer: 'journey-saveAnswer',
  submitInvite: 'journey-submit',
  listMilestones: 'milestones-list',
  setMilestone: 'milestones-set',
} as const;

export type ApiName = (typeof API)[keyof typeof API];

const id = z.string().trim().min(1).max(128);
const email = z.string().trim().toLowerCase().max(320).pipe(z.email());
const name = z.string().trim().max(100);

/** An answer: a slider value, a comment, a single choice, or several dropdown choices. */
export const answerValue = z.union([
  z.number().finite(),
  z.string().max(5000),
  z.array(z.string().max(500)).max(50),
  z.null(),
]);
export type AnswerValue = z.infer<typeof answerValue>;

export const REQUESTS = {
  [API.setUserRole]: z.object({ uid: id, tenantId: id, role: z.enum(ROLES) }),
  [API.getUserRole]: z.object({ uid: id, tenantId: id }),
  [API.getAvailableRoles]: z.null().or(z.object({})).optional(),
  [API.removeUserRole]: z.object({ uid: id, tenantId: id }),
  [API.getSubscriptionDetails]: z.null().or(z.object({})).optional(),
  [API.getCustomerEntitlements]: z.object({ tenantId: id }),
  [API.verifyAndLoginWithInvite]: z.object({ inviteId: id }),

  [API.completeSignup]: z.object({
    toolkit: id,
    firstName: name.optional(),
    lastName: name.optional(),
    organisationName: name.optional(),
  }),
  [API.getProfile]: z.null().or(z.object({})).optional(),
  /** SPEC §5: a name update is skipped when first or last name is undefined. */
  [API.updateNames]: z.object({ firstName: name.optional(), lastName: name.optional() }),
  [API.saveOrganisation]: z.object({
    name: name.min(1),
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
            email: z.string().trim().max(320).optional(),
            tenant: z.string().trim().max(128).optional(),
          })
          .optional(),
        answers: z.record(id, answerValue).optional(),
        custom: z.record(z.string().regex(/^custom_[\w-]{1,64}$/), z.string().max(500)).optional(),
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
  /** `opened`: the Results page asks, which is the view-results milestone (listing elsewhere is not). */
  [API.listLatestResults]: z
    .null()
    .or(z.object({ opened: z.boolean().optional() }))
    .optional(),
  [API.toggleActionPlan]: z.object({ userResultId: id, actionId: id, selected: z.boolean() }),
  [API.findUsersByEmail]: z.object({ email }),
  [API.listTenantUsers]: z.null().or(z.object({})).optional(),
  [API.createInvite]: z.object({ email, surveyId: id }),
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
} as const;

export type ApiRequest<N extends ApiName> = z.input<(typeof REQUESTS)[N]>;

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
}

/**
 * Scores per section and overall, each as points of the maximum (README of @toolkit/content).
 * Overall points run from 0 to the survey's scale; a section of weight 0 is shown but not scored.
 */
export interface ResultScore {
  overall: { points: number; max: number; percent: number };
  sections: {
    sectionIndex: number;
    title: string;
    points: number;
    max: number;
    percent: number;
    weight: number;
  }[];
  /** The band the overall score falls in; null when the survey defines none. */
  band: { label: string; description: string | null } | null;
}

export interface TenantUserProfile {
  uid: string;
  email: string;
  firstName: string;
  lastName: string;
  tenantId: string;
  role: Role;
  organization: { name: string; industry?: string; size?: string; country?: string } | null;
}

export interface ApiResponses {
  [API.completeSignup]: { status: 'ok'; tenantId: string; created: boolean };
  [API.getProfile]: {
    status: 'ok';
    profile: TenantUserProfile | null;
    tenant: { id: string; createdBy: string; getStarted: boolean } | null;
  };
  [API.updateNames]: { status: 'ok' | 'skipped' };
  [API.saveOrganisation]: { status: 'ok' };
  [API.startResult]: {
    resultId: string;
    status: SurveyStatus;
    created: boolean;
    questions: Record<string, AnswerValue>;
    /** The highest save order stored per question, so a resumed client keeps counting up. */
    seqs: Record<string, number>;
  };
  [API.saveAnswer]: { applied: boolean; updatedAt: string };
  [API.completeResult]: { completedAt: string; alreadyCompleted: boolean; score: ResultScore | null };
  [API.listLatestResults]: { results: ResultSummary[] };
  [API.toggleActionPlan]: { actionPlans: string[] };
  [API.findUsersByEmail]: { users: { uid: string; email: string; firstName: string; lastName: string }[] };
  [API.listTenantUsers]: { users: TenantUserProfile[] };
  [API.createInvite]: { inviteId: string; link: string };
  [API.saveInviteAnswer]: { applied: boolean; updatedAt: string };
  [API.submitInvite]: { status: 'completed' };
  [API.listMilestones]: { milestones: Record<string, StoredMilestone[]> };
  [API.setMilestone]: { status: 'ok' };
}
