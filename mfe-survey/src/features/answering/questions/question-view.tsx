import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '@toolkit/ui';
import type { QuestionType } from '@toolkit/domain';
import { CommentQuestion } from './comment-question';
import { ContentQuestion } from './content-question';
import { DropdownQuestion } from './dropdown-question';
import { MultipleChoiceQuestion } from './multiple-choice-question';
import type { QuestionProps } from './types';

// The first slides need these; the slider first appears later and loads on demand.
const SliderQuestion = lazy(() => import('./slider-question').then((m) => ({ default: m.SliderQuestion })));

const VIEWS: Record<QuestionType, ComponentType<QuestionProps>> = {
  content: ContentQuestion,
  comment: CommentQuestion,
  dropdown: DropdownQuestion,
  multipleChoice: MultipleChoiceQuestion,
  slider: SliderQuestion,
};

/** Marked with its question, so the shell's early slide can hand focus over to its control. */
export function QuestionView(props: QuestionProps) {
  const View = VIEWS[props.question.type];
  return (
    <div data-question-id={props.question.id}>
      <Suspense fallback={<Spinner label="Loading the question…" />}>
        <View {...props} />
      </Suspense>
    </div>
  );
}
