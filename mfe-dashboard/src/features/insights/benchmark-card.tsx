// A business's own results over time and where the latest stands among its peers.
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { QueryView } from '@toolkit/data';
import {
  CSV_BOM,
  csvRow,
  type Benchmark,
  type BenchmarkRow,
  formatDate,
  overallStandingSentence,
  PEER_FACETS,
  shownPercent,
  standingCell,
} from '@toolkit/domain';
import { Button, buttonStyles, Card, MutedText, Stack } from '@toolkit/ui';
import { SelectField } from '@toolkit/ui/form';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { useBenchmarkQuery, type BenchmarkAnswer } from '../../shared/api';
import { fileSlug, saveFile } from '../../shared/download';
import { TableScrollRegion } from '../../shared/charts';
import { Table } from '../../shared/table';
import { PriorityTopics } from './priority-topics';
import { ScoreTrend } from './score-trend';
import { SpreadChart } from './spread-chart';

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
      // A section the Results screen shows "not scored" is an empty cell, not 0.
      ...indexes.map((index) => {
        const section = score.sections.find((each) => each.sectionIndex === index);
        return section ? shownPercent(section) : null;
      }),
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
      <TableScrollRegion label="Your completed results">
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
      </TableScrollRegion>
      <Button type="button" variant="secondary" onClick={download}>
        Download your results (CSV)
      </Button>
    </Stack>
  );
}

function BenchmarkTable({ rows }: { rows: readonly BenchmarkRow[] }) {
  return (
    <TableScrollRegion label="Your scores beside your peers’">
      <Table>
        <caption>Your scores beside your peers’</caption>
        <thead>
          <tr>
            <th scope="col">Area</th>
            <th scope="col">You</th>
            <th scope="col">Median</th>
            <th scope="col">Middle half</th>
            <th scope="col">Where you stand</th>
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
              <td>{standingCell(row.standing)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScrollRegion>
  );
}

type PeerGroup = BenchmarkAnswer['groups'][number];

/** "My sector: Retail": the facet as the business's own, then the group's option. */
const groupName = (group: PeerGroup) =>
  `My ${PEER_FACETS.find((facet) => facet.facet === group.facet)?.label.toLowerCase() ?? group.facet}: ${group.label}`;

function Peers({ benchmark, group }: { benchmark: Benchmark; group: PeerGroup | null }) {
  if (benchmark.status === 'too-few') {
    // A small group's figures could point at one organisation: nothing but how many it has.
    if (group) {
      return (
        <p>
          Not enough organisations like yours yet ({benchmark.organisations} of the {benchmark.needed} needed)
        </p>
      );
    }
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
        {overallStandingSentence(
          benchmark.overall.standing,
          `${benchmark.organisations} organisations${group ? ` like yours (${groupName(group)})` : ''}`,
        )}
      </p>
      <SpreadChart rows={rows} />
      <BenchmarkTable rows={rows} />
      <MutedText>
        The band shows the middle half of your peers’ scores, the line their median and the dot your score.
      </MutedText>
    </Stack>
  );
}

/** The peer group compared with comes from the address (?peers=sector:retail), so a link keeps it. */
function PeerComparison({ surveyId, answer }: { surveyId: string; answer: BenchmarkAnswer }) {
  const [query, setQuery] = useSearchParams();
  const group = answer.groups.find((candidate) => candidate.key === query.get('peers')) ?? null;
  const narrowed = useBenchmarkQuery(group ? { surveyId, group: group.key } : skipToken);
  const choose = (key: string) =>
    setQuery(
      (current) => {
        const next = new URLSearchParams(current);
        if (key) next.set('peers', key);
        else next.delete('peers');
        return next;
      },
      { replace: true },
    );
  return (
    <Stack gap={3}>
      {answer.groups.length > 0 && (
        <SelectField
          label="Compare with"
          value={group?.key ?? ''}
          onChange={(event) => choose(event.target.value)}
        >
          <option value="">Everyone</option>
          {answer.groups.map((candidate) => (
            <option key={candidate.key} value={candidate.key}>
              {groupName(candidate)}
            </option>
          ))}
        </SelectField>
      )}
      {!group ? (
        answer.benchmark && <Peers benchmark={answer.benchmark} group={null} />
      ) : (
        <QueryView query={narrowed} doing="load the comparison with organisations like yours">
          {(data) => data.benchmark && <Peers benchmark={data.benchmark} group={group} />}
        </QueryView>
      )}
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
  const answer = useBenchmarkQuery({ surveyId });
  return (
    <Card aria-labelledby={headingId}>
      <Stack gap={4}>
        <SectionHeading id={headingId}>How you compare: {surveyTitle}</SectionHeading>
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
                {data.history.length > 1 ? (
                  <ScoreTrend history={data.history} />
                ) : (
                  <MutedText>Complete the survey again to see how your scores change over time.</MutedText>
                )}
                <History history={data.history} surveyTitle={surveyTitle} />
                <PeerComparison surveyId={surveyId} answer={data} />
                <PriorityTopics surveyId={surveyId} surveyTitle={surveyTitle} priorities={data.priorities} />
              </Stack>
            )
          }
        </QueryView>
      </Stack>
    </Card>
  );
}
