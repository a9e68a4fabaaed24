// The chart lives in @toolkit/ui, shared with the survey's outro: a respondent sees the same one.
export { ScoreChart } from '@toolkit/ui/score-chart';
