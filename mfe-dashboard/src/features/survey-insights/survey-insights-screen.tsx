// Survey insights (publisher): what a survey the organisation publishes has received. The survey,
// the trend's range, its granularity and whether only verified results count live in the address
// (?survey=…&from=…&to=…&per=week&verified=1), so a view can be shared and survives a reload.
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { QueryView } from '@toolkit/data';
import {
  isCalendarDay,
  TREND_GRANULARITIES,
  trendRangeProblem,
  type TrendGranularity,
} from '@toolkit/domain';
import { PageTitle, Stack } from '@toolkit/ui';
import { FieldGrid, SelectField } from '@toolkit/ui/form';
import type { SurveyInsightsRequest } from '../../shared/api';
import { usePublishedSurveys } from '../../tenant-kind';
import { DateRangeFields, SurveySelect } from '../../shared/view-controls';
import { SurveyReport } from './survey-report';

/** The address's mark of "Verified results only". */
const VERIFIED = '1';

const Check = styled.label`
  display: flex;
  gap: ${({ theme }) => theme.space[2]}px;
  align-items: center;
  min-height: ${({ theme }) => theme.touchTarget};
  font-weight: 600;
  input {
    width: 1.25rem;
    height: 1.25rem;
    flex: none;
  }
`;

const PERIOD_NAMES: Record<TrendGranularity, string> = { week: 'Week', month: 'Month' };

const isGranularity = (value: string | null): value is TrendGranularity =>
  TREND_GRANULARITIES.some((granularity) => granularity === value);

/** A day the address gives, as the workbench reads its own: one that is no calendar day is left out. */
const dayIn = (query: URLSearchParams, name: 'from' | 'to') => {
  const day = query.get(name);
  return day && isCalendarDay(day) ? day : undefined;
};

function PublishedSurvey({ surveys }: { surveys: { id: string; title: string }[] }) {
  const [query, setQuery] = useSearchParams();
  const asked = query.get('survey');
  const surveyId = surveys.some((survey) => survey.id === asked) ? asked! : surveys[0]!.id;
  const per = query.get('per');
  const from = dayIn(query, 'from');
  const to = dayIn(query, 'to');
  const verifiedOnly = query.get('verified') === VERIFIED;
  const request: SurveyInsightsRequest = {
    surveyId,
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(isGranularity(per) ? { granularity: per } : {}),
    ...(verifiedOnly ? { verifiedOnly } : {}),
  };
  // The server's own check of the range: refused beside the fields, and not asked for.
  const rangeProblem = from && to ? trendRangeProblem(from, to) : null;
  /** Settings changed, the others kept; an emptied one falls back to the server's default. */
  const set = (change: Partial<Record<'survey' | 'from' | 'to' | 'per' | 'verified', string>>) =>
    setQuery((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(change)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      return next;
    });
  return (
    <SurveyReport
      request={rangeProblem ? null : request}
      controls={(range) => (
        <>
          <SurveySelect surveys={surveys} value={surveyId} onChange={(survey) => set({ survey })} />
          <FieldGrid>
            <DateRangeFields
              labels={['From', 'To']}
              from={request.from ?? range?.from ?? ''}
              to={request.to ?? range?.to ?? ''}
              rangeProblem={rangeProblem}
              onChange={set}
            />
            <SelectField
              label="Per"
              value={request.granularity ?? range?.granularity ?? 'month'}
              onChange={(event) => set({ per: event.target.value })}
            >
              {TREND_GRANULARITIES.map((granularity) => (
                <option key={granularity} value={granularity}>
                  {PERIOD_NAMES[granularity]}
                </option>
              ))}
            </SelectField>
          </FieldGrid>
          <Check>
            <input
              type="checkbox"
              checked={verifiedOnly}
              onChange={(event) => set({ verified: event.target.checked ? VERIFIED : '' })}
            />
            Verified results only
          </Check>
        </>
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
