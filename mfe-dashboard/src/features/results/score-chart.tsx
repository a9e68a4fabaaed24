import { Group } from '@visx/group';
import { Bar } from '@visx/shape';
import styled from 'styled-components';
import type { ResultScore } from '@toolkit/domain';
import { widthAt } from '../../shared/charts';

const ROW_HEIGHT = 56;
const LABEL_BASELINE = 18;
const BAR_Y = 26;
const BAR_HEIGHT = 20;

export interface ChartRow {
  label: string;
  percent: number;
  /** Sections of weight 0 (or without scored questions) are shown but do not count. */
  scored: boolean;
  overall: boolean;
}

/** The chart's rows: the overall score first, then every section in survey order. */
export function chartRows(score: ResultScore): ChartRow[] {
  return [
    { label: 'Overall', percent: score.overall.percent, scored: true, overall: true },
    ...[...score.sections]
      .sort((a, b) => a.sectionIndex - b.sectionIndex)
      .map((section) => ({
        label: section.title,
        percent: section.percent,
        scored: section.weight > 0 && section.max > 0,
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

/** Horizontal bars, one per area, as wide as its score (shared/charts.ts). */
export function ScoreChart({ score }: { score: ResultScore }) {
  const rows = chartRows(score);
  const label = chartLabel(rows);
  return (
    <Svg role="img" aria-label={label} height={rows.length * ROW_HEIGHT}>
      <title>{label}</title>
      {rows.map((row, index) => {
        const top = index * ROW_HEIGHT;
        return (
          <Group key={`${index}-${row.label}`} top={top} aria-hidden="true">
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
        );
      })}
    </Svg>
  );
}
