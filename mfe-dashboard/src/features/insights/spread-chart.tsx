import { Bar, Circle } from '@visx/shape';
import styled from 'styled-components';
import type { BenchmarkRow } from '@toolkit/domain';
import { widthAt } from '../../shared/charts';

/** The track, with room above and below it for the median's mark. */
const TRACK_Y = 3;
const TRACK_HEIGHT = 20;

export function rowText(row: BenchmarkRow): string {
  const { q1, median, q3 } = row.peers;
  return `${row.title}: you ${row.yours}%, peers' median ${median}%, middle half ${q1}–${q3}%`;
}

/** Every value is in the accessible name: the picture adds nothing the text does not say. */
export function spreadLabel(rows: readonly BenchmarkRow[]): string {
  return `Your scores beside your peers' out of 100%. ${rows.map(rowText).join('; ')}.`;
}

const Rows = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  /* The label is text, not SVG text, so a long section title wraps on a phone instead of running off. */
  span {
    display: block;
    margin-bottom: ${({ theme }) => theme.space[1]}px;
    overflow-wrap: anywhere;
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
 * One row per area: its figures in words over a 0–100 track, the peers' middle half as a band,
 * their median as a mark and the organisation's own score as a dot (positions: shared/charts.tsx).
 */
export function SpreadChart({ rows }: { rows: readonly BenchmarkRow[] }) {
  return (
    <Rows role="img" aria-label={spreadLabel(rows)}>
      {rows.map((row, index) => {
        const { q1, median, q3 } = row.peers;
        return (
          <div key={`${index}-${row.title}`} aria-hidden="true">
            <span>
              {row.title}: you {row.yours}%, median {median}%
            </span>
            <svg height={TRACK_Y * 2 + TRACK_HEIGHT}>
              <Bar x={0} y={TRACK_Y} width="100%" height={TRACK_HEIGHT} rx={4} className="track" />
              <Bar
                x={widthAt(q1)}
                y={TRACK_Y}
                width={widthAt(Math.max(0.5, q3 - q1))}
                height={TRACK_HEIGHT}
                className="middle"
              />
              <Bar
                x={widthAt(median)}
                y={0}
                width={3}
                height={TRACK_HEIGHT + TRACK_Y * 2}
                className="median"
              />
              <Circle cx={widthAt(row.yours)} cy={TRACK_Y + TRACK_HEIGHT / 2} r={8} className="yours" />
            </svg>
          </div>
        );
      })}
    </Rows>
  );
}
