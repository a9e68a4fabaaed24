import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '@toolkit/ui';
import type { QuestionType } from '@toolkit/domain';
import { CommentQuestion } from './CommentQuestion';
import { ContentQuestion } from './ContentQuestion';
import { DropdownQuestion } from './DropdownQuestion';
import { MultipleChoiceQuestion } from './MultipleChoiceQuestion';
import type { QuestionProps } from './types';

// The first slides need these; the slider first appears later and loads on demand (issue 4 item 10).
const SliderQuestion = lazy(() => import('./SliderQuestion').then((m) => ({ default: m.SliderQuestion })));

const VIEWS: Record<QuestionType, ComponentType<QuestionProps>> = {
  content: ContentQuestion,
  comment: CommentQuestion,
  dropdown: DropdownQuestion,
  multipleChoice: MultipleChoiceQuestion,
  slider: SliderQuestion,
};

export function QuestionView(props: QuestionProps) {
  const View = VIEWS[props.question.type];
  return (
    <Suspense fallback={<Spinner label="Loading the question…" />}>
      <View {...props} />
    </Suspense>
  );
}
