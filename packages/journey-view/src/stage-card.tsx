// A journey stage and its milestones (docs/behaviour.md, Journey).
import { useId } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import {
  whoMayDo,
  type AuthClaims,
  type JourneyMilestone,
  type JourneyStage,
  type MilestoneId,
} from '@toolkit/domain';
import { selectClaims, useAppSelector } from '@toolkit/store-contract';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { Card, MutedText, Stack, VisuallyHidden } from '@toolkit/ui';
import { StageIcon } from './stage-icon';

export const LOCKED_REASON = 'Unlocks when you complete the previous stages';

export type StageState = 'completed' | 'inProgress' | 'locked';

export function stageState(stage: JourneyStage): StageState {
  if (!stage.unlock) return 'locked';
  return stage.completed ? 'completed' : 'inProgress';
}

export const STAGE_STATE_TEXT: Record<StageState, string> = {
  completed: 'Completed',
  inProgress: 'In progress',
  locked: 'Locked',
};

// Symbols every text font has: an emoji (a lock) would be an empty box without an emoji font.
const STATE_ICONS: Record<StageState, string> = { completed: '✓', inProgress: '◐', locked: '—' };

const Frame = styled(Card)<{ $locked: boolean }>`
  border-style: ${({ $locked }) => ($locked ? 'dashed' : 'solid')};
  background: ${({ theme, $locked }) => ($locked ? theme.colors.background : theme.colors.surface)};
  min-width: 0;
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]}px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.mutedText};
`;

const Badge = styled.span<{ $state: StageState }>`
  padding: ${({ theme }) => `${theme.space[1]}px ${theme.space[2]}px`};
  border: 1px solid
    ${({ theme, $state }) => ($state === 'completed' ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme, $state }) => ($state === 'completed' ? theme.colors.primary : theme.colors.surface)};
  color: ${({ theme, $state }) => ($state === 'completed' ? theme.colors.onPrimary : theme.colors.text)};
  font-weight: 600;
`;

/** The stage's heading, its icon beside the title. */
const Title = styled(SectionHeading)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
`;

const Text = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
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
  position: relative;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]}px;
  min-height: ${({ theme }) => theme.touchTarget};
  padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[3]}px`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ theme, $done }) => ($done ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.small};
`;

/* The whole row is the link's touch target; the link text alone is one line high. */
const MilestoneLink = styled(Link)`
  color: ${({ theme }) => theme.colors.link};
  font-weight: 600;
  overflow-wrap: anywhere;

  &::after {
    content: '';
    position: absolute;
    inset: 0;
  }
`;

const Status = styled.span<{ $done: boolean }>`
  font-size: 0.875rem;
  font-weight: ${({ $done }) => ($done ? 600 : 400)};
  color: ${({ theme, $done }) => ($done ? theme.colors.text : theme.colors.mutedText)};
`;

const StageLink = styled(Link)`
  align-self: flex-start;
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => theme.touchTarget};
  color: ${({ theme }) => theme.colors.link};
  font-weight: 600;
`;

/* Who can do it, on a line of its own below the milestone and its status. */
const WhoMay = styled.span`
  flex-basis: 100%;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.mutedText};
