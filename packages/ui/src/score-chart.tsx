// The score chart the dashboard's Results and the survey's outro share (drawn with visx): one
// horizontal bar per area, its width the score's share of the chart, so it fills a 360 px phone as
// well as a desktop while its text keeps its size. Each area's words are text above its bar, not SVG
// text, so a long title wraps at its spaces on a phone instead of running past the card. A subpath
// of its own: only screens that show a score download visx.
import { scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import styled from 'styled-components';
import type { ResultScore } from '@toolkit/domain';

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

const Rows = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  span {
    display: block;
    margin-bottom: ${({ theme }) => theme.space[1]}px;
    /* Breaks inside a word only when the word alone is wider than the card. */
    overflow-wrap: break-word;
  }
  .overall {
    font-weight: 700;
  }
  svg {
    display: block;
    width: 100%;
    overflow: visible;
  }
  .track {
    fill: ${({ theme }) => theme.colors.surface};
    stroke: ${({ theme }) => theme.colors.mutedText};
  }
  .bar {
    fill: ${({ theme }) => theme.colors.primary};
  }
`;

/** Horizontal bars, one per area, as wide as its score, each under its words. */
export function ScoreChart({ score }: { score: ResultScore }) {
  const rows = chartRows(score);
  return (
    <Rows role="img" aria-label={chartLabel(rows)}>
      {rows.map((row, index) => (
        <div key={`${index}-${row.label}`} aria-hidden="true">
          <span className={row.overall ? 'overall' : undefined}>{rowText(row)}</span>
          <svg height={BAR_HEIGHT}>
            <Bar x={0} y={0} width="100%" height={BAR_HEIGHT} rx={4} className="track" />
            {row.scored && (
              <Bar x={0} y={0} width={widthAt(row.percent)} height={BAR_HEIGHT} rx={4} className="bar" />
            )}
          </svg>
        </div>
      ))}
    </Rows>
  );
}

// The chart is the module's default export so a screen can load it with React.lazy.
export default ScoreChart;
