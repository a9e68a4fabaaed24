// The controls a publisher's screens share for what they show: which of its surveys, a range of
// days and a search. Each screen keeps its choice (in the address, mostly); these only show it and
// report a change.
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '@toolkit/ui';
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

/** The field and its button on one line, sharing the field's baseline (the label sits above). */
const SearchRow = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[3]}px;
  & > :first-child {
    flex: 1 1 16rem;
  }
`;

/** A search sent with its button, not at every key; `name` labels the search landmark. */
export function SearchForm({
  label,
  name,
  maxLength,
  value,
  onSearch,
}: {
  label: string;
  name?: string;
  maxLength?: number;
  value: string;
  onSearch: (search: string) => void;
}) {
  const [typed, setTyped] = useState(value);
  const [shown, setShown] = useState(value);
  // The search changed from elsewhere (the address going back, a cleared filter): the box follows it.
  if (value !== shown) {
    setShown(value);
    setTyped(value);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(typed.trim());
  };
  return (
    <SearchRow role="search" aria-label={name} onSubmit={submit}>
      <TextField
        label={label}
        type="search"
        maxLength={maxLength}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </SearchRow>
  );
}
