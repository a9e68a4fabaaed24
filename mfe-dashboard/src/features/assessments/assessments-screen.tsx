import { useId } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { QueryView } from '@toolkit/data';
import { hasPermission, paths, type ResultSummary, formatDate } from '@toolkit/domain';
import { useAppSelector } from '@toolkit/store-contract';
import { buttonStyles, Card, PageTitle, Stack, MutedText } from '@toolkit/ui';
import { SectionHeading } from '@toolkit/ui/section-heading';
import {
  useLatestResults,
  useSurveyCatalogue,
  useToolkit,
  type SurveyInfo,
  type ToolkitSurvey,
} from '../../shared/api';
import { surveyTitle } from '../../shared/surveys';
import { SurveyInvite } from './survey-invite';

const CallToAction = styled(Link)<{ $variant: 'primary' | 'secondary' }>`
  ${buttonStyles}
  align-self: flex-start;
`;

const TextLink = styled(Link)`
  color: ${({ theme }) => theme.colors.link};
  font-weight: 600;
`;

const ResultList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  & > li {
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.medium};
    padding: ${({ theme }) => theme.space[4]}px;
    display: grid;
    gap: ${({ theme }) => theme.space[2]}px;
    overflow-wrap: anywhere;
  }
  h3 {
    margin: 0;
    font-size: 1.05rem;
  }
  p {
    margin: 0;
  }
`;

/** Asking others (a colleague, a supplier) to answer one of the toolkit's surveys for the organisation. */
function InviteToAnswerCard({ surveys }: { surveys: ToolkitSurvey[] }) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <Stack gap={3}>
        <SectionHeading id={headingId}>Invite someone to answer</SectionHeading>
        <MutedText>
          They receive their own link by e-mail and answer for your organisation. To add a colleague to your
          team without a survey, use Users.
        </MutedText>
        {surveys.map((survey) => (
          <SurveyInvite key={survey.id} survey={survey} />
        ))}
      </Stack>
    </Card>
  );
}

function ResultStatus({ result, survey }: { result: ResultSummary; survey: SurveyInfo | undefined }) {
  if (result.isCompleted) {
    return (
      <>
        <p>
          Completed on {formatDate(result.completedAt)}
          {result.score &&
            ` · overall score ${result.score.overall.points} out of ${result.score.overall.max}`}
        </p>
        <TextLink to={paths.results()}>See your results</TextLink>
      </>
    );
  }
  return (
    <>
      <p>
        In progress · started {formatDate(result.startedAt)}
        {result.updatedAt && `, last saved ${formatDate(result.updatedAt)}`}
      </p>
      {survey && (
        <TextLink to={paths.survey(survey.tenantId, result.surveyId)}>Continue where you left off</TextLink>
      )}
    </>
  );
}

function AssessmentCard({ survey, done }: { survey: ToolkitSurvey; done: boolean }) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <Stack gap={3}>
        <SectionHeading id={headingId}>{survey.title}</SectionHeading>
        <MutedText>
          Questions on energy, waste, people, community and governance. Your answers are saved as you go, and
          your scores appear on the Results page.
        </MutedText>
        <CallToAction to={survey.path} $variant="primary">
          {/* Opening a completed Quickscan starts a new round, so the button says so. */}
          {done ? 'Take the Quickscan again' : 'Complete the Quickscan'}
        </CallToAction>
      </Stack>
    </Card>
  );
}

export function AssessmentsScreen() {
  const results = useLatestResults();
  const toolkit = useToolkit();
  const catalogue = useSurveyCatalogue();
  const latestId = useId();
  const mayInvite = hasPermission(
    useAppSelector((state) => state.auth.claims),
    'manageUsers',
  );

  return (
    <Stack>
      <PageTitle>Assessments</PageTitle>
      <QueryView query={toolkit} doing="load your toolkit">
        {({ assessment, teamSurvey }) => (
          <>
            <AssessmentCard
              survey={assessment}
              done={
                results.data?.results.some(
                  (result) => result.surveyId === assessment.id && result.isCompleted,
                ) ?? false
              }
            />
            {mayInvite && (
              <InviteToAnswerCard surveys={teamSurvey ? [assessment, teamSurvey] : [assessment]} />
            )}
          </>
        )}
      </QueryView>
      <Card aria-labelledby={latestId}>
        <Stack gap={3}>
          <SectionHeading id={latestId}>Your latest results</SectionHeading>
          <QueryView
            query={results}
            doing="load your results"
            isEmpty={({ results: list }) => list.length === 0}
            empty="You have not started an assessment yet."
          >
            {({ results: list }) => (
              <ResultList>
                {list.map((result) => (
                  <li key={result.resultId}>
                    <h3>{surveyTitle(catalogue, result.surveyId)}</h3>
                    <ResultStatus result={result} survey={catalogue.get(result.surveyId)} />
                  </li>
                ))}
              </ResultList>
            )}
          </QueryView>
        </Stack>
      </Card>
    </Stack>
  );
}
