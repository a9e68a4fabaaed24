// Survey insights (publisher): what a survey the organisation publishes has received. The survey,
// the trend's range and its granularity live in the address (?survey=…&from=…&to=…&per=week), so a
// view can be shared and survives a reload.
import { useSearchParams } from 'react-router';
import { QueryView } from '@toolkit/data';
import { TREND_GRANULARITIES, type TrendGranularity } from '@toolkit/domain';
import { PageTitle, Stack } from '@toolkit/ui';
import { FieldGrid, SelectField, TextField } from '@toolkit/ui/form';
import type { SurveyInsightsRequest } from '../../shared/api';
import { usePublishedSurveys } from '../../tenant-kind';
import { SurveyReport } from './survey-report';

const PERIOD_NAMES: Record<TrendGranularity, string> = { week: 'Week', month: 'Month' };

const isGranularity = (value: string | null): value is TrendGranularity =>
  TREND_GRANULARITIES.some((granularity) => granularity === value);

function PublishedSurvey({ surveys }: { surveys: { id: string; title: string }[] }) {
  const [query, setQuery] = useSearchParams();
  const asked = query.get('survey');
  const surveyId = surveys.some((survey) => survey.id === asked) ? asked! : surveys[0]!.id;
  const per = query.get('per');
  const request: SurveyInsightsRequest = {
    surveyId,
    ...(query.get('from') ? { from: query.get('from')! } : {}),
    ...(query.get('to') ? { to: query.get('to')! } : {}),
    ...(isGranularity(per) ? { granularity: per } : {}),
  };
  /** One setting changed, the others kept; an emptied one falls back to the server's default. */
  const set = (name: 'survey' | 'from' | 'to' | 'per', value: string) =>
    setQuery((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  return (
    <SurveyReport
      request={request}
      controls={(range) => (
        <FieldGrid>
          {surveys.length > 1 && (
            <SelectField
              label="Survey"
              value={surveyId}
              onChange={(event) => set('survey', event.target.value)}
            >
              {surveys.map((survey) => (
                <option key={survey.id} value={survey.id}>
                  {survey.title}
                </option>
              ))}
            </SelectField>
          )}
          <TextField
            type="date"
            label="From"
            value={request.from ?? range?.from ?? ''}
            onChange={(event) => set('from', event.target.value)}
          />
          <TextField
            type="date"
            label="To"
            value={request.to ?? range?.to ?? ''}
            onChange={(event) => set('to', event.target.value)}
          />
          <SelectField
            label="Per"
            value={request.granularity ?? range?.granularity ?? 'month'}
            onChange={(event) => set('per', event.target.value)}
          >
            {TREND_GRANULARITIES.map((granularity) => (
              <option key={granularity} value={granularity}>
                {PERIOD_NAMES[granularity]}
              </option>
            ))}
          </SelectField>
        </FieldGrid>
      )}
    />
  );
}

export function SurveyInsightsScreen() {
  const surveys = usePublishedSurveys();
  return (
    <Stack>
      <PageTitle>Survey insights</PageTitle>
      <QueryView
        query={surveys}
        doing="load your surveys"
        isEmpty={(published) => published.length === 0}
        empty="Your organisation publishes no survey yet: insights appear here once it does."
      >
        {(published) => <PublishedSurvey surveys={published} />}
      </QueryView>
    </Stack>
  );
}
