// A received result as the publisher's staff read it: who answered, the score, every answer in words.
import {
  completionGaps,
  scoredQuestionIds,
  sliderAnswerText,
  type AnswerValue,
  type ReceivedResult,
  type ReceivedResultRow,
} from '@toolkit/domain';
import type { ServerQuestion, ServerSurveyDefinition } from '../../api/handler';
import { allAnswers, type StoredResult } from '../../repositories/results';
import { organisationAnswer, prefilledName } from '../survey/respondent';

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

export function receivedRow(
  definition: ServerSurveyDefinition,
  resultId: string,
  result: StoredResult,
): ReceivedResultRow {
  return {
    resultId,
    completedAt: result.completedAt,
    organisation: organisationAnswer(allAnswers(result)),
    respondent: prefilledName(result) || result.respondent.email || null,
    overallPercent: result.score?.overall.percent ?? null,
    band: result.score?.band?.label ?? null,
    counted: isCounted(definition, result),
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

export function receivedResult(
  definition: ServerSurveyDefinition,
  resultId: string,
  result: StoredResult,
): ReceivedResult {
  const answers = allAnswers(result);
  return {
    ...receivedRow(definition, resultId, result),
    surveyId: definition.id,
    startedAt: result.startedAt,
    score: result.score,
    sections: definition.sections.map((section) => ({
      title: section.title,
      answers: section.questions
        .filter((question) => question.type !== 'content')
        .map((question) => ({
          questionId: question.id,
          title: question.title,
          answer: answerText(question, answers[question.id]),
        })),
    })),
  };
}
