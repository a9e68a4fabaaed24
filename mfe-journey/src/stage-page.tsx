// A journey stage's page: its milestones and the progress summary (docs/behaviour.md, Journey).
import { useId } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { JourneyStage, JourneyStepNumber } from '@toolkit/domain';
import {
  JourneyStatusNotice,
  LOCKED_REASON,
  ProgressSummaryBar,
  STAGE_STATE_TEXT,
  StageCard,
  stageState,
  useJourney,
} from '@toolkit/journey-view';
import { Card, PageTitle, Stack } from '@toolkit/ui';

export interface StagePageProps {
  step: JourneyStepNumber;
}

const StepList = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  gap: ${({ theme }) => theme.space[2]}px;

  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    grid-template-columns: 1fr;
  }
`;

const StepLink = styled(Link)<{ $current: boolean }>`
  display: flex;
  flex-direction: column;
  justify-content: center;
  min-height: ${({ theme }) => theme.touchTarget};
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px;
  border: ${({ $current }) => ($current ? '2px' : '1px')} solid
    ${({ theme, $current }) => ($current ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme, $current }) => ($current ? theme.colors.quaternary : theme.colors.surface)};
  color: ${({ theme, $current }) => ($current ? theme.colors.onQuaternary : theme.colors.text)};
  text-decoration: none;

  &:hover {
    text-decoration: underline;
  }
`;

const StepName = styled.span`
  font-weight: 600;
`;

const StepState = styled.span`
  font-size: 0.875rem;
`;

function stepStateText(stage: JourneyStage): string {
  const state = stageState(stage);
  return state === 'locked' ? `Locked. ${LOCKED_REASON}` : STAGE_STATE_TEXT[state];
}

function Stepper({ stages, current }: { stages: JourneyStage[]; current: number }) {
  return (
    <nav aria-label="Journey stages">
      <StepList>
        {stages.map((stage, index) => {
          const isCurrent = index === current;
          return (
            <li key={stage.link}>
              <StepLink to={stage.link} $current={isCurrent} aria-current={isCurrent ? 'step' : undefined}>
                <StepName>
                  {index + 1}. {stage.title}
                </StepName>
                <StepState>{stepStateText(stage)}</StepState>
              </StepLink>
            </li>
          );
        })}
      </StepList>
    </nav>
  );
}

export function StagePage({ step }: StagePageProps) {
  const journey = useJourney();
  const titleId = useId();
  const index = step - 1;
  const stage = journey.stages[index];
  if (!stage) return null;

  return (
    <Card aria-labelledby={titleId}>
      <Stack gap={5}>
        <PageTitle id={titleId} style={{ marginBottom: 0 }}>
          Journey stage {step}
        </PageTitle>
        <JourneyStatusNotice status={journey.status} error={journey.error} reload={journey.reload} />
        <ProgressSummaryBar summary={journey.summary} />
        <Stepper stages={journey.stages} current={index} />
        <StageCard stage={stage} step={step} headingLevel={2} showDetails />
      </Stack>
    </Card>
  );
}
