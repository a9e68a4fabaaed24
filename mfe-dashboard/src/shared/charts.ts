// What the dashboard's charts share (drawn with visx): positions as percentages of the chart's
// width, so a chart fills a 360 px phone as well as a desktop while its text keeps its size.
import { scaleLinear } from '@visx/scale';

/** A score out of 100, clamped, as a share of the chart's width. */
const percentScale = scaleLinear<number>({ domain: [0, 100], range: [0, 100], clamp: true });

/** An SVG length for a score: `42%` of the width. */
export const widthAt = (percent: number) => `${percentScale(percent)}%`;
