// What the dashboard's charts share (drawn with visx). Horizontal positions are percentages of the
// chart's width, so a chart fills a 360 px phone as well as a desktop while its text keeps its size.
// Each chart is a picture only (aria-hidden): its figures are in the table ChartFigure puts under
// it, which anyone can open, so nothing is told by the picture alone.
import { useId, type ReactNode } from 'react';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, Circle } from '@visx/shape';
import styled from 'styled-components';
import { VisuallyHidden } from '@toolkit/ui';
import { TableScroll } from './table';

/** A score out of 100, clamped, as a share of the chart's width. */
const percentScale = scaleLinear<number>({ domain: [0, 100], range: [0, 100], clamp: true });

/** An SVG length for a score: `42%` of the width. */
export const widthAt = (percent: number) => `${percentScale(percent)}%`;

/**
 * Where each of `count` evenly spread points sits across the width, in percent (one point: the
 * middle), leaving `left` for the axis's labels and `right` so the last dot is not cut.
 */
export function spreadAcross(count: number, left = 12, right = 4): number[] {
  if (count <= 1) return count === 1 ? [50] : [];
  return Array.from({ length: count }, (_, index) => left + (index * (100 - left - right)) / (count - 1));
}

/** Columns across the width (percent) for `keys`, with the gap between them a quarter of a column. */
export const columnScale = (keys: readonly string[]) =>
  scaleBand<string>({ domain: [...keys], range: [0, 100], padding: 0.25 });

/** A share of a whole as a whole percent; 0 of nothing is 0. */
export const percentOf = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 100);

const Figure = styled.figure`
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]}px;
  min-width: 0;
  figcaption {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  summary {
    cursor: pointer;
    color: ${({ theme }) => theme.colors.link};
    min-height: ${({ theme }) => theme.touchTarget};
    display: list-item;
    padding-top: ${({ theme }) => theme.space[2]}px;
  }
`;

/**
 * A table that scrolls sideways where a phone is too narrow for it: focusable, so the keyboard can
 * scroll it, and named by its caption.
 */
export function TableScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableScroll role="group" aria-label={label} tabIndex={0}>
      {children}
    </TableScroll>
  );
}

/** A chart with its title and, one click away, the same figures as a table. */
export function ChartFigure({ title, chart, table }: { title: string; chart: ReactNode; table: ReactNode }) {
  const titleId = useId();
  return (
    <Figure aria-labelledby={titleId}>
      <figcaption id={titleId}>{title}</figcaption>
      {chart}
      <details>
        <summary>
          Show as a table<VisuallyHidden>: {title}</VisuallyHidden>
        </summary>
        {table}
      </details>
    </Figure>
  );
}

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
  .grid {
    stroke: ${({ theme }) => theme.colors.border};
  }
  .line {
    stroke: ${({ theme }) => theme.colors.primary};
    stroke-width: 2.5;
  }
  .point {
    fill: ${({ theme }) => theme.colors.primary};
    stroke: ${({ theme }) => theme.colors.surface};
    stroke-width: 2;
  }
  .track {
    fill: ${({ theme }) => theme.colors.background};
    stroke: ${({ theme }) => theme.colors.border};
  }
