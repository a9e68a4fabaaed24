// The survey definition query (declared in @toolkit/domain): one request
// serves the shell (guard rule 4 and the tenant theme) and the survey remote (its screens). The
// shell starts it as soon as the runtime configuration is in; the remote takes the same promise
// (this package is a shared singleton), so a respondent waits for one request, not two in a row.
import {
  contentServiceFailure,
  SURVEY_DEFINITION_QUERY,
  type AssetFieldsFragment,
  type LogoFragment,
  type RespondentQuestionFragment,
  type RichTextFieldsFragment,
  type SurveyDefinitionQuery,
} from '@toolkit/domain';
import type { ContentClient } from './content';

// The shapes of the query's answer, generated from the content schema (@toolkit/domain content/).
export type RawSurvey = NonNullable<SurveyDefinitionQuery['survey']>;
export type RawSection = RawSurvey['sections'][number];
export type RawItem = RawSection['questions'][number];
export type RawQuestion = RespondentQuestionFragment;
export type Asset = AssetFieldsFragment;
export type RichText = RichTextFieldsFragment;
export type Video = RichText['videos'][number];
export type LogoRef = LogoFragment;

/** A definition asked for: the request, and its answer once it has arrived. */
interface Load {
  request: Promise<RawSurvey | null>;
  arrived?: { survey: RawSurvey | null };
}

/** Definitions loaded or on their way, per content client and survey id, for the page's lifetime. */
const loads = new WeakMap<ContentClient, Map<string, Load>>();

/**
 * The survey with this id, or null when the content service knows none; a content failure rejects
 * with the content-failure message. Asked once per page: later callers share the answer, except after a
 * failure, which is forgotten so that a retry asks again.
 */
export function loadSurveyDefinition(content: ContentClient, surveyId: string): Promise<RawSurvey | null> {
  const byId = loads.get(content) ?? new Map<string, Load>();
  loads.set(content, byId);
  const known = byId.get(surveyId);
  if (known) return known.request;
  return track(
    byId,
    surveyId,
    content
      .request<SurveyDefinitionQuery, { id: string }>(SURVEY_DEFINITION_QUERY, { id: surveyId })
      .then(({ survey }) => survey),
  );
}

function track(byId: Map<string, Load>, surveyId: string, answer: Promise<RawSurvey | null>) {
  const load: Load = {
    request: answer.then((survey) => {
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
 * Has loadSurveyDefinition answer with a request already made elsewhere (the shell's early slide
 * asks before this package has loaded). A failure is reported, and forgotten, as its own would be.
 */
export function primeSurveyDefinition(
  content: ContentClient,
  surveyId: string,
  answer: Promise<RawSurvey | null>,
  serviceName = 'content service',
): void {
  const byId = loads.get(content) ?? new Map<string, Load>();
  loads.set(content, byId);
  if (byId.has(surveyId)) return;
  track(
    byId,
    surveyId,
    answer.catch((cause: unknown) => {
      throw new Error(contentServiceFailure(serviceName), { cause });
    }),
  );
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
