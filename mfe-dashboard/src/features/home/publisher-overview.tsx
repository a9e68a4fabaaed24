// The publisher's first page: each survey it publishes with what it received (completed, this
// month, organisations), its latest results, and the way into the workbench and the insights.
import { useId } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { QueryView } from '@toolkit/data';
import { formatDate, hasAccess, paths, workbenchSearchParams } from '@toolkit/domain';
import { OVERVIEW_LATEST_RESULTS, overviewSurveyReads } from '@toolkit/domain/first-reads';
import { selectClaims, useAppSelector } from '@toolkit/store-contract';
import { Card, MutedText, Stack, VisuallyHidden } from '@toolkit/ui';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { useReceivedResultsQuery, useSurveyInsightsQuery } from '../../shared/api';
import { usePublishedSurveys, type PublishedSurvey } from '../../tenant-kind';

const Figures = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[5]}px;
  margin: 0;
  div {
    display: flex;
    flex-direction: column-reverse;
  }
  dt {
    color: ${({ theme }) => theme.colors.mutedText};
  }
  dd {
    margin: 0;
    font-size: 1.75rem;
    font-weight: 700;
  }
`;

const Latest = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space[2]}px;
    padding: ${({ theme }) => theme.space[2]}px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  a {
    color: ${({ theme }) => theme.colors.link};
    overflow-wrap: anywhere;
  }
`;

const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[4]}px;
  margin: 0;
  a {
    color: ${({ theme }) => theme.colors.link};
    font-weight: 600;
  }
`;

/**
 * A word's or a figure's place while it loads: a space of the text's own font, so its line is exactly
 * as high as the text's will be, drawn as a bar.
 */
const Bar = styled.span<{ $width: string }>`
  display: inline-block;
  width: ${({ $width }) => $width};
  max-width: 100%;
  background: linear-gradient(${({ theme }) => theme.colors.border}, ${({ theme }) => theme.colors.border})
    center / 100% 1em no-repeat;
`;

function Placeholder({ width }: { width: string }) {
  return <Bar $width={width}>{'\u00a0'}</Bar>;
}

const FIGURES = ['Completed', 'This month', 'Organisations'] as const;

const count = new Intl.NumberFormat();

function LatestResults({ surveyId }: { surveyId: string }) {
  // The request the shell may have asked already (@toolkit/domain/first-reads).
  const latest = useReceivedResultsQuery(overviewSurveyReads(surveyId, new Date()).latest);
  // While they load, as many rows as are shown at most hold their place.
  if (latest.data === undefined && !latest.isError)
    return (
      <Latest aria-label="Latest results" aria-busy="true">
        {Array.from({ length: OVERVIEW_LATEST_RESULTS }, (_, row) => (
          <li key={row} aria-hidden="true">
            <Placeholder width="12rem" />
            <Placeholder width="6rem" />
          </li>
        ))}
      </Latest>
    );
  return (
    <QueryView
      query={latest}
      doing="load the latest results"
      isEmpty={({ results }) => results.length === 0}
      empty="No result has arrived yet."
    >
      {({ results }) => (
        <Latest aria-label="Latest results">
          {results.map((row) => (
            <li key={row.resultId}>
              <Link to={paths.receivedResult(surveyId, row.resultId)}>
                {row.organisation ?? row.respondent ?? 'Not given'}
              </Link>
              <MutedText as="span">
                {row.completedAt ? formatDate(row.completedAt) : 'In progress'}
                {row.overallPercent !== null && ` · ${row.overallPercent}%`}
              </MutedText>
            </li>
          ))}
        </Latest>
      )}
    </QueryView>
  );
}

function SurveyCard({ survey }: { survey: PublishedSurvey }) {
  const headingId = useId();
  // This month's figures, asked as the shell may have asked them already (@toolkit/domain/first-reads).
  const totals = useSurveyInsightsQuery(overviewSurveyReads(survey.id, new Date()).insights);
  return (
    <Card aria-labelledby={headingId}>
      <Stack gap={4}>
        <SectionHeading id={headingId}>{survey.title}</SectionHeading>
        {totals.data === undefined && !totals.isError ? (
          // The figures' places while they load.
          <Figures aria-busy="true">
            {FIGURES.map((name) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd aria-hidden="true">
                  <Placeholder width="2.5rem" />
                </dd>
              </div>
            ))}
          </Figures>
        ) : (
          <QueryView query={totals} doing="load what the survey received">
            {({ completed, organisations, trend }) => {
              const figures = [
                completed,
                trend.reduce((sum, period) => sum + period.completed, 0),
                organisations,
              ];
              return (
                <Figures>
                  {FIGURES.map((name, index) => (
                    <div key={name}>
                      <dt>{name}</dt>
                      <dd>{count.format(figures[index]!)}</dd>
                    </div>
                  ))}
                </Figures>
              );
            }}
          </QueryView>
        )}
        <Stack gap={2}>
          <SectionHeading as="h3">Latest results</SectionHeading>
          <LatestResults surveyId={survey.id} />
        </Stack>
        <Links>
          <Link to={`${paths.received()}?${workbenchSearchParams({ surveyId: survey.id })}`}>
            All results<VisuallyHidden> of {survey.title}</VisuallyHidden>
          </Link>
          <Link to={`${paths.surveyInsights()}?${new URLSearchParams({ survey: survey.id })}`}>
            Survey insights<VisuallyHidden> of {survey.title}</VisuallyHidden>
          </Link>
        </Links>
      </Stack>
    </Card>
  );
}

export function PublisherOverview() {
  const claims = useAppSelector(selectClaims);
  const surveys = usePublishedSurveys();
  // What the surveys received is for roles that view insights; the server refuses anyone else.
  if (!hasAccess(claims, 'insights'))
    return (
      <MutedText>
        Your role does not include what your organisation’s surveys received. An owner or admin can give you a
        role that does.
      </MutedText>
    );
  return (
    <QueryView
      query={surveys}
      doing="load your surveys"
      isEmpty={(published) => published.length === 0}
      empty="Your organisation publishes no survey yet."
    >
      {(published) => (
        <Stack gap={4}>
          {published.map((survey) => (
            <SurveyCard key={survey.id} survey={survey} />
          ))}
        </Stack>
      )}
    </QueryView>
  );
}
