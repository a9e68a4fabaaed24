// Reports: the latest completed result as a PDF report (organisation, date, scores with a chart,
// the benchmark when it may be shown, the action plan) and the organisation's results as CSV.
import { useId, useState } from 'react';
import styled from 'styled-components';
import { hasAccess, type ActionsOverview, type ResultSummary } from '@toolkit/domain';
import { useAppSelector } from '@toolkit/store-contract';
import { Button, Card, MutedText, PageTitle, Stack } from '@toolkit/ui';
import { STATUS_LABELS } from '../../shared/action-status';
import { useActions, useBenchmark, useLatestResults, useProfile } from '../../shared/api';
import { AssessmentLink } from '../../shared/assessment-link';
import { appliedBrand, useBrand } from '../../shared/brand';
import { fileSlug, saveFile } from '../../shared/download';
import { Loaded } from '../../shared/loading';
import { formatDate, latestScored, surveyTitle, useSurveyCatalogue } from '../../shared/surveys';
import { buildReportPdf } from './pdf-report';

const Heading = styled.h2`
  margin: 0;
  overflow-wrap: anywhere;
`;

const Problem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

/** The plan as the report lists it: each action's title and status. */
function planLines(actions: ActionsOverview | null, fallback: readonly string[]): string[] {
  if (!actions) return [...fallback];
  const titles = new Map(actions.actions.map((action) => [action.id, action.title]));
  return actions.plan.map(
    (entry) =>
      `${titles.get(entry.actionId) ?? entry.actionId} (${STATUS_LABELS[entry.status].toLowerCase()})`,
  );
}

function ReportCard({
  result,
  title,
}: {
  result: ResultSummary & { score: NonNullable<ResultSummary['score']> };
  title: string;
}) {
  const headingId = useId();
  const claims = useAppSelector((state) => state.auth.claims);
  const [profile] = useProfile();
  // The benchmark needs view-insights; without it the report simply leaves it out.
  const [benchmark] = useBenchmark(hasAccess(claims, 'insights') ? result.surveyId : null);
  const [actions] = useActions(result.surveyId);
  const [brand] = useBrand();
  const [state, setState] = useState<'idle' | 'building' | 'failed'>('idle');
  const organisation =
    (profile.status === 'ready' && profile.data.profile?.organization?.name?.trim()) || 'Your organisation';
  const ready = [profile, benchmark, actions].every((resource) => resource.status !== 'loading');

  async function download() {
    setState('building');
    try {
      const bytes = await buildReportPdf({
        organisation,
        surveyTitle: title,
        completedAt: formatDate(result.completedAt),
        score: result.score,
        benchmark: benchmark.status === 'ready' ? (benchmark.data?.benchmark ?? null) : null,
        // Without the catalogue (content unavailable) the plan is listed by action id.
        plan: planLines(actions.status === 'ready' ? actions.data : null, result.actionPlans),
        generatedOn: formatDate(new Date().toISOString()),
        brand: appliedBrand(brand),
      });
      saveFile(`${fileSlug(`${organisation} ${title}`)}-report.pdf`, [bytes as BlobPart], 'application/pdf');
      setState('idle');
    } catch (error) {
      console.error('The PDF report could not be made.', error);
      setState('failed');
    }
  }

  return (
    <Card aria-labelledby={headingId}>
      <Stack gap={3}>
        <Heading id={headingId}>{title}</Heading>
        <MutedText>
          {organisation}, completed on {formatDate(result.completedAt)}: overall{' '}
          {result.score.overall.percent}%
        </MutedText>
        <Button type="button" onClick={() => void download()} disabled={!ready || state === 'building'}>
          {state === 'building' ? 'Making the PDF…' : 'Download PDF report'}
        </Button>
        {state === 'failed' && (
          <Problem role="alert">We couldn't make the PDF report. Please try again.</Problem>
        )}
      </Stack>
    </Card>
  );
}

export function ReportsScreen() {
  const [results, reload] = useLatestResults();
  const catalogue = useSurveyCatalogue();
  return (
    <Stack>
      <PageTitle>Reports</PageTitle>
      <Loaded resource={results} doing="load your results" onRetry={reload}>
        {({ results: list }) => {
          const latest = latestScored(list);
          return latest?.score ? (
            <ReportCard
              result={{ ...latest, score: latest.score }}
              title={surveyTitle(catalogue, latest.surveyId)}
            />
          ) : (
            <Card>
              <Stack gap={3}>
                <Heading>No report yet</Heading>
                <MutedText>A report is made from a completed Quickscan. Complete it to get yours.</MutedText>
                <AssessmentLink>Complete the Quickscan</AssessmentLink>
              </Stack>
            </Card>
          );
        }}
      </Loaded>
    </Stack>
  );
}
