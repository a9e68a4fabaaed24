// Assessment results (tenants/{tenant}/assessments/{survey}/results/{id}) and the user survey
// results that point at them (SPEC §3, §4, §7). The result belongs to the survey's tenant; the user
// survey result to the respondent's own tenant, or to the survey's tenant when they have none.
import { INITIAL_PROGRESS, type AnswerValue, type ResultScore } from '@toolkit/domain';
import {
  FieldValue,
  type DocData,
  type DocSnapshot,
  type DocumentStore,
  type StoreTransaction,
} from '../store/port';
import { takeQuota, type Quota } from '../abuse/limits';
import type { ServerSurveyDefinition } from '../api/handler';
import { renderNotification } from '../mail/notification';
import { scoreResult } from '../scoring';
import { INVITE_STATUS, inviteIsFor } from './invites';
import { mailDocument } from './mail';
import { milestoneWrite } from './milestones';
import { paths } from './paths';

/** The question whose answer names the respondent's organisation (the survey link can prefill it). */
export const COMPANY_NAME_QUESTION = 'company-name';

export const ALREADY_SUBMITTED = 'This survey was already submitted.';

export interface ResultRef {
  tenantId: string;
  surveyId: string;
  resultId: string;
}

export interface StoredResult {
  startedAt: string | null;
  updatedAt: string | null;
  completedAt: string | null;
  userId: string | null;
  isCompleted: boolean;
  /** Answers saved through the survey. */
  questions: Record<string, AnswerValue>;
  /** Answers saved through the invite journey (SPEC §3 "answers (used by the journey flow)"). */
  answers: Record<string, AnswerValue>;
  /** Highest save order applied per question. */
  seqs: Record<string, number>;
  score: ResultScore | null;
  /** The survey link's custom_ query parameters. */
  custom: Record<string, string>;
  /** The survey link's firstName, lastName, email and tenant. */
  respondent: Record<string, string>;
  respondentTenantId: string | null;
}

export interface UserResultLink {
  userResultId: string;
  surveyId: string;
  surveyTenantId: string;
  resultId: string;
}

/** Per survey: how many results were completed and the sums of their percents, for dashboards. */
export interface ResultAggregate {
  surveyId: string;
  completed: number;
  overallPercentSum: number;
  sections: { sectionIndex: number; title: string; percentSum: number }[];
}

type Reader = Pick<StoreTransaction, 'get'>;

const resultPath = (ref: ResultRef) => paths.result(ref.tenantId, ref.surveyId, ref.resultId);

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const record = <T>(value: unknown): Record<string, T> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, T>) : {};

export function toStoredResult(data: DocData): StoredResult {
  return {
    startedAt: text(data.startedAt),
    updatedAt: text(data.updatedAt),
    completedAt: text(data.completedAt),
    userId: text(data.userId),
    isCompleted: data.isCompleted === true,
    questions: record<AnswerValue>(data.questions),
    answers: record<AnswerValue>(data.answers),
    seqs: record<number>(data.seqs),
    score: (data.score as ResultScore | null | undefined) ?? null,
    custom: record<string>(data.custom),
    respondent: record<string>(data.respondent),
    respondentTenantId: text(data.respondentTenantId),
  };
}

export async function readResult(reader: Reader, ref: ResultRef): Promise<StoredResult | null> {
  const { data } = await reader.get(resultPath(ref));
  return data ? toStoredResult(data) : null;
}

/** Where the respondent's user survey result lives: their own tenant, else the survey's. */
export const userResultTenant = (ref: ResultRef, result: Pick<StoredResult, 'respondentTenantId'>) =>
  result.respondentTenantId ?? ref.tenantId;

/** Every answer of a result: survey answers, with journey answers over them. */
export const allAnswers = (result: StoredResult): Record<string, AnswerValue> => ({
  ...result.questions,
  ...result.answers,
});

/**
 * Whether this caller may read or write the result: the user who started it, or an invitee whose
 * token names an invite for exactly this result.
 */
