// Insights (view-insights): the organisation's own Quickscan results over time beside its peers'.
// What a publisher's surveys received is on Survey insights.
import { useId } from 'react';
import { QueryView } from '@toolkit/data';
import { Card, PageTitle, Stack } from '@toolkit/ui';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { useLatestResults, useToolkit } from '../../shared/api';
import { latestScored } from '../../shared/surveys';
import { VerificationSummary } from '../../shared/verification-summary';
import { useVisitRecorded } from '../../shared/visits';
import { BenchmarkCard } from './benchmark-card';

/**
 * The latest result's self-assessed score beside its verified one, as Results shows it. Nothing
 * while the results are read or if they cannot be: the benchmark below is the screen's content.
 */
function LatestVerification({ surveyId }: { surveyId: string }) {
  const headingId = useId();
  const { data } = useLatestResults();
  const latest = latestScored(data?.results.filter((result) => result.surveyId === surveyId) ?? []);
  if (!latest?.score) return null;
  return (
    <Card aria-labelledby={headingId}>
      <Stack gap={2}>
        <SectionHeading id={headingId}>Your latest score</SectionHeading>
        <VerificationSummary
          selfAssessedPercent={latest.score.overall.percent}
          verification={latest.verification}
        />
      </Stack>
    </Card>
  );
}

export function InsightsScreen() {
  const toolkit = useToolkit();
  useVisitRecorded({ visit: 'insights' });
  return (
    <Stack>
      <PageTitle>Insights</PageTitle>
      <QueryView query={toolkit} doing="load your toolkit">
        {({ assessment }) => (
          <>
            <LatestVerification surveyId={assessment.id} />
            <BenchmarkCard
              surveyId={assessment.id}
              surveyTitle={assessment.title}
              surveyPath={assessment.path}
            />
          </>
        )}
      </QueryView>
    </Stack>
  );
}
