import { RichHtml } from '@toolkit/ui/rich-text';
import { QuestionHeader } from './parts';
import type { QuestionProps } from './types';

/** Information only: nothing to answer. */
export function ContentQuestion({ question, titleId, showTitle }: QuestionProps) {
  return (
    <div>
      <QuestionHeader question={question} titleId={titleId} showTitle={showTitle} />
      {question.information && <RichHtml html={question.information} />}
    </div>
  );
}
