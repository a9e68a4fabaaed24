import styled from 'styled-components';
import { selectAnswer, toggledChoices } from '@toolkit/platform';
import { describedBy, Fieldset, fieldStyles, OptionLabel, QuestionHeader } from './parts';
import type { QuestionProps } from './types';

const Select = styled.select`
  ${fieldStyles}
`;

/** A single choice as a select; several choices as a checkbox list, which works by touch and keyboard alike. */
export function DropdownQuestion({ question, value, onChange, titleId, showTitle }: QuestionProps) {
  const described = describedBy(question, titleId);
  if (!question.multiple) {
    return (
      <div>
        <QuestionHeader question={question} titleId={titleId} showTitle={showTitle} />
        <Select
          aria-labelledby={titleId}
          aria-describedby={described}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(selectAnswer(event.target.value))}
        >
          <option value="">Choose an answer</option>
          {question.options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </Select>
      </div>
    );
  }

  const chosen = Array.isArray(value) ? value : [];
  const toggle = (optionId: string, checked: boolean) =>
    onChange(toggledChoices(question, chosen, optionId, checked));
  return (
    <div>
      <QuestionHeader question={question} titleId={titleId} showTitle={showTitle} />
      <Fieldset aria-labelledby={titleId} aria-describedby={described}>
        {question.options.map((option) => (
          <OptionLabel key={option.id}>
            <input
              type="checkbox"
              value={option.id}
              checked={chosen.includes(option.id)}
              onChange={(event) => toggle(option.id, event.target.checked)}
            />
            {option.label}
          </OptionLabel>
        ))}
      </Fieldset>
    </div>
  );
}
