// Where a respondent is in a survey and whether it may be completed: the "Question n of m" caption
// (the survey remote and the shell's early slide draw it alike) and the rule that a survey is never
// completed with none of its scored questions answered (the last slide and the server apply it alike).

/** A slide as progress needs it: its questions' types, in survey order. */
export interface ProgressSlide {
  questions: readonly { type: string }[];
}

/** Content items inform; every other question type asks something. */
const asks = (question: { type: string }) => question.type !== 'content';

export type SlideProgress =
  /** The slide's questions are numbers first…last of total (first === last for one question). */
  | { kind: 'questions'; first: number; last: number; total: number }
  /** A slide with no question: the next question's number (total + 1 when none follows). */
  | { kind: 'information'; next: number; total: number };

/**
 * The progress at slide `index` of `slides` (the whole survey's, in order): questions are counted,
 * each question of a group on its own; information slides are not.
 */
export function slideProgress(slides: readonly ProgressSlide[], index: number): SlideProgress {
  const counts = slides.map((slide) => slide.questions.filter(asks).length);
  const total = counts.reduce((sum, count) => sum + count, 0);
  const before = counts.slice(0, Math.max(0, index)).reduce((sum, count) => sum + count, 0);
  const own = counts[index] ?? 0;
  return own === 0
    ? { kind: 'information', next: before + 1, total }
    : { kind: 'questions', first: before + 1, last: before + own, total };
}

/** The caption above a slide: "Question 4 of 30", "Questions 4–6 of 30", "Before question 4 of 30". */
export function progressCaption(progress: SlideProgress): string {
  const { total } = progress;
  if (progress.kind === 'information') {
    return progress.next > total
      ? `After question ${total} of ${total}`
      : `Before question ${progress.next} of ${total}`;
  }
  return progress.first === progress.last
    ? `Question ${progress.first} of ${total}`
    : `Questions ${progress.first}–${progress.last} of ${total}`;
}

/** How far the survey's questions are reached by the end of this slide, in whole percent. */
export function progressPercent(progress: SlideProgress): number {
  if (progress.total === 0) return 100;
  const reached = progress.kind === 'questions' ? progress.last : progress.next - 1;
  return Math.round(Math.min(1, reached / progress.total) * 100);
}

/** An answer that says something: not missing, not blank text, not an empty choice. */
export function isAnswered(answer: unknown): boolean {
  if (answer === undefined || answer === null) return false;
  if (typeof answer === 'string') return answer.trim() !== '';
  if (Array.isArray(answer)) return answer.length > 0;
  return true;
}

/** A question as the score sees it (packages/content/README.md, Scoring). */
export interface ScoringQuestion {
  id: string;
  scoring: { method: string; maxScore: number };
}

/**
 * The ids of the questions that count towards the overall score: a scoring method and points to
 * give, in a section of weight above 0 (a section of weight 0 is shown but not scored).
 */
export function scoredQuestionIds(
  sections: readonly { weight: number; questions: readonly ScoringQuestion[] }[],
): string[] {
  return sections
    .filter((section) => section.weight > 0)
    .flatMap((section) => section.questions)
    .filter((question) => question.scoring.method !== 'NONE' && question.scoring.maxScore > 0)
    .map((question) => question.id);
}

export interface CompletionGaps {
  /** At least one scored question is answered: the survey may be completed. */
  canComplete: boolean;
  /** Indexes of the sections with scored questions none of which is answered. */
  emptySections: number[];
}

/**
 * The rule for completing: a survey is refused while none of its scored questions is answered
 * (per survey; a survey that scores nothing is not held back); a section whose scored questions are all unanswered is only named, so the
 * respondent can go back to it (per section).
 */
export function completionGaps(
  sections: readonly (readonly string[])[],
  scored: ReadonlySet<string>,
  answers: Readonly<Record<string, unknown>>,
): CompletionGaps {
  const answered = (id: string) => scored.has(id) && isAnswered(answers[id]);
  const emptySections = sections.flatMap((questionIds, index) =>
    questionIds.some((id) => scored.has(id)) && !questionIds.some(answered) ? [index] : [],
  );
  const canComplete = scored.size === 0 || [...scored].some((id) => isAnswered(answers[id]));
  return { canComplete, emptySections };
}

/** The server's refusal of a completion with no scored question answered, shown on the last slide. */
export const noScoredAnswerMessage = (emptySections: readonly string[]): string =>
  `Answer at least one question before you finish: nothing that counts towards your score is answered yet${
    emptySections.length > 0 ? ` (${emptySections.join(', ')})` : ''
  }.`;

/** A section's percent as shown; null where it is shown "not scored" (weight 0, or nothing to score). */
export const shownPercent = (section: { weight: number; max: number; percent: number }): number | null =>
  section.weight > 0 && section.max > 0 ? section.percent : null;
