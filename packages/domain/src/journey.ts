// Journey stages, milestones and the progress summary (docs/behaviour.md, Journey).
import { JOURNEY_LINKS, PLACEHOLDER_MILESTONE_LINKS, STAGE_LINKS } from './routes';

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
 * the product, so only the member can say it happened; opening the credential from the Declaration
 * screen sets it on the server as well. Every other milestone records a fact of the product, set
 * only by the server where it happens, so that a declaration attests nothing a request merely claimed.
 */
export const HAND_TICKED_MILESTONES = [
  'view-declaration-credential',
] as const satisfies readonly MilestoneId[];
export type HandTickedMilestone = (typeof HAND_TICKED_MILESTONES)[number];

export function isHandTicked(id: MilestoneId): id is HandTickedMilestone {
  return (HAND_TICKED_MILESTONES as readonly MilestoneId[]).includes(id);
}

/** The milestones only the server sets. */
export const SERVER_FACT_MILESTONES: readonly MilestoneId[] = MILESTONE_IDS.filter((id) => !isHandTicked(id));

export const PROGRESS_MILESTONES = [
  'update-organisation',
  'complete-quickscan',
  'view-results',
] as const satisfies readonly MilestoneId[];

export interface JourneyMilestone {
  id?: MilestoneId;
  name: string;
  completed: boolean;
  link: string;
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
}

/** A stored milestone and whether its last change was a member's tick by hand. */
export interface RecordedMilestone extends StoredMilestone {
  byHand: boolean;
}

export function isMilestoneId(value: unknown): value is MilestoneId {
  return typeof value === 'string' && (MILESTONE_IDS as readonly string[]).includes(value);
}

const placeholders = (): JourneyMilestone[] =>
  PLACEHOLDER_MILESTONE_LINKS.map((link, index) => ({
    name: `Milestone ${index + 1}`,
    completed: false,
    link,
  }));

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
        { id: 'sign-up', name: 'Sign up', completed: true, link: JOURNEY_LINKS.signUp },
        {
          id: 'update-organisation',
          name: 'Add your business details',
          completed: false,
          link: JOURNEY_LINKS.profile,
        },
        {
          id: 'complete-quickscan',
          name: 'Complete the Quickscan',
          completed: false,
          link: JOURNEY_LINKS.assessments,
        },
        {
          id: 'view-results',
          name: 'View your assessment results',
          completed: false,
          link: JOURNEY_LINKS.results,
        },
        { id: 'invite-team', name: 'Invite a team member', completed: false, link: JOURNEY_LINKS.users },
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
        {
          id: 'view-insights',
          name: 'Review Organisation Insights',
          completed: false,
          link: JOURNEY_LINKS.insights,
        },
        {
          id: 'download-actions',
          name: 'Download your priority ESGs',
          completed: false,
          link: JOURNEY_LINKS.insights,
        },
        {
          id: 'sign-declaration',
          name: 'Sign the declaration',
          completed: false,
          link: JOURNEY_LINKS.declaration,
        },
        {
          id: 'view-declaration-credential',
          name: 'Share your declaration credentials',
          completed: false,
          link: JOURNEY_LINKS.declaration,
        },
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
      milestones: placeholders(),
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
      milestones: placeholders(),
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
      milestones: placeholders(),
    },
  ];
}

function completionById(stored: readonly StoredMilestone[]): Map<string, boolean> {
  const byId = new Map<string, boolean>();
  for (const record of stored) {
    if (record && typeof record.id === 'string' && typeof record.completed === 'boolean') {
      byId.set(record.id, record.completed);
    }
  }
  return byId;
}

export function buildJourney(stored: readonly StoredMilestone[]): JourneyStage[] {
  const byId = completionById(stored);
  return defaultStages().map((stage) => {
    const milestones = stage.milestones.map((milestone) => {
      const saved = milestone.id === undefined ? undefined : byId.get(milestone.id);
      return saved === undefined ? milestone : { ...milestone, completed: saved };
    });
    return { ...stage, milestones, completed: milestones.every((milestone) => milestone.completed) };
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
  total: typeof PROGRESS_MILESTONES.length;
  percent: number;
}

export function progressSummary(stored: readonly StoredMilestone[]): ProgressSummary {
  const byId = completionById(stored);
  const completed = PROGRESS_MILESTONES.filter((id) => byId.get(id) === true).length;
  const total = PROGRESS_MILESTONES.length;
  return { completed, total, percent: Math.round((completed / total) * 100) };
}
