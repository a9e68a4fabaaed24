// Insights (view-insights): the organisation's own Quickscan results over time beside its peers'.
// What a publisher's surveys received is on Survey insights.
import { QueryView } from '@toolkit/data';
import { PageTitle, Stack } from '@toolkit/ui';
import { useToolkit } from '../../shared/api';
import { BenchmarkCard } from './benchmark-card';

export function InsightsScreen() {
  const toolkit = useToolkit();
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
