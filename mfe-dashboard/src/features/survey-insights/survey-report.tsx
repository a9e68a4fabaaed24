// One published survey's insights: counts, the trend per period, score distributions, the answers
// to each closed question and the comments on each open one.
import { useId, type ReactNode } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import styled from 'styled-components';
import { QueryView } from '@toolkit/data';
import { formatDate, type ScoreSpread, type SurveyInsights, type TrendGranularity } from '@toolkit/domain';
import { Card, MutedText, Stack } from '@toolkit/ui';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { useSurveyInsightsQuery, type SurveyInsightsRequest } from '../../shared/api';
import { Table } from '../../shared/table';
import {
  ChartFigure,
  ColumnChart,
  PercentLineChart,
  percentOf,
  TableScrollRegion,
} from '../../shared/charts';
import { Comments } from './comments';
import { QuestionAnswers } from './question-answers';

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

/** Two or more charts side by side where there is room, one under the other on a phone. */
const Charts = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[5]}px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 18rem), 1fr));
`;

const Silent = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space[5]}px;
  overflow-wrap: anywhere;
`;

const MONTH = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A trend period in words: "Week of 3 Nov 2025" (its Monday) or "Nov 2025". */
export function periodLabel(period: string, granularity: TrendGranularity): string {
  if (granularity === 'week') return `Week of ${formatDate(period)}`;
  const [year, month] = period.split('-').map(Number);
  return MONTH.format(Date.UTC(year!, month! - 1, 1));
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <Stack gap={4}>
        <SectionHeading id={headingId}>{title}</SectionHeading>
        {children}
      </Stack>
    </Card>
  );
}

