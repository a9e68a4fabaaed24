// One closed question's answers: choices as bars of their share, a slider as columns along its
// scale with the captions the slide shows; both with the counts and shares as a table.
import styled from 'styled-components';
import { keyValue, type QuestionInsights } from '@toolkit/domain';
import { Stack } from '@toolkit/ui';
import { Table } from '../../shared/table';
import { ChartFigure, ColumnChart, ShareBars, TableScrollRegion } from '../../shared/charts';

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

/** The slider's whole scale, each value a column (unanswered values at zero), when its steps are whole. */
function sliderColumns(
  slider: NonNullable<QuestionInsights['slider']>,
  answers: QuestionInsights['answers'],
) {
  const counted = new Map(answers.map((answer) => [keyValue(answer.key), answer]));
  const whole =
    [slider.min, slider.max, ...counted.keys()].every(Number.isInteger) && slider.max - slider.min <= 100;
  const values = whole
    ? Array.from({ length: slider.max - slider.min + 1 }, (_, index) => slider.min + index)
    : [...counted.keys()];
  return values.map((value) => {
    const answer = counted.get(value);
    return { key: String(value), label: answer?.label ?? String(value), value: answer?.count ?? 0 };
  });
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
    <Stack gap={1}>
      <ColumnChart columns={sliderColumns(question.slider, question.answers)} height={140} named={false} />
      <Captions aria-hidden="true">
        {question.slider.captions.map((caption) => (
          <li key={caption.value}>{caption.label}</li>
        ))}
      </Captions>
    </Stack>
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
