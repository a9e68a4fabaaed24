// Insights (view-insights): for an organisation that publishes surveys, what they received; for
// every organisation, its own Quickscan results over time beside its peers'.
import { useSearchParams } from 'react-router';
import { QueryView } from '@toolkit/data';
import { useAppSelector } from '@toolkit/store-contract';
import { PageTitle, Stack } from '@toolkit/ui';
import { SelectField } from '@toolkit/ui/form';
import { useSurveyCatalogue, useToolkit } from '../../shared/api';
import { BenchmarkCard } from './benchmark-card';
import { ReceivedResultCard } from './received-results';
import { SurveyInsightsCard } from './survey-insights-card';
import { ToolkitMembers } from './toolkit-members';

/** The survey and result to show come from the query (?survey=…&result=…), so a link can open one. */
function PublishedSurveys({ surveys }: { surveys: { id: string; title: string }[] }) {
  const [query, setQuery] = useSearchParams();
  const asked = query.get('survey');
  const surveyId = surveys.some((survey) => survey.id === asked) ? asked! : surveys[0]!.id;
  const resultId = asked === surveyId ? query.get('result') : null;
  const setChosen = (id: string) => setQuery(new URLSearchParams({ survey: id }));
  if (resultId) return <ReceivedResultCard surveyId={surveyId} resultId={resultId} />;
  return (
    <Stack gap={3}>
      {surveys.length > 1 && (
        <SelectField label="Survey" value={surveyId} onChange={(event) => setChosen(event.target.value)}>
          {surveys.map((survey) => (
            <option key={survey.id} value={survey.id}>
              {survey.title}
            </option>
          ))}
        </SelectField>
      )}
      <SurveyInsightsCard key={surveyId} surveyId={surveyId} />
    </Stack>
  );
}

export function InsightsScreen() {
  const tenantId = useAppSelector((state) => state.auth.claims?.tenantId ?? null);
  const catalogue = useSurveyCatalogue();
  const toolkit = useToolkit();
  const published = [...catalogue]
    .filter(([, info]) => tenantId !== null && info.tenantId === tenantId)
    .map(([id, info]) => ({ id, title: info.title }));
  return (
    <Stack>
      <PageTitle>Insights</PageTitle>
      {published.length > 0 && <PublishedSurveys surveys={published} />}
      {toolkit.data && toolkit.data.tenantId === tenantId && (
        <ToolkitMembers toolkit={toolkit.data.name} title={toolkit.data.title} />
      )}
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
