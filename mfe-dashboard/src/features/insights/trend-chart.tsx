// Completed results per day as columns (visx), with the counts in its accessible name; the table
// beside it holds the same figures for anyone who prefers to read them.
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import styled from 'styled-components';
import type { SurveyInsights } from '@toolkit/domain';

const HEIGHT = 160;
const TOP = 20;
const BOTTOM = 24;

const Svg = styled.svg`
  display: block;
  width: 100%;
  overflow: visible;
  .column {
    fill: ${({ theme }) => theme.colors.primary};
  }
  .axis {
    fill: ${({ theme }) => theme.colors.mutedText};
  }
`;

export function trendLabel(points: SurveyInsights['trend']): string {
  const total = points.reduce((sum, point) => sum + point.completed, 0);
  const days = points.map((point) => `${point.day}: ${point.completed}`).join('; ');
  return `Column chart of completed results per day, ${total} in all. ${days}.`;
}

export function TrendChart({ points }: { points: SurveyInsights['trend'] }) {
  const label = trendLabel(points);
  const inner = HEIGHT - TOP - BOTTOM;
  // Days across the width (in percent), counts up the height (in px).
  const x = scaleBand<string>({ domain: points.map((point) => point.day), range: [0, 100], padding: 0.25 });
  const most = Math.max(1, ...points.map((point) => point.completed));
  const y = scaleLinear<number>({ domain: [0, most], range: [inner, 0] });
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <Svg role="img" aria-label={label} height={HEIGHT}>
      <title>{label}</title>
      <Group top={TOP} aria-hidden="true">
        <text x="0" y={-6} fontSize="13" className="axis">
          {most} at most
        </text>
        {points.map((point) => (
          <Bar
            key={point.day}
            x={`${x(point.day) ?? 0}%`}
            y={y(point.completed)}
            width={`${x.bandwidth()}%`}
            height={inner - y(point.completed)}
            rx={2}
            className="column"
          />
        ))}
        {first && (
          <text x="0" y={inner + 18} fontSize="13" className="axis">
            {first.day}
          </text>
        )}
        {last && last !== first && (
          <text x="100%" y={inner + 18} fontSize="13" textAnchor="end" className="axis">
            {last.day}
          </text>
        )}
      </Group>
    </Svg>
  );
}