`;

const TOP = 20;
const BOTTOM = 24;
const AXIS_FONT = 13;

export interface Column {
  key: string;
  /** Shown under the first and last column (a phone has no room for every one). */
  label: string;
  value: number;
}

/**
 * Counts as columns from a zero baseline, the tallest labelled, the first and last `named` below
 * (not where the chart's own captions follow it).
 */
export function ColumnChart({
  columns,
  height = 160,
  named = true,
}: {
  columns: readonly Column[];
  height?: number;
  named?: boolean;
}) {
  const inner = height - TOP - BOTTOM;
  const x = columnScale(columns.map((column) => column.key));
  const most = Math.max(1, ...columns.map((column) => column.value));
  const y = scaleLinear<number>({ domain: [0, most], range: [inner, 0] });
  const first = named ? columns[0] : undefined;
  const last = named ? columns[columns.length - 1] : undefined;
  return (
    <Svg aria-hidden="true" height={height}>
      <Group top={TOP}>
        <text x="0" y={-6} fontSize={AXIS_FONT} className="axis">
          {most} at most
        </text>
        <rect x="0" y={inner} width="100%" height={1} className="axis" />
        {columns.map((column) => (
          <Bar
            key={column.key}
            x={`${x(column.key) ?? 0}%`}
            y={y(column.value)}
            width={`${x.bandwidth()}%`}
            height={inner - y(column.value)}
            rx={2}
            className="column"
          />
        ))}
        {first && (
          <text x="0" y={inner + 18} fontSize={AXIS_FONT} className="axis">
            {first.label}
          </text>
        )}
        {last && last !== first && (
          <text x="100%" y={inner + 18} fontSize={AXIS_FONT} textAnchor="end" className="axis">
            {last.label}
          </text>
        )}
      </Group>
    </Svg>
  );
}

export interface Point {
  key: string;
  label: string;
  /** A percent (0–100); null where there is nothing to plot (the line skips it). */
  value: number | null;
}

/**
 * Percents (0–100) joined by a line, left to right. Drawn as separate segments and dots rather
 * than one path, because only lines and circles take percentages for their positions.
 */
export function PercentLineChart({ points, height = 160 }: { points: readonly Point[]; height?: number }) {
  const inner = height - TOP - BOTTOM;
  const y = scaleLinear<number>({ domain: [0, 100], range: [inner, 0], clamp: true });
  const xs = spreadAcross(points.length);
  const plotted = points.flatMap((point, index) =>
    point.value === null ? [] : [{ ...point, x: xs[index]!, y: y(point.value) }],
  );
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <Svg aria-hidden="true" height={height}>
      <Group top={TOP}>
        {[0, 50, 100].map((grid) => (
          <g key={grid}>
            <rect x="0" y={y(grid)} width="100%" height={1} className="grid" />
            <text x="0" y={y(grid) - 4} fontSize={AXIS_FONT} className="axis">
              {grid}%
            </text>
          </g>
        ))}
        {plotted.slice(1).map((point, index) => {
          const previous = plotted[index]!;
          return (
            <line
              key={point.key}
              x1={`${previous.x}%`}
              y1={previous.y}
              x2={`${point.x}%`}
              y2={point.y}
              className="line"
            />
          );
        })}
        {plotted.map((point) => (
          <Circle key={point.key} cx={`${point.x}%`} cy={point.y} r={5} className="point" />
        ))}
        {first && (
          <text x="0" y={inner + 18} fontSize={AXIS_FONT} className="axis">
            {first.label}
          </text>
        )}
        {last && last !== first && (
          <text x="100%" y={inner + 18} fontSize={AXIS_FONT} textAnchor="end" className="axis">
            {last.label}
          </text>
        )}
      </Group>
    </Svg>
  );
}

export interface ShareBar {
  key: string;
  label: string;
  /** The text beside the label, e.g. "18 (60%)". */
  figure: string;
  /** The bar's length, 0–100. */
  percent: number;
}

const Bars = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[2]}px;
  li span {
    overflow-wrap: anywhere;
  }
`;

/** One horizontal bar per answer, its length the answer's share; labels are text, so long ones wrap. */
export function ShareBars({ bars }: { bars: readonly ShareBar[] }) {
  return (
    <Bars aria-hidden="true">
      {bars.map((bar) => (
        <li key={bar.key}>
          <span>
            {bar.label}: {bar.figure}
          </span>
          <Svg height={16}>
            <Bar x={0} y={0} width="100%" height={16} rx={3} className="track" />
            <Bar x={0} y={0} width={widthAt(bar.percent)} height={16} rx={3} className="column" />
          </Svg>
        </li>
      ))}
    </Bars>
  );
}
