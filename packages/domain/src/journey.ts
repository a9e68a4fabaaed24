// Journey stages, milestones and the progress summary (docs/journey.md).
import type { ActionStatus } from './actions';
import { planUnlocking, type EntitlementKey } from './plans';
import { JOURNEY_LINKS, STAGE_LINKS } from './routes';
import type { ResultScore } from './survey';

export const STAGE_NAMES = ['Initiator', 'Explorer', 'Implementer', 'Innovator', 'Leader'] as const;
export type StageName = (typeof STAGE_NAMES)[number];

export const MILESTONE_IDS = [
  'sign-up',
  'update-organisation',
  'complete-quickscan',
  'view-results',
  'invite-team',
  'view-insights',
  'download-actions',
  'sign-declaration',
  'view-declaration-credential',
  'half-actions-done',
  'second-assessment',
  'score-rose',
  'materiality-assessed',
  'own-action',
  'team-of-three',
  'sections-good',
  'declaration-resigned',
  'leader-credential-shared',
  'result-verified',
] as const;
export type MilestoneId = (typeof MILESTONE_IDS)[number];

// Milestones other modules set directly.
export const MILESTONE_KEYS = {
  completeQuickscan: 'complete-quickscan',
  updateOrganisation: 'update-organisation',
} as const satisfies Record<string, MilestoneId>;

/** The milestone each action of a signed-in member sets on the server. */
export const MILESTONE_OF_ACTION = {
  signUp: 'sign-up',
  saveOrganisation: MILESTONE_KEYS.updateOrganisation,
  completeSurvey: MILESTONE_KEYS.completeQuickscan,
  openResults: 'view-results',
  inviteTeamMember: 'invite-team',
  openInsights: 'view-insights',
  downloadPriorities: 'download-actions',
  signDeclaration: 'sign-declaration',
  openDeclarationCredential: 'view-declaration-credential',
} as const satisfies Record<string, MilestoneId>;

/**
 * The milestones a member may tick by hand (milestones-set). Sharing the credential happens outside
 * the product, so only the member can say it happened; opening or copying the credential's link on the
 * Declaration screen sets it on the server as well. Every other milestone records a fact of the product, set
 * only by the server where it happens, so that a declaration attests nothing a request merely claimed.
 */
export const HAND_TICKED_MILESTONES = [
  'view-declaration-credential',
] as const satisfies readonly MilestoneId[];
export type HandTickedMilestone = (typeof HAND_TICKED_MILESTONES)[number];

export function isHandTicked(id: MilestoneId): id is HandTickedMilestone {
  return (HAND_TICKED_MILESTONES as readonly MilestoneId[]).includes(id);
}

/** The milestones only the server sets (or derives). */
export const SERVER_FACT_MILESTONES: readonly MilestoneId[] = MILESTONE_IDS.filter((id) => !isHandTicked(id));

/**
 * The milestones of stages 3 to 5: facts the server derives from what it stored (results, plans,
 * materiality, own actions, members, credentials) each time it lists the milestones, never stored.
 */
export const DERIVED_MILESTONES = [
  'half-actions-done',
  'second-assessment',
  'score-rose',
  'materiality-assessed',
  'own-action',
  'team-of-three',
  'sections-good',
  'declaration-resigned',
  'leader-credential-shared',
  'result-verified',
] as const satisfies readonly MilestoneId[];
export type DerivedMilestone = (typeof DERIVED_MILESTONES)[number];

/** Milestones that need a feature of a paid plan; without it the journey names the plan instead. */
export const MILESTONE_ENTITLEMENTS: Readonly<Partial<Record<MilestoneId, EntitlementKey>>> = {
  'materiality-assessed': 'materiality-assessment',
  'own-action': 'custom-opportunities',
  'result-verified': 'result-verification',
};

/** A section scores "good" from this share of its points: the Quickscan's top band starts at 70 of 100. */
export const GOOD_SECTION_PERCENT = 70;
/** Members (the owner included) that make a team. */
export const TEAM_SIZE = 3;

export interface JourneyMilestone {
  id: MilestoneId;
  name: string;
  completed: boolean;
  link: string;
  /** The plan that brings this milestone when the organisation's plan does not; null otherwise. */
  includedIn: string | null;
}

export interface JourneyStage {
  title: StageName;
  description: string;
  details: string;
  link: string;
  completed: boolean;
  icon: string;
  unlock: boolean;
  milestones: JourneyMilestone[];
}

export interface StoredMilestone {
  id: string;
  completed: boolean;
  /** Set by milestones-list when the organisation's plan does not include the milestone. */
  outsidePlan?: boolean;
}

/** A stored milestone and whether its last change was a member's tick by hand. */
export interface RecordedMilestone extends StoredMilestone {
  byHand: boolean;
}

export function isMilestoneId(value: unknown): value is MilestoneId {
  return typeof value === 'string' && (MILESTONE_IDS as readonly string[]).includes(value);
}

