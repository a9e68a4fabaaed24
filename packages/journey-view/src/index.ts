export { useJourney, type JourneyState, type JourneyStatus } from './use-journey';
export { JourneyStatusNotice, type JourneyStatusNoticeProps } from './journey-status-notice';
export { ProgressSummaryBar, type ProgressSummaryBarProps } from './progress-summary-bar';
export {
  StageCard,
  LOCKED_REASON,
  STAGE_STATE_TEXT,
  stageState,
  type StageCardProps,
  type StageState,
} from './stage-card';
export { JourneyOverview, type JourneyOverviewProps } from './journey-overview';
