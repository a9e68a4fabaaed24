// The survey definition query (SPEC.md §3, §7; packages/content/src/schema.graphql): one request
// serves the shell (guard rule 4 and the tenant theme) and the survey remote (its screens). The
// shell starts it as soon as the runtime configuration is in; the remote takes the same promise
// (this package is a shared singleton), so a respondent waits for one request, not two in a row.
import type { ContentClient } from './content';

const RICH_TEXT_FIELDS = `html videos { title url embedUrl } assets { url title width height description }`;
const QUESTION_FIELDS = `id title helperText type labels scoreMin scoreMax scoreStepSize textLines information
  multiple options { id label }`;

export const SURVEY_QUERY = /* GraphQL */ `
  query SurveyDefinition($id: ID!) {
    survey(id: $id) {
      id
      title
      tenantId
      requireAccount
      primaryColor
      secondaryColor
      tertiaryColor
      quaternaryColor
      globalFont
      textColor
      primaryLogo { url title width height }
      secondaryLogo { url title width height }
      mobileSecondaryLogo { url title width height }
      completionUrl
      intro { ${RICH_TEXT_FIELDS} }
      intro2 { ${RICH_TEXT_FIELDS} }
      outro { ${RICH_TEXT_FIELDS} }
      sections(limit: 10) {
        id
        title
        description
        primaryColor
        sectionIcon { url title width height description }
        questions(limit: 20) {
          __typename
          id
          title
          ... on Question { ${QUESTION_FIELDS} }
          ... on QuestionGroup { helperText questions(limit: 20) { ${QUESTION_FIELDS} } }
        }
      }
    }
  }
`;

export interface Asset {
  url: string;
  title: string | null;
  width: number | null;
  height: number | null;
  description: string | null;
}

export interface Video {
  title: string;
  url: string;
  embedUrl: string;
}

export interface RichText {
  html: string;
  videos: Video[];
  assets: Asset[];
}

export interface RawQuestion {
  id: string;
  title: string;
  helperText: string | null;
  type: 'SLIDER' | 'COMMENT' | 'CONTENT' | 'DROPDOWN' | 'MULTIPLE_CHOICE';
  labels: string[] | null;
  scoreMin: number | null;
  scoreMax: number | null;
  scoreStepSize: number | null;
  textLines: number | null;
  information: string | null;
  multiple: boolean | null;
  options: { id: string; label: string }[] | null;
}

export type RawItem =
  | ({ __typename: 'Question' } & RawQuestion)
  | {
      __typename: 'QuestionGroup';
      id: string;
      title: string;
      helperText: string | null;
      questions: RawQuestion[];
    };

export interface LogoRef {
  url: string;
  title: string | null;
  width: number | null;
  height: number | null;
}

export interface RawSurvey {
  id: string;
  title: string;
  tenantId: string;
  requireAccount: boolean | null;
  primaryColor: string | null;
  secondaryColor: string | null;
  tertiaryColor: string | null;
  quaternaryColor: string | null;
  globalFont: string | null;
  textColor: string | null;
  primaryLogo: LogoRef | null;
  secondaryLogo: LogoRef | null;
  mobileSecondaryLogo: LogoRef | null;
  completionUrl: string | null;
  intro: RichText | null;
  intro2: RichText | null;
  outro: RichText | null;
  sections: {
    id: number;
    title: string;
    description: string | null;
    primaryColor: string | null;
    sectionIcon: Asset | null;
    questions: RawItem[];
  }[];
}

/** A definition asked for: the request, and its answer once it has arrived. */
interface Load {
  request: Promise<RawSurvey | null>;
  arrived?: { survey: RawSurvey | null };
}

/** Definitions loaded or on their way, per content client and survey id, for the page's lifetime. */
const loads = new WeakMap<ContentClient, Map<string, Load>>();

/**
 * The survey with this id, or null when the content service knows none; a content failure rejects
 * with SPEC §8's message. Asked once per page: later callers share the answer, except after a
 * failure, which is forgotten so that a retry asks again.
 */
export function loadSurveyDefinition(content: ContentClient, surveyId: string): Promise<RawSurvey | null> {
  const byId = loads.get(content) ?? new Map<string, Load>();
  loads.set(content, byId);
  const known = byId.get(surveyId);
  if (known) return known.request;
  const load: Load = {
    request: content
      .request<{ survey: RawSurvey | null }, { id: string }>(SURVEY_QUERY, { id: surveyId })
      .then(({ survey }) => {
        load.arrived = { survey };
        return survey;
      }),
  };
  load.request.catch(() => {
    if (byId.get(surveyId) === load) byId.delete(surveyId);
  });
  byId.set(surveyId, load);
  return load.request;
}

/**
 * The survey if loadSurveyDefinition's answer has arrived (null: no such survey), else undefined,
 * so a screen can render with it at once instead of a frame later.
 */
export function arrivedSurveyDefinition(
  content: ContentClient,
  surveyId: string,
): RawSurvey | null | undefined {
  return loads.get(content)?.get(surveyId)?.arrived?.survey;
}