const milestone = (id: MilestoneId, name: string, link: string, completed = false): JourneyMilestone => ({
  id,
  name,
  completed,
  link,
  includedIn: null,
});

const stageLink = (index: number): string => STAGE_LINKS[index] ?? '/';

function defaultStages(): JourneyStage[] {
  return [
    {
      title: 'Initiator',
      description: 'Set up your organisation and measure where you stand today.',
      details:
        'Every sustainability journey starts with an honest baseline. Create your account, tell us about ' +
        'your business, and complete the Quickscan self-assessment. Your results show which environmental, ' +
        'social and governance areas you already handle well and where the quickest wins are. Invite a ' +
        'colleague so the work does not rest on one person.',
      link: stageLink(0),
      completed: false,
      icon: 'sprout',
      unlock: true,
      milestones: [
        milestone('sign-up', 'Sign up', JOURNEY_LINKS.signUp, true),
        milestone('update-organisation', 'Add your business details', JOURNEY_LINKS.profile),
        milestone('complete-quickscan', 'Complete the Quickscan', JOURNEY_LINKS.assessments),
        milestone('view-results', 'View your assessment results', JOURNEY_LINKS.results),
        milestone('invite-team', 'Invite a team member', JOURNEY_LINKS.users),
      ],
    },
    {
      title: 'Explorer',
      description: 'Turn your baseline into priorities and make a public commitment.',
      details:
        'Use Organisation Insights to see how your results compare and which ESG topics matter most for ' +
        'a business like yours. Download your priority actions as a practical plan for the year ahead, ' +
        'then sign the sustainability declaration and share its credential with customers, staff and ' +
        'partners so they can see your commitment.',
      link: stageLink(1),
      completed: false,
      icon: 'compass',
      unlock: true,
      milestones: [
        milestone('view-insights', 'Review Organisation Insights', JOURNEY_LINKS.insights),
        milestone('download-actions', 'Download your priority ESGs', JOURNEY_LINKS.insights),
        milestone('sign-declaration', 'Sign the declaration', JOURNEY_LINKS.declaration),
        milestone(
          'view-declaration-credential',
          'Share your declaration credentials',
          JOURNEY_LINKS.declaration,
        ),
      ],
    },
    {
      title: 'Implementer',
      description: 'Put your action plan to work across the business.',
      details:
        'Assign owners to your priority actions, build them into everyday operations and track what ' +
        'changes. Small, consistent steps such as cutting energy waste, choosing better suppliers or ' +
        'formalising policies add up and give you evidence of progress.',
      link: stageLink(2),
      completed: false,
      icon: 'wrench',
      unlock: false,
      milestones: [
        milestone('half-actions-done', 'Finish half of your planned actions', JOURNEY_LINKS.actions),
        milestone('second-assessment', 'Complete the Quickscan a second time', JOURNEY_LINKS.assessments),
        milestone('score-rose', 'Raise your overall score', JOURNEY_LINKS.results),
      ],
    },
    {
      title: 'Innovator',
      description: 'Go beyond compliance and find new value in sustainability.',
      details:
        'With the basics in place, look for opportunities: products and services with a lower footprint, ' +
        'circular ways of working, and partnerships along your supply chain. Reassess regularly to ' +
        'measure the effect of what you have changed.',
      link: stageLink(3),
      completed: false,
      icon: 'lightbulb',
      unlock: false,
      milestones: [
        milestone('materiality-assessed', 'Save a materiality assessment', JOURNEY_LINKS.materiality),
        milestone('own-action', 'Add an action of your own', JOURNEY_LINKS.actions),
        milestone('team-of-three', `Work as a team of ${TEAM_SIZE}`, JOURNEY_LINKS.users),
      ],
    },
    {
      title: 'Leader',
      description: 'Share what works and help others follow.',
      details:
        'Report openly on your results, set ambitious long-term targets and mentor businesses that are ' +
        'starting out. Leaders make sustainability part of how the organisation is run and recognised.',
      link: stageLink(4),
      completed: false,
      icon: 'trophy',
      unlock: false,
      milestones: [
        milestone(
          'sections-good',
          `Score ${GOOD_SECTION_PERCENT}% or more in every section`,
          JOURNEY_LINKS.results,
        ),
        milestone(
          'declaration-resigned',
          'Sign the declaration again as a Leader',
          JOURNEY_LINKS.declaration,
        ),
        milestone('leader-credential-shared', 'Share your Leader credential', JOURNEY_LINKS.declaration),
        milestone(
          'result-verified',
          "Have your toolkit's publisher verify your result",
          JOURNEY_LINKS.evidence,
        ),
      ],
    },
  ];
}

function recordsById(stored: readonly StoredMilestone[]): Map<string, StoredMilestone> {
  const byId = new Map<string, StoredMilestone>();
  for (const record of stored) {
    if (record && typeof record.id === 'string' && typeof record.completed === 'boolean') {
      byId.set(record.id, record);
    }
  }
  return byId;
}

