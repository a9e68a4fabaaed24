import styled from 'styled-components';
import type { BenchmarkRow } from '@toolkit/domain';

const ROW_HEIGHT = 60;
const LABEL_BASELINE = 18;
const TRACK_Y = 28;
const TRACK_HEIGHT = 20;

const clamp = (percent: number) => Math.min(100, Math.max(0, percent));

export function rowText(row: BenchmarkRow): string {
  const { q1, median, q3 } = row.peers;
  return `${row.title}: you ${row.yours}%, peers' median ${median}%, middle half ${q1}–${q3}%`;
}

/** Every value is in the accessible name: the picture adds nothing the text does not say. */
export function spreadLabel(rows: readonly BenchmarkRow[]): string {
  return `Your scores beside your peers' out of 100%. ${rows.map(rowText).join('; ')}.`;
}

const Svg = styled.svg`
  display: block;
  width: 100%;
  overflow: visible;
  .track {
    fill: ${({ theme }) => theme.colors.surface};
    stroke: ${({ theme }) => theme.colors.mutedText};
  }
  .middle {
    fill: ${({ theme }) => theme.colors.border};
  }
  .median {
    stroke: ${({ theme }) => theme.colors.text};
    stroke-width: 3;
  }
  .yours {
    fill: ${({ theme }) => theme.colors.primary};
    stroke: ${({ theme }) => theme.colors.surface};
    stroke-width: 2;
  }
`;

/**
 * One row per area: a 0–100 track, the peers' middle half as a band, their median as a line and
 * the organisation's own score as a dot. Positions are percentages of the width, so the chart fills
 * a 360 px phone as well as a desktop while its text keeps its size.
 */
export function SpreadChart({ rows }: { rows: readonly BenchmarkRow[] }) {
  const label = spreadLabel(rows);
  return (
    <Svg role="img" aria-label={label} height={rows.length * ROW_HEIGHT}>
      <title>{label}</title>
      {rows.map((row, index) => {
        const top = index * ROW_HEIGHT;
        const { q1, median, q3 } = row.peers;
        return (
          <g key={`${index}-${row.title}`} aria-hidden="true">
            <text x="0" y={top + LABEL_BASELINE} fontSize="15" fill="currentColor">
              {row.title}: you {row.yours}%, median {median}%
            </text>
            <rect x="0" y={top + TRACK_Y} width="100%" height={TRACK_HEIGHT} rx="4" className="track" />
            <rect
              x={`${clamp(q1)}%`}
              y={top + TRACK_Y}
              width={`${Math.max(0.5, clamp(q3) - clamp(q1))}%`}
              height={TRACK_HEIGHT}
              className="middle"
            />
            <line
              x1={`${clamp(median)}%`}
              x2={`${clamp(median)}%`}
              y1={top + TRACK_Y - 3}
              y2={top + TRACK_Y + TRACK_HEIGHT + 3}
              className="median"
            />
            <circle
              cx={`${clamp(row.yours)}%`}
              cy={top + TRACK_Y + TRACK_HEIGHT / 2}
              r="8"
              className="yours"
            />
          </g>
        );
      })}
    </Svg>
  );
}