function Trend({ insights }: { insights: SurveyInsights }) {
  const { granularity } = insights.range;
  const per = granularity === 'week' ? 'week' : 'month';
  const labelled = insights.trend.map((point) => ({
    ...point,
    label: periodLabel(point.period, granularity),
  }));
  return (
    <Section title="Over time">
      <MutedText>
        From {formatDate(insights.range.from)} to {formatDate(insights.range.to)}
      </MutedText>
      <ChartFigure
        title={`Completed results and mean score per ${per}`}
        chart={
          <Charts>
            <Stack gap={1}>
              <MutedText aria-hidden="true">Completed results</MutedText>
              <ColumnChart
                columns={labelled.map((point) => ({
                  key: point.period,
                  label: point.label,
                  value: point.completed,
                }))}
              />
            </Stack>
            <Stack gap={1}>
              <MutedText aria-hidden="true">Mean score</MutedText>
              <PercentLineChart
                points={labelled.map((point) => ({
                  key: point.period,
                  label: point.label,
                  value: point.meanPercent,
                }))}
              />
            </Stack>
          </Charts>
        }
        table={
          <TableScrollRegion label={`Completed results and mean score per ${per}`}>
            <Table>
              <caption>Completed results and mean score per {per}</caption>
              <thead>
                <tr>
                  <th scope="col">{granularity === 'week' ? 'Week' : 'Month'}</th>
                  <th scope="col">Completed</th>
                  <th scope="col">Mean score</th>
                </tr>
              </thead>
              <tbody>
                {labelled.map((point) => (
                  <tr key={point.period}>
                    <th scope="row">{point.label}</th>
                    <td>{point.completed}</td>
                    <td>{point.meanPercent === null ? '–' : `${point.meanPercent}%`}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScrollRegion>
        }
      />
    </Section>
  );
}

/** Whole-percent histograms in ten bands: 0–9 … 80–89, and 90–100 holding the top score. */
export function scoreBands(histogram: Readonly<Record<string, number>>): { label: string; count: number }[] {
  const bands = Array.from({ length: 10 }, (_, band) => ({
    label: band === 9 ? '90–100%' : `${band * 10}–${band * 10 + 9}%`,
    count: 0,
  }));
  for (const [key, count] of Object.entries(histogram)) {
    const percent = Number(key);
    if (Number.isFinite(percent)) bands[Math.min(9, Math.max(0, Math.floor(percent / 10)))]!.count += count;
  }
  return bands;
}

function SpreadTable({ rows }: { rows: { title: string; spread: ScoreSpread }[] }) {
  return (
    <TableScrollRegion label="Scores of the completed results">
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
    </TableScrollRegion>
  );
}

function Distributions({ insights }: { insights: SurveyInsights }) {
  const rows = [
    { title: 'Overall', spread: insights.overall },
    ...insights.sections
      .filter((section) => section.scored)
      .map((section) => ({ title: section.title, spread: section })),
  ];
  return (
    <Section title="Score distributions">
      <SpreadTable rows={rows} />
      <Charts>
        {rows
          .filter(({ spread }) => spread.summary !== null)
          .map(({ title, spread }) => {
            const bands = scoreBands(spread.histogram);
            return (
              <ChartFigure
                key={title}
                title={`${title}: results per score band`}
                chart={
                  <ColumnChart
                    columns={bands.map((band) => ({ key: band.label, ...band, value: band.count }))}
                  />
                }
                table={
                  <TableScrollRegion label={`${title}: results per score band`}>
                    <Table>
                      <caption>{title}: results per score band</caption>
                      <thead>
                        <tr>
                          <th scope="col">Score</th>
                          <th scope="col">Results</th>
                        </tr>
                      </thead>
                      <tbody>
                        {bands.map((band) => (
                          <tr key={band.label}>
                            <th scope="row">{band.label}</th>
                            <td>{band.count}</td>
                          </tr>
                        ))}
                      </tbody>
                    </Table>
                  </TableScrollRegion>
                }
              />
            );
          })}
      </Charts>
    </Section>
  );
}

function Answers({ insights }: { insights: SurveyInsights }) {
  const sections = insights.sections
    .map((section) => ({
      ...section,
      questions: insights.questions.filter((question) => question.sectionIndex === section.sectionIndex),
    }))
    .filter((section) => section.questions.length > 0);
  return (
    <Section title="Answers">
      {sections.map((section) => (
        <Stack key={section.sectionIndex} gap={4}>
          <SectionHeading as="h3">{section.title}</SectionHeading>
          {section.questions.map((question) => (
            <QuestionAnswers key={question.id} question={question} />
          ))}
        </Stack>
      ))}
    </Section>
  );
}

/** The open questions with comments, each searchable; those without any only named. */
function CommentSection({ insights }: { insights: SurveyInsights }) {
  const commented = insights.comments.filter((question) => question.count > 0);
  const silent = insights.comments.filter((question) => question.count === 0);
  return (
    <Section title="Comments">
      {commented.map((question) => (
        <Comments key={question.questionId} surveyId={insights.survey.id} question={question} />
      ))}
      {silent.length > 0 && (
        <Stack gap={2}>
          <MutedText>No comments yet on:</MutedText>
          <Silent>
            {silent.map((question) => (
              <li key={question.questionId}>{question.title}</li>
            ))}
          </Silent>
        </Stack>
      )}
    </Section>
  );
}

function Received({ insights, verifiedOnly }: { insights: SurveyInsights; verifiedOnly: boolean }) {
  return (
    <Stack gap={4}>
      <Section title={`Received: ${insights.survey.title}`}>
        {verifiedOnly && insights.completed === 0 ? (
          <MutedText>
            No result of this survey is verified yet. Clear “Verified results only” to see every result.
          </MutedText>
        ) : insights.started === 0 ? (
          <MutedText>Nobody has started this survey yet. Share its link to collect results.</MutedText>
        ) : (
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
        )}
        {!verifiedOnly && insights.started > 0 && insights.completed === 0 && (
          <MutedText>No result is completed yet: scores and answers appear with the first one.</MutedText>
        )}
      </Section>
      {insights.completed > 0 && (
        <>
          <Trend insights={insights} />
          <Distributions insights={insights} />
          {insights.questions.length > 0 && <Answers insights={insights} />}
          {insights.comments.length > 0 && <CommentSection insights={insights} />}
        </>
      )}
    </Stack>
  );
}

/**
 * The report for the asked survey and range. While another survey or range loads, the one shown
 * stays; a failed refresh shows the server's words instead of old figures. A null request is one the
 * controls refuse beside their fields: nothing is asked and no figures show.
 */
export function SurveyReport({
  request,
  controls,
}: {
  request: SurveyInsightsRequest | null;
  controls: (range: SurveyInsights['range'] | null) => ReactNode;
}) {
  const answer = useSurveyInsightsQuery(request ?? skipToken);
  const current = answer.isError
    ? undefined
    : (answer.currentData ?? (answer.isFetching ? answer.data : undefined));
  return (
    <Stack gap={4}>
      {controls(current?.range ?? null)}
      {request && (
        <QueryView query={{ ...answer, data: current }} doing="load what your survey received">
          {(insights) => <Received insights={insights} verifiedOnly={request.verifiedOnly === true} />}
        </QueryView>
      )}
    </Stack>
  );
}