export async function canReach(
  reader: Reader,
  ref: ResultRef,
  result: StoredResult,
  who: { uid: string; inviteId: string | null },
): Promise<boolean> {
  if (result.userId !== null && result.userId === who.uid) return true;
  if (!who.inviteId) return false;
  const { data: invite } = await reader.get(paths.invite(who.inviteId));
  return inviteIsFor(invite, ref);
}

/** The action plans a user survey result lists; anything but strings is left out. */
export const actionPlansOf = (data: DocData | null): string[] =>
  Array.isArray(data?.actionPlans)
    ? data.actionPlans.filter((plan): plan is string => typeof plan === 'string')
    : [];

const toLink = (snapshot: DocSnapshot): UserResultLink | null => {
  const surveyId = text(snapshot.data?.surveyId);
  const surveyTenantId = text(snapshot.data?.surveyTenantId);
  const resultId = text(snapshot.data?.resultId);
  return surveyId && surveyTenantId && resultId
    ? { userResultId: snapshot.id, surveyId, surveyTenantId, resultId }
    : null;
};

/** SPEC §7: the user's surveyResults where surveyId equals the survey, newest startedAt first, limit 1. */
export async function findLatestUserResult(
  store: DocumentStore,
  tenantId: string,
  uid: string,
  surveyId: string,
): Promise<UserResultLink | null> {
  const [latest] = await store.query(paths.userSurveyResults(tenantId, uid), {
    where: [['surveyId', '==', surveyId]],
    orderBy: [['startedAt', 'desc']],
    limit: 1,
  });
  return latest ? toLink(latest) : null;
}

/** SPEC §7: the user's surveyResults by surveyId, then startedAt descending; the first per survey. */
export async function listLatestUserResults(
  store: DocumentStore,
  tenantId: string,
  uid: string,
): Promise<(UserResultLink & { actionPlans: string[] })[]> {
  const snapshots = await store.query(paths.userSurveyResults(tenantId, uid), {
    orderBy: [
      ['surveyId', 'asc'],
      ['startedAt', 'desc'],
    ],
  });
  const latest = new Map<string, UserResultLink & { actionPlans: string[] }>();
  for (const snapshot of snapshots) {
    const link = toLink(snapshot);
    if (!link || latest.has(link.surveyId)) continue;
    latest.set(link.surveyId, { ...link, actionPlans: actionPlansOf(snapshot.data) });
  }
  return [...latest.values()];
}

export interface NewResult {
  tenantId: string;
  surveyId: string;
  uid: string;
  respondentTenantId: string | null;
  questions: Record<string, AnswerValue>;
  custom: Record<string, string>;
  respondent: Record<string, string>;
}

/**
 * SPEC §4 creates the result with a null user, then links it and creates the user survey result in
 * one batch; here both documents are written in one transaction, already linked, which is the same
 * end state without a moment where the result belongs to nobody. The user survey result shares
 * the result's id, so completion finds it without a query.
 */
export async function createResult(store: DocumentStore, input: NewResult): Promise<string> {
  const resultId = store.newId();
  const ref = { tenantId: input.tenantId, surveyId: input.surveyId, resultId };
  await store.transaction(async (tx) => {
    tx.create(resultPath(ref), {
      startedAt: FieldValue.serverTimestamp(),
      updatedAt: null,
      completedAt: null,
      userId: input.uid,
      isCompleted: false,
      questions: input.questions,
      answers: {},
      seqs: {},
      score: null,
      custom: input.custom,
      respondent: input.respondent,
      respondentTenantId: input.respondentTenantId,
    });
    tx.create(paths.userSurveyResult(userResultTenant(ref, input), input.uid, resultId), {
      actionPlans: [],
      active: true,
      progress: INITIAL_PROGRESS,
      surveyId: input.surveyId,
      surveyTenantId: input.tenantId,
      resultId,
      startedAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
      isCompleted: false,
      completedAt: null,
    });
  });
  return resultId;
}

