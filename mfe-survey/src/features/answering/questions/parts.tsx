import styled, { css } from 'styled-components';
import type { Question } from '@toolkit/platform';
import { RichHtml } from '@toolkit/ui/rich-text';

const QuestionTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space[2]}px;
  font-size: 1.2rem;
`;

const Help = styled(RichHtml)`
  margin: 0 0 ${({ theme }) => theme.space[3]}px;
  color: ${({ theme }) => theme.colors.mutedText};

  & p {
    margin: 0;
  }
`;

const helpId = (titleId: string) => `${titleId}-help`;

/** The title (unless the slide shows it) and the helper text, which the controls refer to. */
export function QuestionHeader({
  question,
  titleId,
  showTitle,
}: {
  question: Question;
  titleId: string;
  showTitle: boolean;
}) {
  return (
    <>
      {showTitle && <QuestionTitle id={titleId}>{question.title}</QuestionTitle>}
      {question.helperText && <Help id={helpId(titleId)} html={question.helperText} />}
    </>
  );
}

export const describedBy = (question: Question, titleId: string) =>
  question.helperText ? helpId(titleId) : undefined;

/** A fieldset named by the question title, without the default frame. */
export const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[2]}px;
`;

/** A whole-row, touch-sized label for a radio button or checkbox. */
export const OptionLabel = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  min-height: ${({ theme }) => theme.touchTarget};
  padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[3]}px`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  cursor: pointer;

  & input {
    width: 20px;
    height: 20px;
    flex: none;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  &:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.quaternary};
    color: ${({ theme }) => theme.colors.onQuaternary};
  }
  &:has(input:focus-visible) {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/** Text inputs and selects: full width, touch-sized, with the theme's border. */
export const fieldStyles = css`
  width: 100%;
  box-sizing: border-box;
  min-height: ${({ theme }) => theme.touchTarget};
  padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[3]}px`};
  font: inherit;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.mutedText};
  border-radius: ${({ theme }) => theme.radii.medium};
`;
