// Insights (view-insights): the organisation's own Quickscan results over time beside its peers'.
// What a publisher's surveys received is on Survey insights.
import { QueryView } from '@toolkit/data';
import { PageTitle, Stack } from '@toolkit/ui';
import { useToolkit } from '../../shared/api';
import { useVisitRecorded } from '../../shared/visits';
import { BenchmarkCard } from './benchmark-card';

export function InsightsScreen() {
  const toolkit = useToolkit();
  useVisitRecorded({ visit: 'insights' });
  return (
    <Stack>
      <PageTitle>Insights</PageTitle>
      <QueryView query={toolkit} doing="load your toolkit">
        {({ assessment }) => (
          <BenchmarkCard
            surveyId={assessment.id}
            surveyTitle={assessment.title}
            surveyPath={assessment.path}
          />
        )}
      </QueryView>
    </Stack>
  );
}
