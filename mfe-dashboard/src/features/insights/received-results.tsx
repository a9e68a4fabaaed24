// The publisher's list of received results and the drill-down into one of them.
import { useId, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { formatDate } from '@toolkit/domain';
import { Loading, LoadError, QueryView } from '@toolkit/data';
import type { ReceivedResultRow } from '@toolkit/domain';
import { Button, Card, MutedText, Stack, VisuallyHidden } from '@toolkit/ui';
import { useReceivedResultQuery, useReceivedResultsQuery } from '../../shared/api';
import { Table, TableScroll } from '../../shared/table';

const PAGE = 25;

const Heading = styled.h2`
  margin: 0;
  overflow-wrap: anywhere;
`;

const Subheading = styled.h3`
  margin: 0;
`;

const TextLink = styled(Link)`
  color: ${({ theme }) => theme.colors.link};
`;

const Answers = styled.dl`
  margin: 0;
  dt {
    font-weight: 600;
    margin-top: ${({ theme }) => theme.space[3]}px;
  }
  dd {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

/** Where a result opens: the Insights screen with the survey and result in its query. */
export const resultLink = (surveyId: string, resultId: string) =>
  `?${new URLSearchParams({ survey: surveyId, result: resultId })}`;

/** A result with no scored answer (completed before that was refused) counts nowhere, and says so. */
const NOT_COUNTED = 'No answers — not counted';

const score = (row: ReceivedResultRow) =>
  !row.counted ? NOT_COUNTED : row.overallPercent === null ? '–' : `${row.overallPercent}%`;

function Rows({ surveyId, rows }: { surveyId: string; rows: readonly ReceivedResultRow[] }) {
  return (
    <TableScroll>
      <Table>
        <caption>Completed results, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Organisation</th>
            <th scope="col">Completed</th>
            <th scope="col">Score</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.resultId}>
              <th scope="row">{row.organisation ?? row.respondent ?? 'Not given'}</th>
              <td>{formatDate(row.completedAt)}</td>
              <td>{score(row)}</td>
              <td>
                <TextLink to={resultLink(surveyId, row.resultId)}>
                  Open
                  <VisuallyHidden>
                    {' '}
                    the result of {row.organisation ?? row.respondent ?? 'a respondent'}
                  </VisuallyHidden>
                </TextLink>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}

export function ReceivedResults({ surveyId }: { surveyId: string }) {
  const [limit, setLimit] = useState(PAGE);
  // While more are asked for, the rows already shown stay (the hook keeps the last answer).
  const list = useReceivedResultsQuery({ surveyId, limit });
  return (
    <Stack gap={3}>
      <Subheading>Results</Subheading>
      <QueryView query={list} doing="load the results">
        {({ results, more }) => (
          <Stack gap={3}>
            <Rows surveyId={surveyId} rows={results} />
            {list.isFetching ? (
              <Loading />
            ) : list.isError ? (
              <LoadError error={list.error} doing="load more results" onRetry={() => void list.refetch()} />
            ) : (
              more && (
                <Button type="button" variant="secondary" onClick={() => setLimit((value) => value + PAGE)}>
                  Show more results
                </Button>
              )
            )}
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}

export function ReceivedResultCard({ surveyId, resultId }: { surveyId: string; resultId: string }) {
  const headingId = useId();
  const result = useReceivedResultQuery({ surveyId, resultId });
  return (
    <Card aria-labelledby={headingId}>
      <Stack gap={4}>
        <TextLink to={`?${new URLSearchParams({ survey: surveyId })}`}>Back to all results</TextLink>
        <QueryView query={result} doing="open this result">
          {(opened) => (
            <Stack gap={4}>
              <Stack gap={1}>
                <Heading id={headingId}>
                  Result from {opened.organisation ?? 'an organisation not named'}
                </Heading>
                <MutedText>
                  {opened.respondent ? `${opened.respondent}, ` : ''}
                  {opened.completedAt
                    ? `completed on ${formatDate(opened.completedAt)}`
                    : 'not completed yet'}
                </MutedText>
              </Stack>
              {!opened.counted && (
                <p>
                  {NOT_COUNTED}: no question that counts towards the score was answered, so insights and
                  benchmarks leave it out.
                </p>
              )}
              {opened.score && opened.counted && (
                <p>
                  Overall score: {opened.score.overall.points} out of {opened.score.overall.max} (
                  {opened.score.overall.percent}%){opened.score.band ? ` — ${opened.score.band.label}` : ''}
                </p>
              )}
              {opened.sections.map((section) => (
                <section key={section.title}>
                  <Subheading>{section.title}</Subheading>
                  <Answers>
                    {section.answers.map((answer) => (
                      <div key={answer.questionId}>
                        <dt>{answer.title}</dt>
                        <dd>{answer.answer}</dd>
                      </div>
                    ))}
                  </Answers>
                </section>
              ))}
            </Stack>
          )}
        </QueryView>
      </Stack>
    </Card>
  );
}
