// Scores a result against its survey definition, following the rules of packages/content/README.md
// ("Scoring"). Pure: the completion handler stores what this returns.
import { acceptedAnswers, type AnswerValue, type QuestionDecision, type ResultScore } from '@toolkit/domain';
import type { ServerQuestion, ServerSurveyDefinition } from './api/handler';

type Scoring = Pick<ServerSurveyDefinition, 'sections' | 'scoring'>;

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/** Option answers are option ids: one for a single choice, a list for a multiple dropdown. */
const chosenIds = (answer: AnswerValue | undefined): string[] =>
  typeof answer === 'string' ? [answer] : Array.isArray(answer) ? answer : [];

/** The points one answer gives, between 0 and the question's maxScore. */
export function questionPoints(question: ServerQuestion, answer: AnswerValue | undefined): number {
  const { method, maxScore } = question.scoring;
  if (answer === undefined || answer === null) return 0;
  switch (method) {
    case 'SCALED': {
      const { scoreMin: min, scoreMax: max } = question;
      if (typeof answer !== 'number' || min === null || max === null || max <= min) return 0;
      const clamped = Math.min(max, Math.max(min, answer));
      return ((clamped - min) / (max - min)) * maxScore;
    }
    case 'OPTION': {
      const [first] = chosenIds(answer);
      return question.options?.find((option) => option.id === first)?.score ?? 0;
    }
    case 'OPTION_SUM_CAPPED': {
      // A repeated id counts once, so a crafted answer cannot multiply an option's score.
      const chosen = new Set(chosenIds(answer));
      const sum = (question.options ?? [])
        .filter((option) => chosen.has(option.id))
        .reduce((total, option) => total + option.score, 0);
      return Math.min(sum, maxScore);
    }
    default:
      return 0;
  }
}

/** The band with the highest min at or below the score; null when no band applies. */
export function bandFor(
  bands: ServerSurveyDefinition['scoring']['bands'],
  score: number,
): ResultScore['band'] {
  const band = [...bands].sort((a, b) => b.min - a.min).find((candidate) => candidate.min <= score);
  return band ? { label: band.label, description: band.description } : null;
}

export function scoreResult(
  definition: Scoring,
  answers: Readonly<Record<string, AnswerValue>>,
): ResultScore {
  const sections = definition.sections.map((section, sectionIndex) => {
    let points = 0;
    let max = 0;
    for (const question of section.questions) {
      points += questionPoints(question, answers[question.id]);
      max += question.scoring.maxScore;
    }
    return {
      sectionIndex,
      title: section.title,
      weight: section.weight,
      points,
      max,
      fraction: max > 0 ? points / max : 0,
    };
  });

  const scored = sections.filter((section) => section.weight > 0 && section.max > 0);
  const totalWeight = scored.reduce((total, section) => total + section.weight, 0);
  const fraction =
    totalWeight > 0
      ? scored.reduce((total, section) => total + section.weight * section.fraction, 0) / totalWeight
      : 0;
  const scale = definition.scoring.scale;
  // The band is chosen from the score as shown, so a displayed 40.0 never sits in the band below 40.
  const overallPoints = round(fraction * scale, 1);

  return {
    overall: { points: overallPoints, max: scale, percent: round(fraction * 100, 1) },
    sections: sections.map(({ fraction: sectionFraction, points, ...section }) => ({
      ...section,
      points: round(points, 2),
      percent: round(sectionFraction * 100, 1),
      // A section reads in the survey's band words too, its share placed on the overall scale.
      band:
        section.weight > 0 && section.max > 0
          ? bandFor(definition.scoring.bands, round(sectionFraction * scale, 1))
          : null,
    })),
    band: bandFor(definition.scoring.bands, overallPoints),
  };
}

/** The score a review verifies: only the answers the reviewer accepted count (domain acceptedAnswers). */
export function verifiedScore(
  definition: Scoring,
  answers: Readonly<Record<string, AnswerValue>>,
  decisions: Readonly<Record<string, QuestionDecision>>,
): ResultScore {
  return scoreResult(definition, acceptedAnswers(answers, decisions));
}

/** The answerable question with this id, or null (content items take no answer). */
export function findQuestion(definition: Pick<ServerSurveyDefinition, 'sections'>, questionId: string) {
  for (const section of definition.sections) {
    const question = section.questions.find((candidate) => candidate.id === questionId);
    if (question) return question.type === 'content' ? null : question;
  }
  return null;
}

/** Why an answer does not fit its question, or null when it does; null clears an answer. */
export function answerProblem(question: ServerQuestion, answer: AnswerValue): string | null {
  if (answer === null) return null;
  const optionIds = new Set((question.options ?? []).map((option) => option.id));
  switch (question.type) {
    case 'slider': {
      const { scoreMin: min, scoreMax: max } = question;
      if (typeof answer !== 'number') return 'a slider answer is a number';
      if ((min !== null && answer < min) || (max !== null && answer > max))
        return `a slider answer runs from ${min} to ${max}`;
      return null;
    }
    case 'comment':
      return typeof answer === 'string' ? null : 'a comment answer is text';
    case 'dropdown':
    case 'multipleChoice':
      if (question.multiple) {
        return Array.isArray(answer) && answer.every((id) => optionIds.has(id))
          ? null
          : 'the answer must be a list of this question’s option ids';
      }
      return typeof answer === 'string' && optionIds.has(answer)
        ? null
        : 'the answer must be one of the option ids';
    default:
      return 'this question takes no answer';
  }
}
