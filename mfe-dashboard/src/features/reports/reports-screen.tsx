// Reports: the latest completed result as a PDF report (organisation, date, scores with a chart,
// the benchmark when it may be shown, the action plan) and the organisation's results as CSV.
import { useId, useState, useTransition } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { QueryView, useProfileQuery } from '@toolkit/data';
import { hasAccess, type ActionsOverview, type ResultSummary, formatDate } from '@toolkit/domain';
import { useAppSelector } from '@toolkit/store-contract';
import { Button, Card, MutedText, PageTitle, Stack } from '@toolkit/ui';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { ErrorText } from '@toolkit/ui/error-text';
import { STATUS_LABELS } from '../../shared/action-status';
import {
  useActionsQuery,
  useBenchmarkQuery,
  useBrandQuery,
  useLatestResults,
  useSurveyCatalogue,
} from '../../shared/api';
import { useOrganisationNameFirst } from '../../arrival';
import { AssessmentLink } from '../../shared/assessment-link';
import { fileSlug, saveFile } from '../../shared/download';
import { latestScored, surveyTitle } from '../../shared/surveys';
import { buildReportPdf } from './pdf-report';

/** The plan as the report lists it: each action's title and status. */
function planLines(actions: ActionsOverview | undefined, fallback: readonly string[]): string[] {
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
  const profile = useProfileQuery();
  // The benchmark needs view-insights; without it the report simply leaves it out.
  const benchmark = useBenchmarkQuery(
    hasAccess(claims, 'insights') ? { surveyId: result.surveyId } : skipToken,
  );
  const actions = useActionsQuery(result.surveyId);
  const brand = useBrandQuery();
  const [building, startBuilding] = useTransition();
  const [failed, setFailed] = useState(false);
  const organisation = profile.data?.profile?.organization?.name?.trim() || 'Your organisation';
  // What is missing once every read has answered (content unavailable, no permission) is left out.
  const ready = ![profile, benchmark, actions, brand].some((read) => read.isLoading);

  const download = () =>
    startBuilding(async () => {
      setFailed(false);
      try {
        const bytes = await buildReportPdf({
          organisation,
          surveyTitle: title,
          completedAt: formatDate(result.completedAt),
          score: result.score,
          benchmark: benchmark.data?.benchmark ?? null,
          // Without the catalogue (content unavailable) the plan is listed by action id.
          plan: planLines(actions.data, result.actionPlans),
          generatedOn: formatDate(new Date().toISOString()),
          brand: brand.data?.applied ? brand.data.brand : null,
        });
        saveFile(
          `${fileSlug(`${organisation} ${title}`)}-report.pdf`,
          [bytes as BlobPart],
          'application/pdf',
        );
      } catch (error) {
        console.error('The PDF report could not be made.', error);
        setFailed(true);
      }
    });

  return (
    <Card aria-labelledby={headingId}>
      <Stack gap={3}>
        <SectionHeading id={headingId}>{title}</SectionHeading>
        <MutedText>
          {organisation}, completed on {formatDate(result.completedAt)}: overall{' '}
          {result.score.overall.percent}%
        </MutedText>
        <Button type="button" onClick={download} disabled={!ready || building}>
          {building ? 'Making the PDF…' : 'Download PDF report'}
        </Button>
        {failed && <ErrorText role="alert">We couldn't make the PDF report. Please try again.</ErrorText>}
      </Stack>
    </Card>
  );
}

export function ReportsScreen() {
  const results = useLatestResults();
  const catalogue = useSurveyCatalogue();
  const namingFirst = useOrganisationNameFirst(
    'Your reports and their file names carry your organisation’s name, so add it here first.',
  );
  if (namingFirst) return null;
  return (
    <Stack>
      <PageTitle>Reports</PageTitle>
      <QueryView query={results} doing="load your results">
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
                <SectionHeading>No report yet</SectionHeading>
                <MutedText>A report is made from a completed Quickscan. Complete it to get yours.</MutedText>
                <AssessmentLink>Complete the Quickscan</AssessmentLink>
              </Stack>
            </Card>
          );
        }}
      </QueryView>
    </Stack>
  );
}
