// The workbench's filters, search and sort. Each choice changes the address at once (the view is
// the address); the search is sent with its button, not at every key.
import { useState } from 'react';
import styled from 'styled-components';
import {
  PEER_FACETS,
  WORKBENCH_SEARCH_MAX,
  type ReceivedResultsQuery,
  type WorkbenchState,
} from '@toolkit/domain';
import { MutedText, Stack } from '@toolkit/ui';
import { FieldGrid, SelectField } from '@toolkit/ui/form';
import { DateRangeFields, SearchForm, SurveySelect } from '../../shared/view-controls';
import type { WorkbenchFilters } from './received-api';
import { SORT_CHOICES, sortKey } from './workbench-view';

const STATES: { state: WorkbenchState; label: string }[] = [
  { state: 'completed', label: 'Completed' },
  { state: 'excluded', label: 'Excluded' },
  { state: 'in-progress', label: 'In progress' },
];

const NOT_FOR_IN_PROGRESS: Partial<ReceivedResultsQuery> = {
  band: undefined,
  sector: undefined,
  size: undefined,
  region: undefined,
  search: undefined,
  sort: undefined,
  direction: undefined,
};

/** The filters that narrow the results, behind one summary so the results show early on a phone. */
const NARROWING = ['from', 'to', 'band', 'sector', 'size', 'region'] as const;

const MoreFilters = styled.details`
  /* A list item, so it keeps the disclosure triangle that says it opens. */
  summary {
    cursor: pointer;
    font-weight: 600;
    min-height: ${({ theme }) => theme.touchTarget};
    padding: ${({ theme }) => theme.space[2]}px 0;
    box-sizing: border-box;
    color: ${({ theme }) => theme.colors.link};
  }
  &[open] summary {
    margin-bottom: ${({ theme }) => theme.space[3]}px;
  }
`;

export function FilterControls({
  query,
  filters,
  surveys,
  rangeProblem,
  onChange,
}: {
  query: ReceivedResultsQuery;
  filters: WorkbenchFilters | undefined;
  surveys: readonly { id: string; title: string }[];
  /** Why the dates are refused as they are. */
  rangeProblem: string | null;
  onChange: (change: Partial<ReceivedResultsQuery>) => void;
}) {
  const state = query.state ?? 'completed';
  const inProgress = state === 'in-progress';
  const narrowing = NARROWING.filter((key) => query[key] !== undefined).length;
  // Open when the view is narrowed by them (a shared address) or their dates are refused; then as
  // the person leaves it.
  const [moreShown, setMoreShown] = useState(narrowing > 0);
  const shown = moreShown || rangeProblem !== null;
  return (
    <Stack gap={3}>
      <SurveySelect
        surveys={surveys}
        value={query.surveyId}
        // Filters and search belong to one survey's answers.
        onChange={(surveyId) =>
          onChange({ surveyId, band: undefined, sector: undefined, size: undefined, region: undefined })
        }
      />
      <FieldGrid>
        <SelectField
          label="State"
          value={state}
          onChange={(event) => {
            const chosen = event.target.value as WorkbenchState;
            // Results not completed have no score or answers to narrow by yet.
            onChange(
              chosen === 'in-progress' ? { state: chosen, ...NOT_FOR_IN_PROGRESS } : { state: chosen },
            );
          }}
        >
          {STATES.map((choice) => (
            <option key={choice.state} value={choice.state}>
              {choice.label}
            </option>
          ))}
        </SelectField>
        {!inProgress && (
          <SelectField
            label="Sort"
            value={sortKey(query)}
            onChange={(event) => {
              const chosen = SORT_CHOICES.find(
                (choice) => `${choice.sort}:${choice.direction}` === event.target.value,
              );
              if (chosen) onChange({ sort: chosen.sort, direction: chosen.direction });
            }}
          >
            {SORT_CHOICES.map((choice) => (
              <option key={`${choice.sort}:${choice.direction}`} value={`${choice.sort}:${choice.direction}`}>
                {choice.label}
              </option>
            ))}
          </SelectField>
        )}
      </FieldGrid>
      {inProgress ? (
        <MutedText>
          Results not completed yet are listed newest started first; only the dates narrow them.
        </MutedText>
      ) : (
        <SearchForm
          label="Search by organisation or respondent"
          maxLength={WORKBENCH_SEARCH_MAX}
          value={query.search ?? ''}
          onSearch={(search) => onChange({ search })}
        />
      )}
      <MoreFilters open={shown} onToggle={(event) => setMoreShown(event.currentTarget.open)}>
        <summary>
          {inProgress ? 'Filter by date' : 'Filter by date, score band, sector, size or region'}
          {narrowing > 0 && ` (${narrowing} set)`}
        </summary>
        <FieldGrid>
          <DateRangeFields
            labels={inProgress ? ['Started from', 'Started until'] : ['Completed from', 'Completed until']}
            from={query.from ?? ''}
            to={query.to ?? ''}
            rangeProblem={rangeProblem}
            onChange={onChange}
          />
          {!inProgress && (
            <>
              <SelectField
                label="Score band"
                value={query.band ?? ''}
                onChange={(event) => onChange({ band: event.target.value })}
              >
                <option value="">Any band</option>
                {filters?.bands.map((band) => (
                  <option key={band.value} value={band.value}>
                    {band.label}
                  </option>
                ))}
              </SelectField>
              {PEER_FACETS.map(({ facet, label }) => (
                <SelectField
                  key={facet}
                  label={label}
                  value={query[facet] ?? ''}
                  onChange={(event) => onChange({ [facet]: event.target.value })}
                >
                  <option value="">Any {label.toLowerCase()}</option>
                  {filters?.facets[facet].map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </SelectField>
              ))}
            </>
          )}
        </FieldGrid>
      </MoreFilters>
    </Stack>
  );
}
