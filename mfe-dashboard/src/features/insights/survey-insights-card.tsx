// What a survey the organisation publishes has received: counts, score spreads, the answers to
// its closed questions and completions over time. Never a respondent's free text.
import { useId } from 'react';
import styled from 'styled-components';
import { QueryView } from '@toolkit/data';
import type { ScoreSpread, SurveyInsights } from '@toolkit/domain';
import { Card, MutedText, Stack } from '@toolkit/ui';
import { useSurveyInsightsQuery } from '../../shared/api';
import { Table, TableScroll } from '../../shared/table';
import { ExportButton } from './export-button';
import { ReceivedResults } from './received-results';
import { TrendChart } from './trend-chart';

const Heading = styled.h2`
  margin: 0;
  overflow-wrap: anywhere;
`;

const Subheading = styled.h3`
  margin: 0;
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  gap: ${({ theme }) => theme.space[3]}px;
  margin: 0;
  div {
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.medium};
    padding: ${({ theme }) => theme.space[3]}px;
  }
  dt {
    color: ${({ theme }) => theme.colors.mutedText};
  }
  dd {
    margin: 0;
    font-size: 1.5rem;
    font-weight: 700;
  }
`;

const Share = styled.span<{ $percent: number }>`
  display: inline-block;
  width: 6rem;
  height: 0.75rem;
  margin-left: ${({ theme }) => theme.space[2]}px;
  border: 1px solid ${({ theme }) => theme.colors.mutedText};
  border-radius: 4px;
  background: linear-gradient(
    to right,
    ${({ theme }) => theme.colors.primary} ${({ $percent }) => $percent}%,
    transparent ${({ $percent }) => $percent}%
  );
  vertical-align: middle;
`;

const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

function SpreadTable({ insights }: { insights: SurveyInsights }) {
  const rows: { title: string; spread: ScoreSpread }[] = [
    { title: 'Overall', spread: insights.overall },
    ...insights.sections.map((section) => ({ title: section.title, spread: section })),
  ];
  return (
    <TableScroll>
      <Table>
        <caption>Scores of the completed results</caption>
        <thead>
          <tr>
            <th scope="col">Area</th>
            <th scope="col">Average</th>
            <th scope="col">Median</th>
            <th scope="col">Middle half</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ title, spread }) => (
            <tr key={title}>
              <th scope="row">{title}</th>
              {spread.summary ? (
                <>
                  <td>{spread.summary.mean}%</td>
                  <td>{spread.summary.median}%</td>
                  <td>
                    {spread.summary.q1}–{spread.summary.q3}%
                  </td>
                </>
              ) : (
                <td colSpan={3}>No scores yet</td>
              )}
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}

function AnswerTables({ insights }: { insights: SurveyInsights }) {
  return (
    <Stack gap={3}>
      <Subheading>Answers</Subheading>
      {insights.questions.map((question) => {
        const total = question.answers.reduce((sum, answer) => sum + answer.count, 0);
        return (
          <TableScroll key={question.id}>
            <Table>
              <caption>{question.title}</caption>
              <thead>
                <tr>
                  <th scope="col">Answer</th>
                  <th scope="col">Results</th>
                  <th scope="col">Share</th>
                </tr>
              </thead>
              <tbody>
                {question.answers.map((answer) => {
                  const share = percentOf(answer.count, total);
                  return (
                    <tr key={answer.key}>
                      <th scope="row">{answer.label}</th>
                      <td>{answer.count}</td>
                      <td>
                        {share}%
                        <Share $percent={share} aria-hidden="true" />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          </TableScroll>
        );
      })}
    </Stack>
  );
}

function Trend({ trend }: { trend: SurveyInsights['trend'] }) {
  const recent = trend.slice(-14);
  return (
    <Stack gap={3}>
      <TrendChart points={recent} />
      <details>
        <summary>The same figures as a table</summary>
        <TableScroll>
          <Table>
            <caption>
              Completed per day{trend.length > recent.length ? ' (the last 14 days with results)' : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Completed</th>
              </tr>
            </thead>
            <tbody>
              {recent.map((point) => (
                <tr key={point.day}>
                  <th scope="row">{point.day}</th>
                  <td>{point.completed}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      </details>
    </Stack>
  );
}

function Received({ insights }: { insights: SurveyInsights }) {
  if (insights.started === 0) {
    return <MutedText>Nobody has started this survey yet. Share its link to collect results.</MutedText>;
  }
  return (
    <Stack gap={4}>
      <Figures>
        <div>
          <dt>Started</dt>
          <dd>{insights.started}</dd>
        </div>
        <div>
          <dt>Completed</dt>
          <dd>{insights.completed}</dd>
        </div>
        <div>
          <dt>Completion rate</dt>
          <dd>{percentOf(insights.completed, insights.started)}%</dd>
        </div>
        <div>
          <dt>Organisations</dt>
          <dd>{insights.organisations}</dd>
        </div>
      </Figures>
      {insights.completed === 0 ? (
        <MutedText>No result is completed yet: scores and answers appear with the first one.</MutedText>
      ) : (
        <>
          <SpreadTable insights={insights} />
          <Trend trend={insights.trend} />
          <ReceivedResults surveyId={insights.survey.id} />
          <ExportButton surveyId={insights.survey.id} surveyTitle={insights.survey.title} />
          <AnswerTables insights={insights} />
        </>
      )}
    </Stack>
  );
}

export function SurveyInsightsCard({ surveyId }: { surveyId: string }) {
  const headingId = useId();
  const answer = useSurveyInsightsQuery(surveyId);
  return (
    <Card aria-labelledby={headingId}>
      <QueryView query={answer} doing="load what your survey received">
        {(insights) => (
          <Stack gap={4}>
            <Heading id={headingId}>Received: {insights.survey.title}</Heading>
            <Received insights={insights} />
          </Stack>
        )}
      </QueryView>
    </Card>
  );
}