/** A milestone the plan does not include names the plan that brings it and links to the plans. */
function applyRecord(milestone: JourneyMilestone, record: StoredMilestone | undefined): JourneyMilestone {
  if (!record) return milestone;
  const entitlement = MILESTONE_ENTITLEMENTS[milestone.id];
  if (record.outsidePlan && entitlement && !record.completed) {
    return {
      ...milestone,
      completed: false,
      link: JOURNEY_LINKS.plans,
      includedIn: planUnlocking(entitlement).name,
    };
  }
  return { ...milestone, completed: record.completed };
}

/**
 * The five stages with the records applied. Stages 1 and 2 are open from the start; each later stage
 * opens once every stage before it is completed.
 */
export function buildJourney(stored: readonly StoredMilestone[]): JourneyStage[] {
  const byId = recordsById(stored);
  let previousCompleted = true;
  return defaultStages().map((stage) => {
    const milestones = stage.milestones.map((milestone) => applyRecord(milestone, byId.get(milestone.id)));
    const completed = milestones.every((milestone) => milestone.completed);
    const unlock = stage.unlock || previousCompleted;
    previousCompleted = previousCompleted && completed;
    return { ...stage, milestones, completed, unlock };
  });
}

/** The stage a business is working in: the first not yet completed (Leader once all are). */
export function currentStage(stored: readonly StoredMilestone[]): StageName {
  return buildJourney(stored).find((stage) => !stage.completed)?.title ?? 'Leader';
}

/**
 * The stage a declaration attests: the current stage counting only what the server recorded, so a
 * milestone the member ticked by hand (and the server has not seen happen) does not count.
 */
export function attestedStage(recorded: readonly RecordedMilestone[]): StageName {
  return currentStage(recorded.filter((milestone) => !milestone.byHand));
}

/** A milestone's name as the journey shows it. */
export function milestoneName(id: MilestoneId): string {
  const stages = defaultStages();
  return stages.flatMap((stage) => stage.milestones).find((milestone) => milestone.id === id)?.name ?? id;
}

export interface ProgressSummary {
  completed: number;
  total: number;
  percent: number;
}

/** Progress over every milestone of the five stages; 100% only once all of them are done. */
export function progressSummary(stored: readonly StoredMilestone[]): ProgressSummary {
  const milestones = buildJourney(stored).flatMap((stage) => stage.milestones);
  const completed = milestones.filter((milestone) => milestone.completed).length;
  const total = milestones.length;
  return { completed, total, percent: Math.floor((completed / total) * 100) };
}

/** What the server reads to derive the milestones of stages 3 to 5 (DERIVED_MILESTONES). */
export interface OrganisationFacts {
  /** The scores of each survey's completed results of the organisation, oldest first. */
  completedScores: readonly (readonly ResultScore[])[];
  /** The status of each action planned on the organisation's latest completed results. */
  plannedStatuses: readonly ActionStatus[];
  materialityRated: boolean;
  ownActions: number;
  members: number;
  /** The organisation's current, unrevoked credential: the stage it attests and whether it was shared. */
  credential: { stage: StageName; shared: boolean } | null;
  /** Whether a result of the organisation stands verified by its toolkit's publisher. */
  resultVerified: boolean;
}

const isScored = (section: ResultScore['sections'][number]) => section.weight > 0 && section.max > 0;

function allSectionsGood(score: ResultScore): boolean {
  const scored = score.sections.filter(isScored);
  return scored.length > 0 && scored.every((section) => section.percent >= GOOD_SECTION_PERCENT);
}

/** The derived milestones, each completed or not, from the organisation's facts. */
export function derivedMilestones(facts: OrganisationFacts): StoredMilestone[] {
  const done = facts.plannedStatuses.filter((status) => status === 'done').length;
  const latestScores = facts.completedScores.flatMap((scores) => scores.slice(-1));
  const leaderCredential = facts.credential?.stage === 'Leader';
  const completed: Record<DerivedMilestone, boolean> = {
    'half-actions-done': facts.plannedStatuses.length > 0 && done * 2 >= facts.plannedStatuses.length,
    'second-assessment': facts.completedScores.some((scores) => scores.length >= 2),
    'score-rose': facts.completedScores.some(
      (scores) => scores.length >= 2 && scores.at(-1)!.overall.percent > scores[0]!.overall.percent,
    ),
    'materiality-assessed': facts.materialityRated,
    'own-action': facts.ownActions > 0,
    'team-of-three': facts.members >= TEAM_SIZE,
    'sections-good': latestScores.some(allSectionsGood),
    'declaration-resigned': leaderCredential,
    'leader-credential-shared': leaderCredential && facts.credential!.shared,
    'result-verified': facts.resultVerified,
  };
  return DERIVED_MILESTONES.map((id) => ({ id, completed: completed[id] }));
}