`;

/** What a milestone asks, as "An owner or admin can …" goes on, where its name does not say it. */
const ACTS: Partial<Record<MilestoneId, string>> = {
  'team-of-three': 'invite the team',
};

/**
 * Who can do a milestone that leads to a screen these claims do not open ("An owner or admin can
 * invite a team member."); null when the claims open it. Such a milestone is named, not linked: its
 * link would only bounce the member back.
 */
function whoMayReach(milestone: JourneyMilestone, claims: AuthClaims): string | null {
  if (milestone.includedIn !== null) return whoMayDo(milestone.link, claims, 'change the plan');
  const act = ACTS[milestone.id] ?? `${milestone.name.charAt(0).toLowerCase()}${milestone.name.slice(1)}`;
  return whoMayDo(milestone.link, claims, act);
}

function Milestone({ milestone, linked }: { milestone: JourneyMilestone; linked: boolean }) {
  const whoMay = whoMayReach(milestone, useAppSelector(selectClaims));
  // A milestone the plan does not include leads to the plans, whether or not its stage is open;
  // for a member who may not open them, it names the plan and who can change it.
  if (milestone.includedIn !== null) {
    return (
      <MilestoneItem $done={false}>
        <span>{milestone.name}</span>
        {whoMay ? (
          <>
            <span>Included in {milestone.includedIn}</span>
            <WhoMay>{whoMay}</WhoMay>
          </>
        ) : (
          <MilestoneLink to={milestone.link}>
            Included in {milestone.includedIn}
            <VisuallyHidden>: see the plans</VisuallyHidden>
          </MilestoneLink>
        )}
      </MilestoneItem>
    );
  }
  return (
    <MilestoneItem $done={milestone.completed}>
      {linked && !whoMay ? (
        <MilestoneLink to={milestone.link}>{milestone.name}</MilestoneLink>
      ) : (
        <span>{milestone.name}</span>
      )}
      <Status $done={milestone.completed}>
        <span aria-hidden="true">{milestone.completed ? '✓ ' : '○ '}</span>
        {milestone.completed ? 'Done' : 'Not done'}
      </Status>
      {linked && whoMay && !milestone.completed && <WhoMay>{whoMay}</WhoMay>}
    </MilestoneItem>
  );
}

export interface StageCardProps {
  stage: JourneyStage;
  /** The stage's position, 1 to 5. */
  step: number;
  /** Level of the stage title; its milestone heading is one below. */
  headingLevel?: 2 | 3;
  /** Show the long explanation of the stage (the stage page does, the overview does not). */
  showDetails?: boolean;
  /** Link to the stage's own page (/step1 to /step5). */
  linkToStage?: boolean;
}

export function StageCard({
  stage,
  step,
  headingLevel = 2,
  showDetails = false,
  linkToStage = false,
}: StageCardProps) {
  const titleId = useId();
  const milestonesId = useId();
  const state = stageState(stage);
  const locked = state === 'locked';
  const subLevel = headingLevel === 2 ? 'h3' : 'h4';

  return (
    <Frame aria-labelledby={titleId} $locked={locked}>
      <Stack gap={4}>
        <Stack gap={2}>
          <Header>
            <span>Stage {step} of 5</span>
            <Badge $state={state}>
              <span aria-hidden="true">{STATE_ICONS[state]} </span>
              {STAGE_STATE_TEXT[state]}
            </Badge>
          </Header>
          <Title as={`h${headingLevel}`} $size="medium" id={titleId}>
            <StageIcon name={stage.icon} />
            {stage.title}
          </Title>
          <Text>
            <strong>{stage.description}</strong>
          </Text>
          {showDetails && <MutedText>{stage.details}</MutedText>}
        </Stack>
        {locked && (
          <Notice>
            <strong>This stage is locked.</strong> {LOCKED_REASON}.
          </Notice>
        )}
        <MilestoneSection aria-labelledby={milestonesId}>
          <SectionHeading as={subLevel} $size="small" id={milestonesId}>
            Milestones<VisuallyHidden> of {stage.title}</VisuallyHidden>
            {stage.completed ? ' (stage completed)' : ''}
          </SectionHeading>
          {/* A locked stage's milestones are named, not linked: their pages come with the stage. */}
          <MilestoneList>
            {stage.milestones.map((milestone) => (
              <Milestone key={milestone.id} milestone={milestone} linked={!locked} />
            ))}
          </MilestoneList>
        </MilestoneSection>
        {linkToStage && <StageLink to={stage.link}>Open the {stage.title} stage</StageLink>}
      </Stack>
    </Frame>
  );
}
