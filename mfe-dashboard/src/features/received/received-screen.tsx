// Results (publisher): what the organisation's published surveys received, a page at a time from
// the server, filtered, searched and sorted as the address says, so a view can be shared or
// reloaded. A result can be excluded (a test, junk) with a reason, and included again.
import { useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { describeError, Loading, QueryView } from '@toolkit/data';
import {
  dayRangeProblem,
  hasPermission,
  type ReceivedResultRow,
  type ReceivedResultsQuery,
} from '@toolkit/domain';
import { useAppSelector } from '@toolkit/store-contract';
import { Button, MutedText, PageTitle, Stack } from '@toolkit/ui';
import { Actions } from '@toolkit/ui/form';
import { ErrorText } from '@toolkit/ui/error-text';
import { useReceivedResultsQuery } from '../../shared/api';
import { ExportButton } from '../../shared/export-button';
import { usePublishedSurveys, type PublishedSurvey } from '../../tenant-kind';
import { ExcludeDialog } from './exclude-dialog';
import { excludedWords, includedWords } from './exclusion-words';
import { useSetResultExcludedMutation, useWorkbenchFiltersQuery } from './received-api';
import { ResultsTable } from './results-table';
import {
  addressOf,
  cleared,
  isNarrowed,
  nextPage,
  previousPage,
  viewFrom,
  withFilters,
  type WorkbenchView,
} from './workbench-view';
import { FilterControls } from './workbench-filters';

const Count = styled.p`
  margin: 0;
  font-weight: 600;
  font-size: 1.1rem;
`;

const count = new Intl.NumberFormat();
const resultsCount = (total: number) => `${count.format(total)} ${total === 1 ? 'result' : 'results'}`;

function Workbench({ surveys }: { surveys: PublishedSurvey[] }) {
  const [params, setParams] = useSearchParams();
  const view = viewFrom(
    params,
    surveys.map((survey) => survey.id),
  );
  const { query } = view;
  const go = (next: WorkbenchView) => setParams(addressOf(next));
  const change = (filters: Partial<ReceivedResultsQuery>) => go(withFilters(view, filters));

  const filters = useWorkbenchFiltersQuery(query.surveyId);
  // A range that ends before it starts is refused beside its fields, and not asked for.
  const rangeProblem = query.from && query.to ? dayRangeProblem(query.from, query.to) : null;
  const page = useReceivedResultsQuery(rangeProblem ? skipToken : query);
  const [excluding, setExcluding] = useState<ReceivedResultRow | null>(null);
  const [include, including] = useSetResultExcludedMutation();
  const mayExclude = useAppSelector((state) => hasPermission(state.auth.claims, 'excludeResults'));
  const [told, setTold] = useState('');
  const countRef = useRef<HTMLParagraphElement>(null);

  function excluded(row: ReceivedResultRow, done: boolean) {
    setExcluding(null);
    if (done) setTold(excludedWords(row));
    countRef.current?.focus();
  }

  async function includeAgain(row: ReceivedResultRow) {
    try {
      await include({ surveyId: query.surveyId, resultId: row.resultId, excluded: false }).unwrap();
      setTold(includedWords(row));
      countRef.current?.focus();
    } catch {
      // Shown from the request's state below.
    }
  }

  // Only this view's page (currentData), and not once asking again failed (after an exclusion, say):
  // rows the server no longer vouches for give way to the failure and its "Try again".
  const current = { ...page, data: page.isError ? undefined : page.currentData };
  const pageNumber = view.back.length + 1;
  return (
    <Stack gap={4}>
      <FilterControls
        query={query}
        filters={filters.data}
        surveys={surveys}
        rangeProblem={rangeProblem}
        onChange={change}
      />
      {isNarrowed(view) && (
        <Actions>
          <Button type="button" variant="secondary" onClick={() => go(cleared(view))}>
            Clear filters
          </Button>
        </Actions>
      )}
      {/* A survey that has received nothing has nothing to download. */}
      {(isNarrowed(view) || current.data?.total !== 0) && (
        <ExportButton
          surveyId={query.surveyId}
          surveyTitle={surveys.find((survey) => survey.id === query.surveyId)?.title ?? query.surveyId}
        />
      )}
      <div role="status">{told && <MutedText>{told}</MutedText>}</div>
      {including.isError && (
        <ErrorText role="alert">{describeError(including.error, 'include the result again')}</ErrorText>
      )}
      {excluding && (
        <ExcludeDialog
          surveyId={query.surveyId}
          row={excluding}
          onDone={(done) => excluded(excluding, done)}
        />
      )}
      {!rangeProblem && (
        <QueryView
          query={current}
          doing="load the results"
          isEmpty={({ results }) => results.length === 0 && pageNumber === 1}
          empty={
            isNarrowed(view)
              ? 'No result matches this view. Change or clear the filters to see more.'
              : 'This survey has received no result yet.'
          }
        >
          {({ results, total, next, more }) => (
            <Stack gap={3} aria-busy={page.isFetching}>
              <Count ref={countRef} tabIndex={-1}>
                {resultsCount(total)}
              </Count>
              {page.isFetching && <Loading label="Updating the results" />}
              {!mayExclude && (
                <MutedText>
                  Owners, admins, billing members and editors can exclude a result from the figures or include
                  it again.
                </MutedText>
              )}
              <ResultsTable
                surveyId={query.surveyId}
                rows={results}
                caption={`Page ${pageNumber}`}
                exclusion={
                  mayExclude
                    ? {
                        onExclude: (row) => {
                          setTold('');
                          setExcluding(row);
                        },
                        onInclude: (row) => void includeAgain(row),
                        including: including.isLoading ? (including.originalArgs?.resultId ?? null) : null,
                      }
                    : null
                }
              />
              {(pageNumber > 1 || more) && (
                <Actions as="nav" aria-label="Pages">
                  <Button
                    type="button"
                    variant="secondary"
                    disabled={pageNumber === 1}
                    onClick={() => go(previousPage(view))}
                  >
                    Previous page
                  </Button>
                  <Button
                    type="button"
                    variant="secondary"
                    disabled={!more || next === null}
                    onClick={() => next && go(nextPage(view, next))}
                  >
                    Next page
                  </Button>
                </Actions>
              )}
            </Stack>
          )}
        </QueryView>
      )}
    </Stack>
  );
}

export function ReceivedScreen() {
  const surveys = usePublishedSurveys();
  return (
    <Stack>
      <PageTitle>Results</PageTitle>
      <QueryView
        query={surveys}
        doing="load your surveys"
        isEmpty={(published) => published.length === 0}
        empty="Your organisation publishes no survey yet, so there are no results to show."
      >
        {(published) => <Workbench surveys={published} />}
      </QueryView>
    </Stack>
  );
}
