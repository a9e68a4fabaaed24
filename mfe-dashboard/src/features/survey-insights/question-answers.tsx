// One closed question's answers: choices as bars of their share, a slider as columns along its
// scale with the captions the slide shows; both with the counts and shares as a table.
import type { CSSProperties } from 'react';
import styled from 'styled-components';
import { keyValue, type QuestionInsights } from '@toolkit/domain';
import { Stack } from '@toolkit/ui';
import { Table } from '../../shared/table';
import { ChartFigure, ColumnChart, columnScale, ShareBars, TableScrollRegion } from '../../shared/charts';

/** A share (0–1) as a whole percent. */
const percent = (share: number) => Math.round(share * 100);

/** The slide's captions under the chart, in order, the end ones flush with the edges. */
const Captions = styled.ol`
  display: flex;
  gap: ${({ theme }) => theme.space[2]}px;
  list-style: none;
  margin: 0;
  padding: 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.mutedText};
  li {
    flex: 1 1 0;
    min-width: 0;
    overflow-wrap: anywhere;
    text-align: center;
  }
  li:first-child {
    text-align: left;
  }
  li:last-child:not(:first-child) {
    text-align: right;
  }
`;

type Slider = NonNullable<QuestionInsights['slider']>;

/** The slider's whole scale, each value a column (unanswered values at zero), when its steps are whole. */
function sliderColumns(slider: Slider, answers: QuestionInsights['answers']) {
  const counted = new Map(answers.map((answer) => [keyValue(answer.key), answer]));
  const whole =
    [slider.min, slider.max, ...counted.keys()].every(Number.isInteger) && slider.max - slider.min <= 100;
  const values = whole
    ? Array.from({ length: slider.max - slider.min + 1 }, (_, index) => slider.min + index)
    : [...counted.keys()];
  const columns = values.map((value) => {
    const answer = counted.get(value);
    return { key: String(value), label: answer?.label ?? String(value), value: answer?.count ?? 0 };
  });
  return { columns, whole };
}

/**
 * On a whole scale the columns stand evenly from the first value to the last, as the captions do:
 * each caption but the end ones is centred under its value's column (the end ones reach the outer
 * edges of the end columns), each as wide as the step between captions so none overlaps.
 */
function captionsUnder(keys: readonly string[], captions: number): CSSProperties | undefined {
  if (captions < 2 || keys.length < 2) return undefined;
  const x = columnScale(keys);
  const half = x.bandwidth() / 2;
  const first = x(keys[0]!)! + half;
  const last = x(keys[keys.length - 1]!)! + half;
  const step = (last - first) / (captions - 1);
  const end = half + step / 2;
  return {
    display: 'grid',
    gap: 0,
    gridTemplateColumns: [end, ...Array<number>(captions - 2).fill(step), end]
      .map((share) => `${share}fr`)
      .join(' '),
    marginLeft: `${first - half}%`,
    marginRight: `${100 - last - half}%`,
  };
}

function SliderChart({ slider, answers }: { slider: Slider; answers: QuestionInsights['answers'] }) {
  const { columns, whole } = sliderColumns(slider, answers);
  const keys = columns.map((column) => column.key);
  return (
    <Stack gap={1}>
      <ColumnChart columns={columns} height={140} named={false} />
      <Captions aria-hidden="true" style={whole ? captionsUnder(keys, slider.captions.length) : undefined}>
        {slider.captions.map((caption) => (
          <li key={caption.value}>{caption.label}</li>
        ))}
      </Captions>
    </Stack>
  );
}

export function QuestionAnswers({ question }: { question: QuestionInsights }) {
  const title = `${question.title} (${question.answered} answered)`;
  const table = (
    <TableScrollRegion label={question.title}>
      <Table>
        <caption>{question.title}</caption>
        <thead>
          <tr>
            <th scope="col">Answer</th>
            <th scope="col">Results</th>
            <th scope="col">Share</th>
          </tr>
        </thead>
        <tbody>
          {question.answers.map((answer) => (
            <tr key={answer.key}>
              <th scope="row">{answer.label}</th>
              <td>{answer.count}</td>
              <td>{percent(answer.share)}%</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScrollRegion>
  );
  const chart = question.slider ? (
    <SliderChart slider={question.slider} answers={question.answers} />
  ) : (
    <ShareBars
      bars={question.answers.map((answer) => ({
        key: answer.key,
        label: answer.label,
        figure: `${answer.count} (${percent(answer.share)}%)`,
        percent: percent(answer.share),
      }))}
    />
  );
  return <ChartFigure title={title} chart={chart} table={table} />;
}
