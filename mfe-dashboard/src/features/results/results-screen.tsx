import { useId } from 'react';
import { formatDate } from '@toolkit/domain';
import { QueryView } from '@toolkit/data';
import type { ResultScore, ResultSummary } from '@toolkit/domain';
import { Card, MutedText, PageTitle, ScoreBand, ScoreOverall, Stack } from '@toolkit/ui';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { useLatestResults, useSurveyCatalogue } from '../../shared/api';
import { Table, TableScroll } from '../../shared/table';
import { latestScored, surveyTitle } from '../../shared/surveys';
import { AssessmentLink } from '../../shared/assessment-link';
import { useVisitRecorded } from '../../shared/visits';
import { AnswersToImprove } from './answers-to-improve';
import { ScoreChart } from './score-chart';
import { VerificationSummary } from '../../shared/verification-summary';

function ScoreTable({ score }: { score: ResultScore }) {
  const sections = [...score.sections].sort((a, b) => a.sectionIndex - b.sectionIndex);
  return (
    <TableScroll>
      <Table>
        <caption>Your scores as a table</caption>
        <thead>
          <tr>
            <th scope="col">Area</th>
            <th scope="col">Score</th>
            <th scope="col">Points</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Overall</th>
            <td>{score.overall.percent}%</td>
            <td>
              {score.overall.points} of {score.overall.max}
            </td>
          </tr>
          {sections.map((section) => {
            const scored = section.weight > 0 && section.max > 0;
            return (
              <tr key={section.sectionIndex}>
                <th scope="row">{section.title}</th>
                <td>{scored ? `${section.percent}%` : 'Not scored'}</td>
                <td>{scored ? `${section.points} of ${section.max}` : '–'}</td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </TableScroll>
  );
}

function LatestResult({ result, title }: { result: ResultSummary & { score: ResultScore }; title: string }) {
  const headingId = useId();
  const { score } = result;
  return (
    <Card aria-labelledby={headingId}>
      <Stack gap={4}>
        <Stack gap={1}>
          <SectionHeading id={headingId}>{title}</SectionHeading>
          <MutedText>Completed on {formatDate(result.completedAt)}</MutedText>
        </Stack>
        <ScoreOverall>
          Overall score: {score.overall.points} out of {score.overall.max}
        </ScoreOverall>
        <VerificationSummary selfAssessedPercent={score.overall.percent} verification={result.verification} />
        {score.band && <ScoreBand band={score.band} />}
        <ScoreChart score={score} />
        <ScoreTable score={score} />
        <MutedText>
          Areas marked “not scored” describe your business and do not count towards the overall score.
        </MutedText>
      </Stack>
    </Card>
  );
}

function NoResult() {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <Stack gap={3}>
        <SectionHeading id={headingId}>You have not completed a Quickscan yet</SectionHeading>
        <MutedText>
          Complete the Quickscan to see how your business scores in each area of sustainability.
        </MutedText>
        <AssessmentLink>Complete the Quickscan</AssessmentLink>
      </Stack>
    </Card>
  );
}

/** The results page does not require a completed survey; without one it says so. */
export function ResultsScreen() {
  const results = useLatestResults();
  // The page showing a result is the view-results milestone.
  useVisitRecorded(results.data && latestScored(results.data.results)?.score ? { visit: 'results' } : null);
  const catalogue = useSurveyCatalogue();
  return (
    <Stack>
      <PageTitle>Results</PageTitle>
      <QueryView query={results} doing="load your results">
        {({ results: list }) => {
          const latest = latestScored(list);
          return latest?.score ? (
            <>
              <LatestResult
                result={{ ...latest, score: latest.score }}
                title={surveyTitle(catalogue, latest.surveyId)}
              />
              <AnswersToImprove surveyId={latest.surveyId} />
            </>
          ) : (
            <NoResult />
          );
        }}
      </QueryView>
    </Stack>
  );
}