/** The aggregate with one more completed result added. */
export function addToAggregate(
  current: DocData | null,
  surveyId: string,
  score: ResultScore,
): ResultAggregate & DocData {
  const sections = Array.isArray(current?.sections) ? (current.sections as ResultAggregate['sections']) : [];
  return {
    surveyId,
    completed: (typeof current?.completed === 'number' ? current.completed : 0) + 1,
    overallPercentSum:
      (typeof current?.overallPercentSum === 'number' ? current.overallPercentSum : 0) +
      score.overall.percent,
    sections: score.sections.map((section) => ({
      sectionIndex: section.sectionIndex,
      title: section.title,
      percentSum:
        (sections.find((stored) => stored.sectionIndex === section.sectionIndex)?.percentSum ?? 0) +
        section.percent,
    })),
  };
}

export type SaveOutcome =
  | { outcome: 'not-found' | 'denied' | 'completed' }
  | { outcome: 'applied' | 'stale'; updatedAt: string | null };

export interface AnswerSave {
  ref: ResultRef;
  who: { uid: string; inviteId: string | null };
  /** questions for the survey, answers for the invite journey. */
  field: 'questions' | 'answers';
  questionId: string;
  answer: AnswerValue;
  seq: number;
}

/**
 * Saves one answer unless a save with a higher or equal order was already applied, so a late,
 * older request never overwrites a newer answer. The whole maps are written back (inside the
 * transaction that read them) rather than as dotted paths, so a question id with a dot is safe.
 */
export async function saveAnswer(store: DocumentStore, save: AnswerSave): Promise<SaveOutcome> {
  const { ref, who, field, questionId, answer, seq } = save;
  const outcome = await store.transaction(async (tx): Promise<SaveOutcome> => {
    const result = await readResult(tx, ref);
    if (!result) return { outcome: 'not-found' };
    if (!(await canReach(tx, ref, result, who))) return { outcome: 'denied' };
    if (result.isCompleted) return { outcome: 'completed' };
    if (seq <= (result.seqs[questionId] ?? -1)) return { outcome: 'stale', updatedAt: result.updatedAt };
    tx.update(resultPath(ref), {
      [field]: { ...result[field], [questionId]: answer },
      seqs: { ...result.seqs, [questionId]: seq },
      updatedAt: FieldValue.serverTimestamp(),
    });
    return { outcome: 'applied', updatedAt: null };
  });
  if (outcome.outcome !== 'applied') return outcome;
  // The store sets the timestamp at commit: read it back for the response.
  return { outcome: 'applied', updatedAt: (await readResult(store, ref))?.updatedAt ?? null };
}

export interface CompletionCaller {
  uid: string;
  email: string | null;
  isAnonymous: boolean;
  tenantId: string | null;
  inviteId: string | null;
}

export interface Completion {
  ref: ResultRef;
  definition: ServerSurveyDefinition;
  caller: CompletionCaller;
  appUrl: string;
  /** The invite journey's submit: only through a pending invite for this result. */
  viaInvite: boolean;
  /** The abuse limits this completion counts against; a result completed before counts for nothing. */
  quota?: Quota;
}

export type CompletionOutcome =
  | { outcome: 'not-found' | 'denied' | 'invite-closed' }
  | { outcome: 'already-completed' | 'completed'; completedAt: string | null; score: ResultScore | null };

/** The respondent as the mail names them: their tenant profile, else the survey link's prefill. */
function respondentName(profile: DocData | null, result: StoredResult, email: string | null) {
  const join = (first: unknown, last: unknown) =>
    [first, last]
      .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
      .join(' ')
      .trim();
  return (
    join(profile?.firstName, profile?.lastName) ||
    join(result.respondent.firstName, result.respondent.lastName) ||
    join(result.custom.custom_firstName, result.custom.custom_lastName) ||
    email ||
    result.respondent.email ||
    null
  );
}

