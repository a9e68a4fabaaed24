// The controls a publisher's screens share for what they show: which of its surveys, a range of
// days and a search. Each screen keeps its choice (in the address, mostly); these only show it and
// report a change.
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { API } from '@toolkit/domain';
import { fieldProblem, REQUESTS } from '@toolkit/domain/requests';
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

// The server's words for a day it cannot read.
const DAY = REQUESTS[API.listReceivedResults].shape.from;

/**
 * Two day fields, neither offering a day past the other; a cleared field reports ''. A day the
 * server could not read (a typed six-digit year, say) is refused beside its field and not reported;
 * `rangeProblem`, why the screen refuses the range as it is, shows beside the end.
 */
export function DateRangeFields({
  labels: [fromLabel, toLabel],
  from,
  to,
  rangeProblem,
  onChange,
}: {
  labels: readonly [string, string];
  from: string;
  to: string;
  rangeProblem: string | null;
  onChange: (change: DayRange) => void;
}) {
  const [unread, setUnread] = useState<{ field: keyof DayRange; value: string; problem: string } | null>(
    null,
  );
  const change = (field: keyof DayRange, value: string) => {
    const problem = value === '' ? null : fieldProblem(DAY, value);
    if (problem !== null) return setUnread({ field, value, problem });
    if (unread?.field === field) setUnread(null);
    onChange({ [field]: value });
  };
  const shown = (field: keyof DayRange, value: string) => (unread?.field === field ? unread.value : value);
  return (
    <>
      <TextField
        label={fromLabel}
        type="date"
        value={shown('from', from)}
        max={to || undefined}
        error={unread?.field === 'from' ? unread.problem : undefined}
        onChange={(event) => change('from', event.target.value)}
      />
      <TextField
        label={toLabel}
        type="date"
        value={shown('to', to)}
        min={from || undefined}
        error={unread?.field === 'to' ? unread.problem : (rangeProblem ?? undefined)}
        onChange={(event) => change('to', event.target.value)}
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
