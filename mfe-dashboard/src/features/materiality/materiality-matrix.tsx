// The materiality matrix: financial importance across, impact up, each rated matter a numbered dot
// keyed to the ranked table beside it; the shaded corner holds what is material on both sides.
import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { Circle } from '@visx/shape';
import styled from 'styled-components';
import { MATERIAL_THRESHOLD, MATERIALITY_SCALE, type rankMateriality } from '@toolkit/domain';

type Ranked = ReturnType<typeof rankMateriality>;

const SIZE = 300;
const MARGIN = 36;
const LOW = MATERIALITY_SCALE[0];
const HIGH = MATERIALITY_SCALE[MATERIALITY_SCALE.length - 1]!;
// Half a step of room around the scale, so dots at 1 and 5 sit inside the frame.
const position = scaleLinear<number>({ domain: [LOW - 0.5, HIGH + 0.5], range: [0, SIZE] });

const Svg = styled.svg`
  display: block;
  width: 100%;
  max-width: ${SIZE + MARGIN * 2}px;
  height: auto;
  .frame {
    fill: ${({ theme }) => theme.colors.surface};
    stroke: ${({ theme }) => theme.colors.mutedText};
  }
  .material {
    fill: ${({ theme }) => theme.colors.border};
  }
  .dot {
    fill: ${({ theme }) => theme.colors.primary};
  }
  .dot-label {
    fill: ${({ theme }) => theme.colors.surface};
    font-weight: 700;
  }
`;

export function matrixLabel(ranked: Ranked): string {
  if (ranked.length === 0) return 'Materiality matrix: no matter rated yet.';
  return `Materiality matrix, impact against financial importance from 1 to 5. ${ranked
    .map(
      (entry, index) =>
        `${index + 1}. ${entry.name}: impact ${entry.rating.impact}, financial ${entry.rating.financial}`,
    )
    .join('; ')}.`;
}

const FAN_X = [0, 14, -14];

/** Dots at the same ratings are fanned out a little (FAN_X, then a row lower) so each number stays readable. */
function offsets(ranked: Ranked): number[] {
  const seen = new Map<string, number>();
  return ranked.map(({ rating }) => {
    const key = `${rating.impact}-${rating.financial}`;
    const count = seen.get(key) ?? 0;
    seen.set(key, count + 1);
    return count;
  });
}

export function MaterialityMatrix({ ranked }: { ranked: Ranked }) {
  const label = matrixLabel(ranked);
  const fan = offsets(ranked);
  const threshold = position(MATERIAL_THRESHOLD - 0.5);
  return (
    <Svg role="img" aria-label={label} viewBox={`0 0 ${SIZE + MARGIN * 2} ${SIZE + MARGIN * 2}`}>
      <title>{label}</title>
      <Group left={MARGIN} top={MARGIN / 2} aria-hidden="true">
        <rect className="frame" width={SIZE} height={SIZE} />
        <rect className="material" x={threshold} width={SIZE - threshold} height={SIZE - threshold} />
        {MATERIALITY_SCALE.map((step) => (
          <Group key={step}>
            <text x={position(step)} y={SIZE + 18} textAnchor="middle" fontSize="13" fill="currentColor">
              {step}
            </text>
            <text x={-10} y={SIZE - position(step) + 4} textAnchor="end" fontSize="13" fill="currentColor">
              {step}
            </text>
          </Group>
        ))}
        <text x={SIZE / 2} y={SIZE + 34} textAnchor="middle" fontSize="13" fill="currentColor">
          Financial importance →
        </text>
        <text
          transform={`translate(-26 ${SIZE / 2}) rotate(-90)`}
          textAnchor="middle"
          fontSize="13"
          fill="currentColor"
        >
          Impact →
        </text>
        {ranked.map((entry, index) => {
          const nth = fan[index]!;
          const cx = position(entry.rating.financial) + FAN_X[nth % 3]!;
          const cy = SIZE - position(entry.rating.impact) + Math.floor(nth / 3) * 14;
          return (
            <Group key={entry.id}>
              <Circle className="dot" cx={cx} cy={cy} r={10} />
              <text className="dot-label" x={cx} y={cy + 4} textAnchor="middle" fontSize="11">
                {index + 1}
              </text>
            </Group>
          );
        })}
      </Group>
    </Svg>
  );
}
