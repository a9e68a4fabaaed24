import styled, { css } from 'styled-components';
import { sliderAnswerText } from '@toolkit/domain';
import { describedBy, QuestionHeader } from './parts';
import type { QuestionProps } from './types';

/** Dragging sends many values; only the one the respondent settles on needs saving. */
export const SLIDER_DEBOUNCE_MS = 400;

const Range = styled.input`
  width: 100%;
  min-height: ${({ theme }) => theme.touchTarget};
  margin: 0;
  accent-color: ${({ theme }) => theme.colors.primary};
`;

const Captions = styled.ol<{ $many: boolean }>`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]}px;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.mutedText};

  & li {
    flex: 1 1 0;
    min-width: 0;
    text-align: center;
    overflow-wrap: anywhere;
  }
  & li:first-child {
    text-align: start;
  }
  & li:last-child {
    text-align: end;
  }
  /* Five captions in a phone's width break into one word a line: keep the two ends there, the
     answer line below names the chosen step. */
  ${({ $many, theme }) =>
    $many &&
    css`
      @media (max-width: ${theme.breakpoints.mobile}) {
        & li:not(:first-child):not(:last-child) {
          display: none;
        }
      }
    `}
`;

const Current = styled.output`
  display: block;
  margin-top: ${({ theme }) => theme.space[3]}px;
  font-weight: 600;
`;

export function SliderQuestion({ question, value, onChange, titleId, showTitle }: QuestionProps) {
  const answered = typeof value === 'number';
  const current = answered ? value : question.scoreMin;
  const valueText = answered ? sliderAnswerText(question, current) : 'Not answered yet';
  const outputId = `${titleId}-value`;
  return (
    <div>
      <QuestionHeader question={question} titleId={titleId} showTitle={showTitle} />
      <Range
        type="range"
        min={question.scoreMin}
        max={question.scoreMax}
        step={question.scoreStep}
        value={current}
        aria-labelledby={titleId}
        aria-describedby={describedBy(question, titleId)}
        aria-valuetext={valueText}
        onChange={(event) => onChange(Number(event.target.value), { delayMs: SLIDER_DEBOUNCE_MS })}
      />
      {question.labels.length > 0 && (
        <Captions aria-hidden="true" $many={question.labels.length > 3}>
          {question.labels.map((label) => (
            <li key={label}>{label}</li>
          ))}
        </Captions>
      )}
      <Current id={outputId} aria-live="polite">
        {answered ? `Your answer: ${valueText}` : 'Not answered yet: move the slider to answer.'}
      </Current>
    </div>
  );
}
