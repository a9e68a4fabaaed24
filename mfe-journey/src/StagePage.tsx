// SPEC §3 Journey stage, §4 Milestones and stages, §9 journey progress summary.
import { useId } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import {
  buildJourney,
  progressSummary,
  type JourneyMilestone,
  type JourneyStage,
  type JourneyStepNumber,
  type StoredMilestone,
} from '@toolkit/domain';
import { Card, PageTitle, Stack } from '@toolkit/ui';
import { useStoredMilestones } from './milestones';

export const LOCKED_REASON = 'Unlocks when you complete the previous stages';

export interface StagePageProps {
  step: JourneyStepNumber;
  /** Stored milestone records; overrides useStoredMilestones() (for tests). */
  stored?: readonly StoredMilestone[];
}

const Subtitle = styled.h2`
  margin: 0;
  font-size: 1.25rem;
  color: ${({ theme }) => theme.colors.text};
`;

const SectionTitle = styled.h3`
  margin: 0;
  font-size: 1.1rem;
  color: ${({ theme }) => theme.colors.text};
`;

const Text = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;

const Muted = styled(Text)`
  color: ${({ theme }) => theme.colors.mutedText};
`;

const Notice = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[3]}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ theme }) => theme.colors.mutedText};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.quaternary};
  color: ${({ theme }) => theme.colors.onQuaternary};
`;

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

const MilestoneSection = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]}px;
`;

const MilestoneList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]}px;
`;

const MilestoneItem = styled.li<{ $done: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]}px;
  min-height: ${({ theme }) => theme.touchTarget};
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ theme, $done }) => ($done ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.small};
`;

const MilestoneLink = styled(Link)`
  color: ${({ theme }) => theme.colors.link};
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Status = styled.span<{ $done: boolean }>`
  font-size: 0.875rem;
  font-weight: ${({ $done }) => ($done ? 600 : 400)};
  color: ${({ theme, $done }) => ($done ? theme.colors.text : theme.colors.mutedText)};
`;

const Track = styled.div`
  width: 100%;
  height: 12px;
  border: 1px solid ${({ theme }) => theme.colors.mutedText};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.surface};
  overflow: hidden;
`;

const Fill = styled.div<{ $percent: number }>`
  width: ${({ $percent }) => $percent}%;
  height: 100%;
  background: ${({ theme }) => theme.colors.primary};
`;

function stageState(stage: JourneyStage): string {
  if (!stage.unlock) return `Locked. ${LOCKED_REASON}`;
  return stage.completed ? 'Completed' : 'Not completed';
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
                <StepState>{stageState(stage)}</StepState>
              </StepLink>
            </li>
          );
        })}
      </StepList>
    </nav>
  );
}

function Milestone({ milestone, linked }: { milestone: JourneyMilestone; linked: boolean }) {
  const status = milestone.completed ? 'Done' : 'Not done';
  return (
    <MilestoneItem $done={milestone.completed}>
      {linked && milestone.link ? (
        <MilestoneLink to={milestone.link}>{milestone.name}</MilestoneLink>
      ) : (
        <span>{milestone.name}</span>
      )}
      <Status $done={milestone.completed}>
        <span aria-hidden="true">{milestone.completed ? '✓ ' : '○ '}</span>
        {status}
      </Status>
    </MilestoneItem>
  );
}

function Progress({ stored }: { stored: readonly StoredMilestone[] }) {
  const labelId = useId();
  const { completed, total, percent } = progressSummary(stored);
  const label = `${completed} of ${total} key milestones · ${percent}%`;
  return (
    <Stack gap={2}>
      <Text id={labelId}>
        Journey progress: <strong>{label}</strong>
      </Text>
      <Track
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
      >
        <Fill $percent={percent} />
      </Track>
    </Stack>
  );
}

export function StagePage({ step, stored: storedProp }: StagePageProps) {
  const fromHook = useStoredMilestones();
  const stored = storedProp ?? fromHook;
  const titleId = useId();
  const milestonesId = useId();
  const stages = buildJourney(stored);
  const index = step - 1;
  const stage = stages[index];
  if (!stage) return null;
  const locked = !stage.unlock;

  return (
    <Card aria-labelledby={titleId}>
      <Stack gap={5}>
        <Stack gap={2}>
          <PageTitle id={titleId} style={{ marginBottom: 0 }}>
            Journey stage {step}
          </PageTitle>
          <Subtitle>{stage.title}</Subtitle>
        </Stack>
        <Progress stored={stored} />
        <Stepper stages={stages} current={index} />
        {locked && (
          <Notice>
            <strong>This stage is locked.</strong> {LOCKED_REASON}.
          </Notice>
        )}
        <Stack gap={2}>
          <Text>
            <strong>{stage.description}</strong>
          </Text>
          <Muted>{stage.details}</Muted>
        </Stack>
        <MilestoneSection aria-labelledby={milestonesId}>
          <SectionTitle id={milestonesId}>
            {stage.completed ? 'Milestones (stage completed)' : 'Milestones'}
          </SectionTitle>
          <MilestoneList>
            {stage.milestones.map((milestone, i) => (
              <Milestone
                key={milestone.id ?? `${milestone.name}-${i}`}
                milestone={milestone}
                linked={!locked}
              />
            ))}
          </MilestoneList>
        </MilestoneSection>
      </Stack>
    </Card>
  );
}
