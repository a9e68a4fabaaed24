// The server's view of the content service: one GraphQL query by survey id over plain
// fetch with the bearer key, mapped to what scoring, authorisation and the notification mail need.
import {
  ACTIONS_QUERY,
  contentServiceFailure,
  questionTypeOf,
  SERVER_ERRORS,
  SERVER_SURVEY_QUERY,
  SURVEY_LIST_QUERY,
  TOOLKIT_QUERY,
  type ActionCatalogueQuery,
  type AnswerValue,
  type ScoredQuestionFragment,
  type ServerSurveyQuery,
  type SurveyListQuery,
  type ToolkitQuery,
} from '@toolkit/domain';
import { ApiError, invalidArgument, notFound } from './api/errors';
import type { ContentPort, ServerDeps, ServerQuestion, ServerSurveyDefinition } from './api/handler';
import { answerProblem, findQuestion } from './scoring';

export interface ContentPortOptions {
  /** The GraphQL endpoint, e.g. http://127.0.0.1:4000/graphql */
  url: string;
  key: string;
  /** Named in the content-failure message. */
  serviceName?: string;
  timeoutMs?: number;
  /**
   * How long a fetched definition is reused: every answer save checks the answer against the
   * definition, and one content request per save would make the CMS the hot path. A published
   * change reaches the server within this time.
   */
  cacheMs?: number;
  now?: () => number;
}

// The shapes of the query's answer, generated from the content schema (@toolkit/domain content/).
type RawSurvey = NonNullable<ServerSurveyQuery['survey']>;
type RawQuestion = ScoredQuestionFragment;

const toQuestion = (raw: RawQuestion): ServerQuestion => ({
  id: raw.id,
  // A type this version does not know keeps its schema name.
  type: questionTypeOf(raw.type) ?? raw.type,
  title: raw.title,
  scoring: raw.scoring,
  scoreMin: raw.scoreMin,
  scoreMax: raw.scoreMax,
  labels: raw.labels,
  options: raw.options,
  multiple: raw.multiple,
  evidenceRequired: raw.evidenceRequired,
});

function toDefinition(raw: RawSurvey): ServerSurveyDefinition {
  return {
    id: raw.id,
    tenantId: raw.tenantId,
    title: raw.title,
    requireAccount: raw.requireAccount,
    notificationRecipients: raw.notificationEmailRecipients,
    notificationBcc: raw.notificationEmailBcc,
    primaryLogo: raw.primaryLogo?.url ?? null,
    secondaryLogo: raw.secondaryLogo?.url ?? null,
    primaryColor: raw.primaryColor,
    dashboardUrl: raw.dashboardUrl,
    declaration: { text: raw.declarationText ?? null, outro: raw.declarationOutro ?? null },
    scoring: raw.scoring,
    sections: raw.sections.map((section) => ({
      title: section.title,
      topic: section.topic,
      weight: section.weight,
      questions: section.questions.flatMap((item) =>
        item.__typename === 'QuestionGroup' ? item.questions.map(toQuestion) : [toQuestion(item)],
      ),
    })),
  };
}

export function createContentPort({
  url,
  key,
  serviceName = 'content service',
  timeoutMs = 10_000,
  cacheMs = 60_000,
  now = Date.now,
}: ContentPortOptions): ContentPort {
  /** Answers by query and variables (a definition, "no such survey", the catalogue); failures are never kept. */
  const cache = new Map<string, { at: number; answer: Promise<unknown> }>();

  async function fetchData<T>(query: string, variables: Record<string, unknown>): Promise<T> {
    let body: { data?: T | null; errors?: unknown[] };
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      body = (await response.json()) as typeof body;
      if (body.errors?.length || !body.data) throw new Error(JSON.stringify(body.errors ?? 'no data'));
    } catch (cause) {
      // One message for every content failure; the cause keeps the detail for the log.
      throw new Error(contentServiceFailure(serviceName), { cause });
    }
    return body.data;
  }

  function cached<T>(cacheKey: string, load: () => Promise<T>): Promise<T> {
    const known = cache.get(cacheKey);
    if (known && now() - known.at < cacheMs) return known.answer as Promise<T>;
    const answer = load();
    cache.set(cacheKey, { at: now(), answer });
    answer.catch(() => {
      // A newer fetch may have replaced this entry since; drop only our own.
      if (cache.get(cacheKey)?.answer === answer) cache.delete(cacheKey);
    });
    return answer;
  }

  return {
    getSurvey: (surveyId) =>
      cached(`survey:${surveyId}`, async () => {
        const { survey } = await fetchData<ServerSurveyQuery>(SERVER_SURVEY_QUERY, { id: surveyId });
        return survey ? toDefinition(survey) : null;
      }),
    getToolkit: (name) =>
      cached(`toolkit:${name}`, async () => {
        const { toolkit } = await fetchData<ToolkitQuery>(TOOLKIT_QUERY, { name });
        return (
          toolkit && {
            name: toolkit.name,
            title: toolkit.title,
            tenantId: toolkit.tenantId,
            assessment: toolkit.assessment.id,
          }
        );
      }),
    getActions: () =>
      cached('actions', async () => (await fetchData<ActionCatalogueQuery>(ACTIONS_QUERY, {})).actions),
    getSurveyList: () =>
      cached('surveys', async () => (await fetchData<SurveyListQuery>(SURVEY_LIST_QUERY, {})).surveys),
  };
}

/** The definition for a handler: not-found when missing, the content failure as "unavailable". */
export async function loadSurvey(
  deps: Pick<ServerDeps, 'content'>,
  surveyId: string,
  notFoundMessage: string = SERVER_ERRORS.surveyNotFound,
): Promise<ServerSurveyDefinition> {
  let definition: ServerSurveyDefinition | null;
  try {
    definition = await deps.content.getSurvey(surveyId);
  } catch (error) {
    throw new ApiError('unavailable', error instanceof Error ? error.message : String(error));
  }
  if (!definition) throw notFound(notFoundMessage);
  return definition;
}

/** Refuses an answer to a question the survey does not have, or one that does not fit it. */
export function checkAnswer(
  definition: ServerSurveyDefinition,
  questionId: string,
  answer: AnswerValue,
  field: string,
): void {
  const question = findQuestion(definition, questionId);
  if (!question) throw invalidArgument(SERVER_ERRORS.noSuchQuestion(field, questionId));
  const problem = answerProblem(question, answer);
  if (problem) throw invalidArgument(SERVER_ERRORS.invalidAnswer(questionId, problem));
}
