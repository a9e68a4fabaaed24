// The server's view of the content service (SPEC §7): one GraphQL query by survey id over plain
// fetch with the bearer key, mapped to what scoring, authorisation and the notification mail need.
import { contentServiceFailure, SERVER_ERRORS, type AnswerValue } from '@toolkit/domain';
import { ApiError, invalidArgument, notFound } from './api/errors';
import type {
  ContentPort,
  ScoringMethod,
  ServerDeps,
  ServerQuestion,
  ServerSurveyDefinition,
} from './api/handler';
import { answerProblem, findQuestion } from './scoring';

export interface ContentPortOptions {
  /** The GraphQL endpoint, e.g. http://127.0.0.1:4000/graphql */
  url: string;
  key: string;
  /** Named in the SPEC §8 failure message. */
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

const QUESTION_FIELDS = /* GraphQL */ `
  id
  title
  type
  scoring { method maxScore }
  scoreMin
  scoreMax
  options { id label score }
  multiple
`;

const SURVEY_QUERY = /* GraphQL */ `
  query ServerSurvey($id: ID!) {
    survey(id: $id) {
      id
      title
      tenantId
      primaryColor
      primaryLogo { url }
      secondaryLogo { url }
      notificationEmailRecipients
      notificationEmailBcc
      dashboardUrl
      requireAccount
      scoring { scale bands { min label description } }
      sections {
        title
        weight
        questions {
          __typename
          ... on Question { ${QUESTION_FIELDS} }
          ... on QuestionGroup { questions { ${QUESTION_FIELDS} } }
        }
      }
    }
  }
`;

interface RawQuestion {
  id: string;
  title: string;
  type: string;
  scoring: { method: ScoringMethod; maxScore: number };
  scoreMin: number | null;
  scoreMax: number | null;
  options: { id: string; label: string; score: number }[] | null;
  multiple: boolean | null;
}

type RawItem =
  ({ __typename: 'Question' } & RawQuestion) | { __typename: 'QuestionGroup'; questions: RawQuestion[] };

interface RawSurvey {
  id: string;
  title: string;
  tenantId: string;
  primaryColor: string | null;
  primaryLogo: { url: string } | null;
  secondaryLogo: { url: string } | null;
  notificationEmailRecipients: string[];
  notificationEmailBcc: string[];
  dashboardUrl: string | null;
  requireAccount: boolean;
  scoring: ServerSurveyDefinition['scoring'];
  sections: { title: string; weight: number; questions: RawItem[] }[];
}

// GraphQL enum names (SLIDER, MULTIPLE_CHOICE) are mapped to the domain's question type names.
const QUESTION_TYPES: Record<string, string> = {
  SLIDER: 'slider',
  COMMENT: 'comment',
  CONTENT: 'content',
  DROPDOWN: 'dropdown',
  MULTIPLE_CHOICE: 'multipleChoice',
};

const toQuestion = (raw: RawQuestion): ServerQuestion => ({
  id: raw.id,
  type: QUESTION_TYPES[raw.type] ?? raw.type,
  title: raw.title,
  scoring: raw.scoring,
  scoreMin: raw.scoreMin,
  scoreMax: raw.scoreMax,
  options: raw.options,
  multiple: raw.multiple,
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
    scoring: raw.scoring,
    sections: raw.sections.map((section) => ({
      title: section.title,
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
  /** Definitions (or "no such survey") by id; failures are never kept. */
  const cache = new Map<string, { at: number; definition: Promise<ServerSurveyDefinition | null> }>();

  async function fetchSurvey(surveyId: string): Promise<ServerSurveyDefinition | null> {
    let body: { data?: { survey: RawSurvey | null } | null; errors?: unknown[] };
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
        body: JSON.stringify({ query: SURVEY_QUERY, variables: { id: surveyId } }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      body = (await response.json()) as typeof body;
      if (body.errors?.length || !body.data) throw new Error(JSON.stringify(body.errors ?? 'no data'));
    } catch (cause) {
      // SPEC §8: one message for every content failure; the cause keeps the detail for the log.
      throw new Error(contentServiceFailure(serviceName), { cause });
    }
    return body.data.survey ? toDefinition(body.data.survey) : null;
  }

  return {
    getSurvey(surveyId) {
      const cached = cache.get(surveyId);
      if (cached && now() - cached.at < cacheMs) return cached.definition;
      const definition = fetchSurvey(surveyId);
      cache.set(surveyId, { at: now(), definition });
      definition.catch(() => {
        // A newer fetch may have replaced this entry since; drop only our own.
        if (cache.get(surveyId)?.definition === definition) cache.delete(surveyId);
      });
      return definition;
    },
  };
}

/** The definition for a handler: not-found when missing, the SPEC §8 failure as "unavailable". */
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
