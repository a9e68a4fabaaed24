import { useId } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import {
  MESSAGES,
  whoMayOpen,
  type AuthClaims,
  type JourneyMilestone,
  type JourneyStage,
} from '@toolkit/domain';
import { Loading, LoadError, useProfileQuery } from '@toolkit/data';
import { JourneyOverview, useJourney } from '@toolkit/journey-view';
import { selectClaims, selectUser, useAppSelector, useTenantKind } from '@toolkit/store-contract';
import { buttonStyles, Card, ErrorPanel, MutedText, PageTitle, Stack } from '@toolkit/ui';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { OwnershipOfferNotice } from '../../shared/ownership-offer';
import { useVisitedBefore } from './first-visit';
import { PublisherOverview } from './publisher-overview';

const SHORTCUTS = 3;

const ShortcutList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]}px;
`;

const ShortcutLink = styled(Link)<{ $variant: 'primary' | 'secondary' }>`
  ${buttonStyles}
`;

/** A shortcut's place while the journey loads: a button's height, about a milestone name's width. */
const ShortcutPlaceholder = styled.span<{ $width: string }>`
  display: block;
  width: ${({ $width }) => $width};
  max-width: 100%;
  height: ${({ theme }) => theme.touchTarget};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colors.border};
`;

const PLACEHOLDER_WIDTHS = ['15.5rem', '15rem', '17.5rem'];

/* The line under the greeting keeps its place while the profile loads. */
const Subtitle = styled(MutedText)`
  min-height: 1.5em;
`;

/**
 * The next undone milestones of the unlocked stages that the organisation's plan includes, in journey
 * order, that the user's rights let them open: they are this person's next steps (the journey below
 * names the others with who can do them).
 */
export function nextMilestones(
  stages: readonly JourneyStage[],
  claims: AuthClaims,
  limit = SHORTCUTS,
): JourneyMilestone[] {
  return stages
    .filter((stage) => stage.unlock)
    .flatMap((stage) => stage.milestones)
    .filter((milestone) => !milestone.completed && milestone.includedIn === null)
    .filter((milestone) => whoMayOpen(milestone.link, claims) === null)
    .slice(0, limit);
}

/**
 * "Welcome back" for someone who has been here before, a plain welcome on a first visit, by name
 * where one is known. The greeting stays without the profile: the name then comes from the sign-in
 * account, if at all.
 */
function Greeting({ publisher }: { publisher: boolean }) {
  const profile = useProfileQuery();
  const user = useAppSelector(selectUser);
  const visitedBefore = useVisitedBefore(user?.uid ?? null);
  const member = profile.data?.profile;
  const firstName = member?.firstName.trim() || user?.displayName?.split(' ')[0];
  const organisation = member?.organization?.name;
  const welcome = visitedBefore ? 'Welcome back' : 'Welcome';
  return (
    <Stack gap={2}>
      <PageTitle style={{ margin: 0 }}>{firstName ? `${welcome}, ${firstName}` : welcome}</PageTitle>
      {profile.data ? (
        <Subtitle>
          {publisher
            ? `Here is what ${organisation || 'your organisation'}’s surveys received.`
            : organisation
              ? `Here is how ${organisation} is getting on.`
              : 'Add your business details on your profile so we can tailor the toolkit to you.'}
        </Subtitle>
      ) : profile.isError ? (
        <LoadError error={profile.error} doing="load your profile" onRetry={() => void profile.refetch()} />
      ) : (
        <Subtitle aria-hidden="true" />
      )}
    </Stack>
  );
}

/** A business's first page: its next steps and its journey. */
function BusinessHome() {
  const claims = useAppSelector(selectClaims);
  const journey = useJourney();
  const shortcutsId = useId();
  const next = journey.status === 'ready' ? nextMilestones(journey.stages, claims) : [];

  return (
    <>
      {journey.status === 'loading' ? (
        // The card's place while the journey loads, so the journey below does not move down when the
        // steps arrive; the journey says that it is loading.
        <Card aria-labelledby={shortcutsId} aria-busy="true">
          <Stack gap={3}>
            <SectionHeading id={shortcutsId}>Your next steps</SectionHeading>
            <ShortcutList aria-hidden="true">
              {PLACEHOLDER_WIDTHS.map((width) => (
                <li key={width}>
                  <ShortcutPlaceholder $width={width} />
                </li>
              ))}
            </ShortcutList>
          </Stack>
        </Card>
      ) : (
        next.length > 0 && (
          <Card aria-labelledby={shortcutsId}>
            <Stack gap={3}>
              <SectionHeading id={shortcutsId}>Your next steps</SectionHeading>
              <ShortcutList>
                {next.map((milestone, index) => (
                  <li key={milestone.id}>
                    <ShortcutLink to={milestone.link} $variant={index === 0 ? 'primary' : 'secondary'}>
                      {milestone.name}
                    </ShortcutLink>
                  </li>
                ))}
              </ShortcutList>
            </Stack>
          </Card>
        )
      )}
      <JourneyOverview {...journey} />
    </>
  );
}

/** Overview: for a publisher what its surveys received, for a business its journey. */
export function HomeScreen() {
  const { kind, retry } = useTenantKind();
  return (
    <Stack gap={5}>
      <Greeting publisher={kind === 'publisher'} />
      {/* Members who cannot open Users answer an ownership offer here. */}
      <OwnershipOfferNotice />
      {kind === 'publisher' ? (
        <PublisherOverview />
      ) : kind === 'business' ? (
        <BusinessHome />
      ) : kind === 'unknown' ? (
        // Neither overview on a guess: the shell's header and gate do not guess either.
        <ErrorPanel message={MESSAGES.catalogueUnavailable} onRetry={retry} />
      ) : (
        <Loading />
      )}
    </Stack>
  );
}
