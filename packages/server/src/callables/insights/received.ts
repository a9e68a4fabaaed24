// A received result as the publisher's staff read it: who answered, the score, every answer in words.
import {
  completionGaps,
  placeOf,
  scoredQuestionIds,
  shownPercent,
  sliderAnswerText,
  type AnswerValue,
  type JoinedOrganisation,
  type ReceivedResult,
  type ReceivedResultRow,
  type RespondentContact,
} from '@toolkit/domain';
import type { ServerQuestion, ServerSurveyDefinition } from '../../api/handler';
import type { DocData, StoreTransaction } from '../../store/port';
import { filledText, flag, record } from '../../repositories/decode';
import { paths } from '../../repositories/paths';
import { allAnswers, toStoredResult, type StoredResult } from '../../repositories/results';
import { organisationAnswer, respondentContact } from '../survey/respondent';

type Reader = Pick<StoreTransaction, 'get'>;

/** Whether the publisher marked a result excluded (its `listing`); a result stored before that is not. */
export interface Exclusion {
  excluded: boolean;
  excludedReason: string | null;
}

export function exclusionOf(data: DocData | null): Exclusion {
  const listing = record<unknown>(data?.listing);
  const excluded = flag(listing.excluded);
  return { excluded, excludedReason: excluded ? filledText(listing.excludedReason) : null };
}

/**
 * Whether a completed result counts in insights and benchmarks: one with no scored question
 * answered (completed before such completions were refused) does not.
 */
export function isCounted(definition: ServerSurveyDefinition, result: StoredResult): boolean {
  return completionGaps(
    definition.sections.map((section) => section.questions.map((question) => question.id)),
    new Set(scoredQuestionIds(definition.sections)),
    allAnswers(result),
  ).canComplete;
}

/** A result's row in the workbench; `contact` as respondentContact(s) read it. */
export function receivedRow(
  definition: ServerSurveyDefinition,
  resultId: string,
  result: StoredResult,
  exclusion: Exclusion,
  contact: RespondentContact,
): ReceivedResultRow {
  return {
    resultId,
    completed: result.isCompleted,
    completedAt: result.completedAt,
    organisation: organisationAnswer(allAnswers(result)),
    respondent: contact.name || contact.email || null,
    overallPercent: result.score?.overall.percent ?? null,
    band: result.score?.band?.label ?? null,
    counted: isCounted(definition, result),
    ...exclusion,
  };
}

/** An answer in words: option labels for choices, a slider's as on the slide, text as written. */
export function answerText(question: ServerQuestion, answer: AnswerValue | undefined): string {
  if (answer === undefined || answer === null || answer === '') return 'Not answered';
  const labels = new Map((question.options ?? []).map((option) => [option.id, option.label]));
  if (Array.isArray(answer)) {
    return answer.length === 0 ? 'Not answered' : answer.map((id) => labels.get(id) ?? id).join(', ');
  }
  if (typeof answer === 'string') return labels.get(answer) ?? answer;
  return question.type === 'slider' ? sliderAnswerText(question, answer) : String(answer);
}

/** The respondent's organisation as its profile says, when they answered signed in to one. */
export async function joinedOrganisation(
  reader: Reader,
  result: StoredResult,
): Promise<JoinedOrganisation | null> {
  if (!result.respondentTenantId || !result.userId) return null;
  const { data } = await reader.get(paths.organisation(result.respondentTenantId));
  if (!data) return null;
  return {
    name: filledText(data.name),
    industry: filledText(data.industry),
    size: filledText(data.size),
    region: placeOf(data),
    website: filledText(data.website),
  };
}

export async function receivedResult(
  reader: Reader,
  definition: ServerSurveyDefinition,
  resultId: string,
  data: DocData,
): Promise<ReceivedResult> {
  const result = toStoredResult(data);
  const answers = allAnswers(result);
  const [contact, organisation] = await Promise.all([
    respondentContact(reader, result),
    joinedOrganisation(reader, result),
  ]);
  return {
    ...receivedRow(definition, resultId, result, exclusionOf(data), contact),
    surveyId: definition.id,
    startedAt: result.startedAt,
    score: result.score,
    contact,
    joinedOrganisation: organisation,
    sections: definition.sections.map((section, index) => {
      const scored = result.score?.sections.find((each) => each.sectionIndex === index);
      return {
        title: section.title,
        percent: scored ? shownPercent(scored) : null,
        band: scored && shownPercent(scored) !== null ? (scored.band?.label ?? null) : null,
        answers: section.questions
          .filter((question) => question.type !== 'content')
          .map((question) => ({
            questionId: question.id,
            title: question.title,
            answer: answerText(question, answers[question.id]),
          })),
      };
    }),
  };
}
