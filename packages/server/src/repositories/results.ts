// Assessment results (tenants/{tenant}/assessments/{survey}/results/{id}) and the user survey
// results that point at them (docs/behaviour.md, Data model). The result belongs to the survey's tenant; the user
// survey result to the respondent's own tenant, or to the survey's tenant when they have none. The user survey
// results of an organisation's members are the organisation's: any member's completion counts for all.
import {
  ACTION_STATUSES,
  defaultDirection,
  INITIAL_PROGRESS,
  normaliseSearch,
  WORKBENCH_FACETS,
  type AnswerValue,
  type PlannedAction,
  type ReceivedResultsQuery,
  type ResultScore,
  type WorkbenchSort,
} from '@toolkit/domain';
import {
  FieldValue,
  type DocData,
  type DocSnapshot,
  type DocumentStore,
  type StoreTransaction,
  type WhereOp,
} from '../store/port';
import { takeQuota, type Quota } from '../abuse/limits';
import { addToAggregate } from './aggregates';
import { flag, oneOf, record, strings, textOrNull } from './decode';
import { paths } from './paths';

/** The question whose answer names the respondent's organisation (the survey link can prefill it). */
export const COMPANY_NAME_QUESTION = 'company-name';

/** The organisation the respondent named, if they answered the company-name question. */
export function organisationAnswer(answers: Readonly<Record<string, AnswerValue>>): string | null {
  const company = answers[COMPANY_NAME_QUESTION];
  return typeof company === 'string' && company.trim() !== '' ? company.trim() : null;
}

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
  /** Answers saved through the invite journey. */
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

type Reader = Pick<StoreTransaction, 'get'>;

const resultPath = (ref: ResultRef) => paths.result(ref.tenantId, ref.surveyId, ref.resultId);

