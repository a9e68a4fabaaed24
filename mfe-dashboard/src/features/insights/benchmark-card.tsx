// A business's own results over time and where the latest stands among its peers.
import { useId } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { QueryView } from '@toolkit/data';
import { CSV_BOM, csvRow, type Benchmark, type BenchmarkRow, formatDate } from '@toolkit/domain';
import { Button, buttonStyles, Card, MutedText, Stack } from '@toolkit/ui';
import { useBenchmarkQuery, type BenchmarkAnswer } from '../../shared/api';
import { fileSlug, saveFile } from '../../shared/download';
import { Table, TableScroll } from '../../shared/table';
import { PriorityTopics } from './priority-topics';
import { SpreadChart } from './spread-chart';

const Heading = styled.h2`
  margin: 0;
  overflow-wrap: anywhere;
`;

const CallToAction = styled(Link)<{ $variant: 'primary' | 'secondary' }>`
  ${buttonStyles}
  align-self: flex-start;
`;

/** The organisation's own results as CSV: one row per completion, one column per area. */
export function historyCsv(history: BenchmarkAnswer['history']): string {
  const titles = new Map<number, string>();
  for (const { score } of history) {
    for (const section of score.sections) titles.set(section.sectionIndex, section.title);
  }
  const indexes = [...titles.keys()].sort((a, b) => a - b);
  const rows = history.map(({ completedAt, score }) =>
    csvRow([
      completedAt,
      score.overall.percent,
      score.band?.label,
      ...indexes.map((index) => score.sections.find((section) => section.sectionIndex === index)?.percent),
    ]),
  );
  return (
    CSV_BOM +
    csvRow(['Completed', 'Overall %', 'Band', ...indexes.map((index) => `${titles.get(index)} %`)]) +
    rows.join('')
  );
}

function History({ history, surveyTitle }: { history: BenchmarkAnswer['history']; surveyTitle: string }) {
  const newestFirst = [...history].reverse();
  const download = () =>
    saveFile(`${fileSlug(surveyTitle)}-your-results.csv`, [historyCsv(history)], 'text/csv;charset=utf-8');
  return (
    <Stack gap={2}>
      <TableScroll>
        <Table>
          <caption>Your completed results</caption>
          <thead>
            <tr>
              <th scope="col">Completed</th>
              <th scope="col">Overall</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {newestFirst.map((entry, index) => {
              const previous = newestFirst[index + 1];
              const change = previous
                ? Math.round((entry.score.overall.percent - previous.score.overall.percent) * 10) / 10
                : null;
              return (
                <tr key={entry.resultId}>
                  <th scope="row">{formatDate(entry.completedAt)}</th>
                  <td>{entry.score.overall.percent}%</td>
                  <td>{change === null ? '–' : `${change > 0 ? '+' : ''}${change} points`}</td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </TableScroll>
      <Button type="button" variant="secondary" onClick={download}>
        Download your results (CSV)
      </Button>
    </Stack>
  );
}

function BenchmarkTable({ rows }: { rows: readonly BenchmarkRow[] }) {
  return (
    <TableScroll>
      <Table>
        <caption>Your scores beside your peers’</caption>
        <thead>
          <tr>
            <th scope="col">Area</th>
            <th scope="col">You</th>
            <th scope="col">Median</th>
            <th scope="col">Middle half</th>
            <th scope="col">Your percentile</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.title}>
              <th scope="row">{row.title}</th>
              <td>{row.yours}%</td>
              <td>{row.peers.median}%</td>
              <td>
                {row.peers.q1}–{row.peers.q3}%
              </td>
              <td>{row.percentile}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}

function Peers({ benchmark }: { benchmark: Benchmark }) {
  if (benchmark.status === 'too-few') {
    return (
      <MutedText>
        The peer benchmark appears once {benchmark.needed} organisations have completed this survey, so that
        no single organisation can be recognised in it. So far {benchmark.organisations}{' '}
        {benchmark.organisations === 1 ? 'has' : 'have'}.
      </MutedText>
    );
  }
  const rows = [benchmark.overall, ...benchmark.sections];
  return (
    <Stack gap={3}>
      <p>
        Compared with {benchmark.organisations} organisations, your overall score is higher than{' '}
        {benchmark.overall.percentile}% of theirs.
      </p>
      <SpreadChart rows={rows} />
      <BenchmarkTable rows={rows} />
      <MutedText>
        The band shows the middle half of your peers’ scores, the line their median and the dot your score.
      </MutedText>
    </Stack>
  );
}

export function BenchmarkCard({
  surveyId,
  surveyTitle,
  surveyPath,
}: {
  surveyId: string;
  surveyTitle: string;
  surveyPath: string;
}) {
  const headingId = useId();
  // Asked as the opened Insights screen, which the server records as the view-insights milestone.
  const answer = useBenchmarkQuery({ surveyId, opened: true });
  return (
    <Card aria-labelledby={headingId}>
      <Stack gap={4}>
        <Heading id={headingId}>How you compare: {surveyTitle}</Heading>
        <QueryView query={answer} doing="load your benchmark">
          {(data) =>
            !data.benchmark ? (
              <Stack gap={3}>
                <MutedText>
                  Complete the survey to see your results over time and how they compare with other
                  organisations.
                </MutedText>
                <CallToAction to={surveyPath} $variant="primary">
                  Complete the survey
                </CallToAction>
              </Stack>
            ) : (
              <Stack gap={4}>
                <History history={data.history} surveyTitle={surveyTitle} />
                <Peers benchmark={data.benchmark} />
                <PriorityTopics surveyId={surveyId} surveyTitle={surveyTitle} priorities={data.priorities} />
              </Stack>
            )
          }
        </QueryView>
      </Stack>
    </Card>
  );
}
