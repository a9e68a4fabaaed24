import { describedBy, Fieldset, OptionLabel, QuestionHeader } from './parts';
import type { QuestionProps } from './types';

/** One choice of several, as a radio group. */
export function MultipleChoiceQuestion({ question, value, onChange, titleId, showTitle }: QuestionProps) {
  return (
    <div>
      <QuestionHeader question={question} titleId={titleId} showTitle={showTitle} />
      <Fieldset role="radiogroup" aria-labelledby={titleId} aria-describedby={describedBy(question, titleId)}>
        {question.options.map((option) => (
          <OptionLabel key={option.id}>
            <input
              type="radio"
              name={`${titleId}-${question.id}`}
              value={option.id}
              checked={value === option.id}
              onChange={() => onChange(option.id)}
            />
            {option.label}
          </OptionLabel>
        ))}
      </Fieldset>
    </div>
  );
}
