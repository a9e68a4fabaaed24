// The controls a publisher's screens share for what they show: which of its surveys, and a range
// of days. Each screen keeps its choice in the address; these only show it and report a change.
import { SelectField, TextField } from '@toolkit/ui/form';

/**
 * The survey shown, on a row of its own so the catalogue's long titles show whole; nothing when
 * the organisation publishes one survey only.
 */
export function SurveySelect({
  surveys,
  value,
  onChange,
}: {
  surveys: readonly { id: string; title: string }[];
  value: string;
  onChange: (surveyId: string) => void;
}) {
  if (surveys.length < 2) return null;
  return (
    <SelectField label="Survey" value={value} onChange={(event) => onChange(event.target.value)}>
      {surveys.map((survey) => (
        <option key={survey.id} value={survey.id}>
          {survey.title}
        </option>
      ))}
    </SelectField>
  );
}

export interface DayRange {
  from?: string;
  to?: string;
}

/** Two day fields, neither accepting a day past the other; a cleared field reports ''. */
export function DateRangeFields({
  labels: [fromLabel, toLabel],
  from,
  to,
  onChange,
}: {
  labels: readonly [string, string];
  from: string;
  to: string;
  onChange: (change: DayRange) => void;
}) {
  return (
    <>
      <TextField
        label={fromLabel}
        type="date"
        value={from}
        max={to || undefined}
        onChange={(event) => onChange({ from: event.target.value })}
      />
      <TextField
        label={toLabel}
        type="date"
        value={to}
        min={from || undefined}
        onChange={(event) => onChange({ to: event.target.value })}
      />
    </>
  );
}
