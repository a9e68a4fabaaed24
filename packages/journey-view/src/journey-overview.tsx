import { useId } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { whoMayOpen, type JourneyMilestone, type JourneyStage } from '@toolkit/domain';
import { selectClaims, useAppSelector } from '@toolkit/store-contract';
import { Stack } from '@toolkit/ui';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { JourneyStatusNotice } from './journey-status-notice';
import { ProgressSummaryBar } from './progress-summary-bar';
import { StageCard } from './stage-card';
import type { JourneyState } from './use-journey';

/* As high as the loading notice it stands in for, so nothing below moves when the progress arrives. */
const Next = styled.div`
  display: flex;
  align-items: center;
  min-height: 48px;
  overflow-wrap: anywhere;
`;

const NextLink = styled(Link)`
  color: ${({ theme }) => theme.colors.link};
  font-weight: 600;
`;

const StageList = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 280px), 1fr));
  gap: ${({ theme }) => theme.space[4]}px;

  & > li {
    display: flex;
    min-width: 0;
  }

  & > li > * {
    flex: 1;
  }
`;

/** The first milestone not done yet of the open stages that the organisation's plan includes. */
function nextMilestone(stages: readonly JourneyStage[]): JourneyMilestone | undefined {
  return stages
    .filter((stage) => stage.unlock)
    .flatMap((stage) => stage.milestones)
    .find((milestone) => !milestone.completed && milestone.includedIn === null);
}

export interface JourneyOverviewProps extends JourneyState {
  title?: string;
}

/** All five stages with the progress summary; pass it what useJourney returns. */
export function JourneyOverview({
  title = 'Your sustainability journey',
  status,
  stages,
  summary,
  error,
  reload,
}: JourneyOverviewProps) {
  const titleId = useId();
  const claims = useAppSelector(selectClaims);
  const next = nextMilestone(stages);
  // The organisation's next milestone, also when it is another role's to do: then named, with who can.
  const whoMay = next ? whoMayOpen(next.link, claims) : null;
  return (
    <section aria-labelledby={titleId}>
      <Stack gap={4}>
        <SectionHeading id={titleId}>{title}</SectionHeading>
        {status === 'error' && <JourneyStatusNotice status={status} error={error} reload={reload} />}
        <ProgressSummaryBar summary={summary} />
        <Next>
          {status === 'loading' ? (
            <JourneyStatusNotice status={status} error={error} reload={reload} />
          ) : (
            <span>
              {next && whoMay ? (
                <>
                  Next milestone: <strong>{next.name}</strong> ({whoMay} can do this)
                </>
              ) : next ? (
                <>
                  Next milestone: <NextLink to={next.link}>{next.name}</NextLink>
                </>
              ) : summary.completed === summary.total ? (
                `You have completed all ${summary.total} milestones.`
              ) : (
                'The next milestones open once you complete the stages before them.'
              )}
            </span>
          )}
        </Next>
        <StageList>
          {stages.map((stage, index) => (
            <li key={stage.link}>
              <StageCard stage={stage} step={index + 1} headingLevel={3} linkToStage />
            </li>
          ))}
        </StageList>
      </Stack>
    </section>
  );
}
