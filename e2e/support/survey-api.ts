// A survey answered through the callables, as the survey remote sends them (start, one save per
// answer, complete), for specs whose screen comes after a completed survey rather than during it.
import { API, sliderAnswerText, type ApiRequest, type ApiResponses } from '@toolkit/domain';
import { callApi, emulator, identity } from './auth';
import { surveySlides, type Answer, type SeedQuestion, type Slide } from './survey-page';

/**
 * The answers SurveyPage.answer gives the questions of `slides`: the second option, the first two
 * boxes, a slider two steps above its lowest, a sentence.
 */
export function answersTo(slides: readonly Slide[]): Record<string, Answer> {
  const answers: Record<string, Answer> = {};
  for (const question of slides.flatMap((slide) => slide.questions)) {
    if (question.type === 'comment') answers[question.id] = `Answer to ${question.id}`;
    else if (question.type === 'slider')
      answers[question.id] = (question.scoreMin ?? 0) + 2 * (question.scoreStepSize ?? 1);
    else if (question.type === 'dropdown' && question.multiple)
      answers[question.id] = question.options!.slice(0, 2).map((option) => option.id);
    else if (question.type !== 'content') answers[question.id] = question.options![1]!.id;
  }
  return answers;
}

/**
 * Starts, answers and completes `surveyId` of `tenantId` as the holder of `idToken`; `prefill` is
 * what the survey link's query string gives the start.
 */
export async function completeSurvey(
  idToken: string,
  tenantId: string,
  surveyId: string,
  answers: Record<string, Answer>,
  prefill?: ApiRequest<typeof API.startResult>['prefill'],
) {
  const { resultId } = await callApi<ApiResponses[typeof API.startResult]>(
    API.startResult,
    { tenantId, surveyId, ...(prefill ? { prefill } : {}) },
    idToken,
  );
  let seq = 0;
  for (const [questionId, answer] of Object.entries(answers))
    await callApi(API.saveAnswer, { tenantId, surveyId, resultId, questionId, answer, seq: ++seq }, idToken);
  const completion = await callApi<ApiResponses[typeof API.completeResult]>(
    API.completeResult,
    { tenantId, surveyId, resultId },
    idToken,
  );
  return { resultId, ...completion };
}

/**
 * The business Quickscan completed as specs' businesses complete it: its energy part answered (a
 * completion needs a scored answer) with `more` (say, "Your business"), the rest skipped. Answers
 * the answers given, and the completion.
 */
export async function completeBusinessQuickscan(idToken: string, more: Record<string, Answer> = {}) {
  const answers = {
    ...answersTo(surveySlides('business-quickscan').slides.filter((slide) => slide.sectionId === 2)),
    ...more,
  };
  return { answers, ...(await completeSurvey(idToken, 'demo-publisher', 'business-quickscan', answers)) };
}

/** An anonymous respondent, in no browser, as a survey link's visitor is signed in. */
export async function anonymousRespondent(): Promise<string> {
  const { idToken } = await identity<{ idToken: string }>('signUp', {});
  return idToken;
}

/** The seeded demo publisher's owner's API session: what the publisher's surveys received is theirs to read. */
export async function publisherSession(): Promise<string> {
  return (await emulator.signInWithEmailLink('owner@demo-publisher.example')).idToken;
}

/** An answer as the publisher reads it (insights-getResult): the options' labels, a slider's words, the text. */
export function answerInWords(question: SeedQuestion, answer: Answer): string {
  const label = (id: string) => question.options?.find((option) => option.id === id)?.label ?? id;
  if (Array.isArray(answer)) return answer.map(label).join(', ');
  if (typeof answer === 'string') return label(answer);
  return sliderAnswerText(
    { labels: question.labels ?? null, scoreMin: question.scoreMin ?? 0, scoreMax: question.scoreMax ?? 0 },
    answer,
  );
}

/**
 * The completed results of the demo publisher's `surveyId` whose organisation is `company`, as its
 * owner reads them (the Results workbench and a result in full).
 */
export async function receivedResultsOf(idToken: string, surveyId: string, company: string) {
  const { results } = await callApi<ApiResponses[typeof API.listReceivedResults]>(
    API.listReceivedResults,
    { surveyId, search: company },
    idToken,
  );
  return Promise.all(
    results.map(({ resultId }) =>
      callApi<ApiResponses[typeof API.getReceivedResult]>(
        API.getReceivedResult,
        { surveyId, resultId },
        idToken,
      ),
    ),
  );
}

/** The answers of a received result in words, by question. */
export const answersInWords = (result: ApiResponses[typeof API.getReceivedResult]) =>
  Object.fromEntries(
    result.sections.flatMap((section) =>
      section.answers.map(({ questionId, answer }) => [questionId, answer]),
    ),
  );