export function toStoredResult(data: DocData): StoredResult {
  return {
    startedAt: textOrNull(data.startedAt),
    updatedAt: textOrNull(data.updatedAt),
    completedAt: textOrNull(data.completedAt),
    userId: textOrNull(data.userId),
    isCompleted: flag(data.isCompleted),
    questions: record<AnswerValue>(data.questions),
    answers: record<AnswerValue>(data.answers),
    seqs: record<number>(data.seqs),
    score: (data.score as ResultScore | null | undefined) ?? null,
    custom: record<string>(data.custom),
    respondent: record<string>(data.respondent),
    respondentTenantId: textOrNull(data.respondentTenantId),
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

/** The action ids a user survey result plans; anything but strings is left out. */
const actionPlansOf = (data: DocData | null): string[] => strings(data?.actionPlans);

/** A user survey result's action plan: the planned ids, and each one's status, owner and due date. */
export interface ActionPlan {
  actionPlans: string[];
  planned: PlannedAction[];
}

function actionPlanOf(data: DocData): ActionPlan {
  const states = record<Record<string, unknown>>(data.actionStatus);
  const actionPlans = actionPlansOf(data);
  return {
    actionPlans,
    planned: actionPlans.map((actionId) => {
      const state = record<unknown>(states[actionId]);
      return {
        actionId,
        status: oneOf(ACTION_STATUSES, state.status, 'todo'),
        owner: textOrNull(state.owner),
        dueDate: textOrNull(state.dueDate),
      };
    }),
  };
}

/** The plan of a member's user survey result; null when there is no such user survey result. */
export async function readActionPlan(
  reader: Reader,
  tenantId: string,
  uid: string,
  userResultId: string,
): Promise<ActionPlan | null> {
  const { data } = await reader.get(paths.userSurveyResult(tenantId, uid, userResultId));
  return data ? actionPlanOf(data) : null;
}

const toLink = (snapshot: DocSnapshot): UserResultLink | null => {
  const surveyId = textOrNull(snapshot.data?.surveyId);
  const surveyTenantId = textOrNull(snapshot.data?.surveyTenantId);
  const resultId = textOrNull(snapshot.data?.resultId);
  return surveyId && surveyTenantId && resultId
    ? { userResultId: snapshot.id, surveyId, surveyTenantId, resultId }
    : null;
};

/** The user's surveyResults where surveyId equals the survey, newest startedAt first, limit 1. */
export async function findLatestUserResult(
  reader: Pick<StoreTransaction, 'query'>,
  tenantId: string,
  uid: string,
  surveyId: string,
): Promise<UserResultLink | null> {
  const [latest] = await reader.query(paths.userSurveyResults(tenantId, uid), {
    where: [['surveyId', '==', surveyId]],
    orderBy: [['startedAt', 'desc']],
    limit: 1,
  });
  return latest ? toLink(latest) : null;
}

/** One page of a survey's completed results in order of completion, continuing after the result `after`. */
export function completedResultsPage(
  store: DocumentStore,
  tenantId: string,
  surveyId: string,
  page: { direction: 'asc' | 'desc'; limit: number; after?: string },
): Promise<DocSnapshot[]> {
  return store.query(paths.results(tenantId, surveyId), {
    where: [['isCompleted', '==', true]],
    orderBy: [['completedAt', page.direction]],
    limit: page.limit,
    ...(page.after === undefined ? {} : { startAfter: page.after }),
  });
}

/**
 * A survey's completed results, oldest first, read a page at a time: the backfill's steps walk them
 * all, as completion would have met them.
 */
export async function* completedResults(
  store: DocumentStore,
  tenantId: string,
  surveyId: string,
  pageSize = 200,
): AsyncGenerator<DocSnapshot & { data: DocData }> {
  for (let after: string | undefined; ;) {
    const page = await completedResultsPage(store, tenantId, surveyId, {
      direction: 'asc',
      limit: pageSize,
      after,
    });
    for (const snapshot of page) if (snapshot.data) yield { ...snapshot, data: snapshot.data };
    if (page.length < pageSize) return;
    after = page.at(-1)!.id;
  }
}

/** The organisation's members (its tenant users), whose user survey results are the organisation's. */
export async function listMemberIds(store: DocumentStore, tenantId: string): Promise<string[]> {
  return (await store.query(paths.tenantUsers(tenantId))).map((snapshot) => snapshot.id);
}

/** A member's user survey result: whose it is, when it started, and the plan kept on it. */
export interface MemberResultLink extends UserResultLink {
  uid: string;
  startedAt: string;
  plan: ActionPlan;
}

/** One of the organisation's results with its link; the result is null when it is gone. */
export interface OrganisationResult {
  link: MemberResultLink;
  result: StoredResult | null;
}

// Completed results in the order they were completed, after those still open in the order they started.
const endedAt = ({ link, result }: OrganisationResult) =>
  result?.isCompleted ? `1${result.completedAt ?? ''}` : `0${link.startedAt}`;

/**
 * Every result of the organisation's members, of one survey or of all, oldest first with the
 * completed ones last in the order they were completed: the last completed is the organisation's latest.
 */
export async function listOrganisationResults(
  store: DocumentStore,
  tenantId: string,
  surveyId?: string,
): Promise<OrganisationResult[]> {
  const uids = await listMemberIds(store, tenantId);
  const spec = surveyId === undefined ? undefined : { where: [['surveyId', '==', surveyId] as const] };
  const links = (
    await Promise.all(
      uids.map(async (uid) =>
        (await store.query(paths.userSurveyResults(tenantId, uid), spec)).flatMap((snapshot) => {
          const link = toLink(snapshot);
          return link
            ? [
                {
                  ...link,
                  uid,
                  startedAt: textOrNull(snapshot.data?.startedAt) ?? '',
                  plan: actionPlanOf(snapshot.data!),
                },
              ]
            : [];
        }),
      ),
    )
  ).flat();
  const results = await Promise.all(
    links.map(async (link) => ({
      link,
      result: await readResult(store, {
        tenantId: link.surveyTenantId,
        surveyId: link.surveyId,
        resultId: link.resultId,
      }),
    })),
  );
  return results.sort((a, b) => endedAt(a).localeCompare(endedAt(b)));
}

/** The member whose user survey result this is; null when no member of the organisation has it. */
export async function findResultOwner(
  store: DocumentStore,
  tenantId: string,
  userResultId: string,
): Promise<string | null> {
  const uids = await listMemberIds(store, tenantId);
  const found = await Promise.all(
    uids.map(
      async (uid) => (await store.get(paths.userSurveyResult(tenantId, uid, userResultId))).data !== null,
    ),
  );
  return uids.find((_, index) => found[index]) ?? null;
}

export interface NewResult {
  tenantId: string;
  surveyId: string;
  uid: string;
  respondentTenantId: string | null;
  questions: Record<string, AnswerValue>;
  custom: Record<string, string>;
  respondent: Record<string, string>;
  /** Counted in the same transaction: no result without its count, no count without its result. */
  quota?: Quota;
}

/**
 * Both documents are written in the caller's transaction, already linked, rather than a result with a
 * null user linked afterwards: the same end state without a moment where the result belongs to
 * nobody. The user survey result shares the result's id, so completion finds it without a query.
 * The quota's counters are read first, so the caller's reads must come before.
 */
export async function createResult(tx: StoreTransaction, resultId: string, input: NewResult): Promise<void> {
  const ref = { tenantId: input.tenantId, surveyId: input.surveyId, resultId };
  if (input.quota) await takeQuota(tx, input.quota);
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
  addToAggregate(tx, ref, { started: 1 });
}

const SORT_FIELDS: Record<WorkbenchSort, string> = {
  completed: 'completedAt',
  score: 'listing.percent',
  organisation: 'listing.organisation',
};

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 24 * 60 * 60 * 1000);

/** Both days included, as UTC days; timestamps compare with Dates. */
function dayRange(field: string, { from, to }: Pick<ReceivedResultsQuery, 'from' | 'to'>): Where[] {
  return [
    ...(from ? [[field, '>=', dayStart(from)] as const] : []),
    ...(to ? [[field, '<', dayAfter(to)] as const] : []),
  ];
}

type Where = readonly [string, WhereOp, unknown];

/**
 * The store query of a workbench request (cursor and limit aside), filtering on the `listing`
 * completion writes. Ties of a score or organisation sort fall to the completion time, then the id,
 * so pages never overlap. Started results: newest first, only the date range applies.
 */
export function workbenchSpec(query: ReceivedResultsQuery): {
  where: Where[];
  orderBy: (readonly [string, 'asc' | 'desc'])[];
} {
  if (query.state === 'in-progress') {
    return {
      where: [['isCompleted', '==', false], ...dayRange('startedAt', query)],
      orderBy: [['startedAt', 'desc']],
    };
  }
  const where: Where[] = [
    ['isCompleted', '==', true],
    ['listing.excluded', '==', query.state === 'excluded'],
  ];
  if (query.band) where.push(['listing.band', '==', query.band]);
  for (const facet of WORKBENCH_FACETS) {
    const value = query[facet];
    if (value) where.push([`listing.${facet}`, '==', value]);
  }
  const term = query.search ? normaliseSearch(query.search) : null;
  if (term) where.push(['listing.terms', 'array-contains', term]);
  where.push(...dayRange('completedAt', query));
  const sort = query.sort ?? 'completed';
  const direction = query.direction ?? defaultDirection(sort);
  const orderBy: (readonly [string, 'asc' | 'desc'])[] = [[SORT_FIELDS[sort], direction]];
  if (sort !== 'completed') orderBy.push(['completedAt', direction]);
  return { where, orderBy };
}

/** One page of a workbench request and how many results match it, reading only that page. */
export async function listWorkbenchPage(
  store: DocumentStore,
  tenantId: string,
  query: ReceivedResultsQuery & { limit: number },
): Promise<{ page: DocSnapshot[]; more: boolean; total: number }> {
  const collection = paths.results(tenantId, query.surveyId);
  const spec = workbenchSpec(query);
  // One more than asked tells whether a next page exists.
  const [found, total] = await Promise.all([
    store.query(collection, {
      ...spec,
      limit: query.limit + 1,
      ...(query.cursor === undefined ? {} : { startAfter: query.cursor }),
    }),
    store.count(collection, spec),
  ]);
  return { page: found.slice(0, query.limit), more: found.length > query.limit, total };
}

/** On a result: its counts were taken out of the aggregate because it was stored empty. */
export const EMPTY_RESULT_MARK = 'excludedFromInsights';

/** Counts with every number negated: what takes a result's counts back out. */
export function negatedCounts<T extends object>(counts: T): T {
  return Object.fromEntries(
    Object.entries(counts).map(([key, value]) => [
      key,
      typeof value === 'number' ? -value : negatedCounts(value as object),
    ]),
  ) as T;
}

/** Whether a stored completed result's counts are in its survey's aggregate now. */
export function inAggregate(data: DocData): boolean {
  const result = toStoredResult(data);
  return (
    result.isCompleted &&
    result.score !== null &&
    result.completedAt !== null &&
    data[EMPTY_RESULT_MARK] !== true &&
    flag(record<unknown>(data.listing).excluded) === false
  );
}

type Writer = Pick<StoreTransaction, 'update' | 'create'>;

/** An invite's result, started now and nobody's until the invitee answers it. */
export function createInvitedResult(tx: Pick<Writer, 'create'>, ref: ResultRef): void {
  tx.create(resultPath(ref), { startedAt: FieldValue.serverTimestamp(), userId: null });
}

/** Changes the stored result's fields (a dotted key addresses a nested field). */
export function updateResult(tx: Pick<Writer, 'update'>, ref: ResultRef, fields: DocData): void {
  tx.update(resultPath(ref), fields);
}

/** Changes the fields of a member's user survey result (a dotted key addresses a nested field). */
export function updateUserResult(
  tx: Pick<Writer, 'update'>,
  tenantId: string,
  uid: string,
  userResultId: string,
  fields: DocData,
): void {
  tx.update(paths.userSurveyResult(tenantId, uid, userResultId), fields);
}

/**
 * Adds the action to the plan of the user survey result, or takes it out; fails with StoreError
 * 'not-found' when the user survey result does not exist.
 */
export async function toggleActionInPlan(
  store: DocumentStore,
  tenantId: string,
  uid: string,
  userResultId: string,
  change: { actionId: string; selected: boolean },
): Promise<void> {
  const { actionId, selected } = change;
  await store.update(paths.userSurveyResult(tenantId, uid, userResultId), {
    actionPlans: selected ? FieldValue.arrayUnion(actionId) : FieldValue.arrayRemove(actionId),
  });
}