/**
 * SPEC §4 completion in one transaction: the result and the user survey result are marked
 * complete, the score and the survey's aggregate are stored, one notification mail is queued, the
 * caller's complete-quickscan milestone is set and, through an invite, the invite is completed.
 * A result completed before is left alone, so a repeated request sends no second mail.
 */
export async function completeResult(
  store: DocumentStore,
  completion: Completion,
): Promise<CompletionOutcome> {
  const { ref, definition, caller, appUrl, viaInvite, quota } = completion;
  const outcome = await store.transaction(async (tx): Promise<CompletionOutcome> => {
    const result = await readResult(tx, ref);
    if (!result) return { outcome: 'not-found' };
    const invite = caller.inviteId ? await tx.get(paths.invite(caller.inviteId)) : null;
    const inviteMatches = inviteIsFor(invite?.data ?? null, ref);
    const owner = result.userId !== null && result.userId === caller.uid;
    if (viaInvite ? !inviteMatches : !owner && !inviteMatches) return { outcome: 'denied' };
    if (viaInvite && invite?.data?.status !== INVITE_STATUS.pending) return { outcome: 'invite-closed' };
    if (result.isCompleted) {
      return viaInvite
        ? { outcome: 'invite-closed' }
        : { outcome: 'already-completed', completedAt: result.completedAt, score: result.score };
    }

    const userResultPath = result.userId
      ? paths.userSurveyResult(userResultTenant(ref, result), result.userId, ref.resultId)
      : null;
    const userResult = userResultPath ? await tx.get(userResultPath) : null;
    const aggregate = await tx.get(paths.aggregate(ref.tenantId, ref.surveyId));
    const profile =
      caller.tenantId && !caller.isAnonymous
        ? await tx.get(paths.tenantUser(caller.tenantId, caller.uid))
        : null;
    // Counted in this transaction: a repeated or concurrent request for the result counts once.
    if (quota) await takeQuota(tx, quota);

    const answers = allAnswers(result);
    const score = scoreResult(definition, answers);
    const completed = {
      isCompleted: true,
      updatedAt: FieldValue.serverTimestamp(),
      completedAt: FieldValue.serverTimestamp(),
    };
    tx.update(resultPath(ref), { ...completed, score });
    if (userResultPath && userResult?.data) tx.update(userResultPath, completed);
    tx.set(paths.aggregate(ref.tenantId, ref.surveyId), {
      ...addToAggregate(aggregate.data, ref.surveyId, score),
      updatedAt: FieldValue.serverTimestamp(),
    });
    if (definition.notificationRecipients.length > 0) {
      const company = answers[COMPANY_NAME_QUESTION];
      const { subject, html } = renderNotification({
        surveyTitle: definition.title,
        organisation: typeof company === 'string' ? company : null,
        respondentName: respondentName(profile?.data ?? null, result, caller.email),
        primaryLogo: definition.primaryLogo,
        secondaryLogo: definition.secondaryLogo,
        primaryColor: definition.primaryColor,
        appUrl,
        score,
      });
      tx.create(
        paths.mailDoc(store.newId()),
        mailDocument({
          to: definition.notificationRecipients,
          bcc: definition.notificationBcc,
          subject,
          html,
        }),
      );
    }
    if (caller.tenantId && !caller.isAnonymous) {
      const milestone = milestoneWrite(caller.tenantId, caller.uid, 'complete-quickscan', true, caller.uid);
      tx.set(milestone.path, milestone.data, { merge: true });
    }
    if (inviteMatches && caller.inviteId && invite?.data?.status === INVITE_STATUS.pending) {
      tx.update(paths.invite(caller.inviteId), {
        status: INVITE_STATUS.completed,
        completedAt: FieldValue.serverTimestamp(),
      });
    }
    return { outcome: 'completed', completedAt: null, score };
  });
  if (outcome.outcome !== 'completed') return outcome;
  return { ...outcome, completedAt: (await readResult(store, ref))?.completedAt ?? null };
}
