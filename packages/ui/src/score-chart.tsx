// The score chart the dashboard's Results and the survey's outro share (drawn with visx): one
// horizontal bar per area, its width the score's share of the chart, so it fills a 360 px phone as
// well as a desktop while its text keeps its size. A subpath of its own: only screens that show a
// score download visx.
import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import styled from 'styled-components';
import type { ResultScore } from '@toolkit/domain';

const ROW_HEIGHT = 56;
const LABEL_BASELINE = 18;
const BAR_Y = 26;
const BAR_HEIGHT = 20;

/** A score out of 100, clamped, as a share of the chart's width. */
const percentScale = scaleLinear<number>({ domain: [0, 100], range: [0, 100], clamp: true });
const widthAt = (percent: number) => `${percentScale(percent)}%`;

export interface ChartRow {
  label: string;
  percent: number;
  /** Sections of weight 0 (or without scored questions) are shown but do not count. */
  scored: boolean;
  overall: boolean;
}

/** Whether a section counts towards the overall score. */
export const isScored = (section: ResultScore['sections'][number]): boolean =>
  section.weight > 0 && section.max > 0;

/** The score's sections in survey order. */
export const sectionsInOrder = (score: ResultScore): ResultScore['sections'] =>
  [...score.sections].sort((a, b) => a.sectionIndex - b.sectionIndex);

/** The chart's rows: the overall score first, then every section in survey order. */
export function chartRows(score: ResultScore): ChartRow[] {
  return [
    { label: 'Overall', percent: score.overall.percent, scored: true, overall: true },
    ...sectionsInOrder(score).map((section) => ({
      label: section.title,
      percent: section.percent,
      scored: isScored(section),
      overall: false,
    })),
  ];
}

export function rowText(row: ChartRow): string {
  return row.scored ? `${row.label}: ${row.percent}%` : `${row.label}: not scored`;
}

/** The chart's accessible name carries every value, so the image alone tells the whole story. */
export function chartLabel(rows: readonly ChartRow[]): string {
  return `Bar chart of your scores out of 100%. ${rows.map(rowText).join('; ')}.`;
}

const Svg = styled.svg`
  display: block;
  width: 100%;
  font-family: inherit;
  overflow: visible;
  .track {
    fill: ${({ theme }) => theme.colors.surface};
    stroke: ${({ theme }) => theme.colors.mutedText};
  }
  .bar {
    fill: ${({ theme }) => theme.colors.primary};
  }
`;

/** Horizontal bars, one per area, as wide as its score. */
export function ScoreChart({ score }: { score: ResultScore }) {
  const rows = chartRows(score);
  const label = chartLabel(rows);
  return (
    <Svg role="img" aria-label={label} height={rows.length * ROW_HEIGHT}>
      <title>{label}</title>
      {rows.map((row, index) => (
        <Group key={`${index}-${row.label}`} top={index * ROW_HEIGHT} aria-hidden="true">
          <text
            x="0"
            y={LABEL_BASELINE}
            fontSize="15"
            fontWeight={row.overall ? 700 : 400}
            fill="currentColor"
          >
            {rowText(row)}
          </text>
          <Bar x={0} y={BAR_Y} width="100%" height={BAR_HEIGHT} rx={4} className="track" />
          {row.scored && (
            <Bar x={0} y={BAR_Y} width={widthAt(row.percent)} height={BAR_HEIGHT} rx={4} className="bar" />
          )}
        </Group>
      ))}
    </Svg>
  );
}

// The chart is the module's default export so a screen can load it with React.lazy.
export default ScoreChart;
