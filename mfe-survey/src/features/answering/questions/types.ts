import type { AnswerValue } from '@toolkit/domain';
import type { Question } from '@toolkit/platform';

export interface QuestionProps {
  question: Question;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue, options?: { delayMs?: number }) => void;
  /** The id of the element holding the question's title; its controls are labelled by it. */
  titleId: string;
  /** False when the slide already shows this title as its heading. */
  showTitle: boolean;
}
