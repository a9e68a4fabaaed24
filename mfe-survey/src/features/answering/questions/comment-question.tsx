import styled from 'styled-components';
import { TEXT_ANSWER_MAX_LENGTH, textAnswer } from '@toolkit/platform';
import { describedBy, fieldStyles, QuestionHeader } from './parts';
import type { QuestionProps } from './types';

/** Typing is saved after a pause, not on every key. */
export const TYPING_DEBOUNCE_MS = 800;

const Input = styled.input`
  ${fieldStyles}
`;
const TextArea = styled.textarea`
  ${fieldStyles}
  resize: vertical;
`;

export function CommentQuestion({ question, value, onChange, titleId, showTitle }: QuestionProps) {
  const common = {
    'aria-labelledby': titleId,
    'aria-describedby': describedBy(question, titleId),
    value: typeof value === 'string' ? value : '',
    maxLength: TEXT_ANSWER_MAX_LENGTH,
    onChange: (event: { target: { value: string } }) =>
      onChange(textAnswer(event.target.value), { delayMs: TYPING_DEBOUNCE_MS }),
  };
  return (
    <div>
      <QuestionHeader question={question} titleId={titleId} showTitle={showTitle} />
      {question.textLines > 1 ? (
        <TextArea rows={question.textLines} {...common} />
      ) : (
        <Input type="text" {...common} />
      )}
    </div>
  );
}
