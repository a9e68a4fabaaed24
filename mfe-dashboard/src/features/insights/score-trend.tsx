// A business's own scores across its retakes: one small line chart per area (overall first, then
// each scored section), so no colour legend is needed and each reads on a phone.
import styled from 'styled-components';
import { formatDate } from '@toolkit/domain';
import { Stack } from '@toolkit/ui';
import { SectionHeading } from '@toolkit/ui/section-heading';
import type { BenchmarkAnswer } from '../../shared/api';
import { Table } from '../../shared/table';
import { ChartFigure, PercentLineChart, TableScrollRegion } from '../../shared/charts';

type History = BenchmarkAnswer['history'];

const Areas = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[5]}px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 18rem), 1fr));
`;

export interface Area {
  title: string;
  /** Per completed result, oldest first; null where that result did not score the area. */
  percents: (number | null)[];
}

/** The overall score and every scored section (weight above 0) any result holds, in survey order. */
export function areasOf(history: History): Area[] {
  const titles = new Map<number, string>();
  for (const { score } of history) {
    for (const section of score.sections)
      if (section.weight > 0) titles.set(section.sectionIndex, section.title);
  }
  const sections = [...titles.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, title]) => ({
      title,
      percents: history.map(
        ({ score }) => score.sections.find((section) => section.sectionIndex === index)?.percent ?? null,
      ),
    }));
  return [{ title: 'Overall', percents: history.map(({ score }) => score.overall.percent) }, ...sections];
}

const shown = (percent: number | null) => (percent === null ? '–' : `${percent}%`);

export function ScoreTrend({ history }: { history: History }) {
  const areas = areasOf(history);
  const dates = history.map((entry) => formatDate(entry.completedAt));
  return (
    <Stack gap={3}>
      <SectionHeading as="h3">Your scores over time</SectionHeading>
      <Areas>
        {areas.map((area) => (
          <ChartFigure
            key={area.title}
            title={`${area.title}: ${shown(area.percents[area.percents.length - 1] ?? null)} now`}
            chart={
              <PercentLineChart
                points={history.map((entry, index) => ({
                  key: entry.resultId,
                  label: dates[index]!,
                  value: area.percents[index] ?? null,
                }))}
              />
            }
            table={
              <TableScrollRegion label={`${area.title} score per completed result`}>
                <Table>
                  <caption>{area.title} score per completed result</caption>
                  <thead>
                    <tr>
                      <th scope="col">Completed</th>
                      <th scope="col">Score</th>
                    </tr>
                  </thead>
                  <tbody>
                    {history.map((entry, index) => (
                      <tr key={entry.resultId}>
                        <th scope="row">{dates[index]}</th>
                        <td>{shown(area.percents[index] ?? null)}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </TableScrollRegion>
            }
          />
        ))}
      </Areas>
    </Stack>
  );
}
