import styled from 'styled-components';
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
    maxLength: 5000,
    onChange: (event: { target: { value: string } }) =>
      onChange(event.target.value, { delayMs: TYPING_DEBOUNCE_MS }),
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
