import { Group } from '@visx/group';
import { Bar, Circle } from '@visx/shape';
import styled from 'styled-components';
import type { BenchmarkRow } from '@toolkit/domain';
import { widthAt } from '../../shared/charts';

const ROW_HEIGHT = 60;
const LABEL_BASELINE = 18;
const TRACK_Y = 28;
const TRACK_HEIGHT = 20;

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
    fill: ${({ theme }) => theme.colors.text};
  }
  .yours {
    fill: ${({ theme }) => theme.colors.primary};
    stroke: ${({ theme }) => theme.colors.surface};
    stroke-width: 2;
  }
`;

/**
 * One row per area: a 0–100 track, the peers' middle half as a band, their median as a mark and
 * the organisation's own score as a dot (positions: shared/charts.ts).
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
          <Group key={`${index}-${row.title}`} top={top} aria-hidden="true">
            <text x="0" y={LABEL_BASELINE} fontSize="15" fill="currentColor">
              {row.title}: you {row.yours}%, median {median}%
            </text>
            <Bar x={0} y={TRACK_Y} width="100%" height={TRACK_HEIGHT} rx={4} className="track" />
            <Bar
              x={widthAt(q1)}
              y={TRACK_Y}
              width={widthAt(Math.max(0.5, q3 - q1))}
              height={TRACK_HEIGHT}
              className="middle"
            />
            <Bar x={widthAt(median)} y={TRACK_Y - 3} width={3} height={TRACK_HEIGHT + 6} className="median" />
            <Circle cx={widthAt(row.yours)} cy={TRACK_Y + TRACK_HEIGHT / 2} r={8} className="yours" />
          </Group>
        );
      })}
    </Svg>
  );
}
