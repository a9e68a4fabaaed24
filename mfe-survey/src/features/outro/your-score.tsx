import { lazy, Suspense, useId } from 'react';
import styled from 'styled-components';
import type { ResultScore } from '@toolkit/domain';
import { MutedText, ScoreBand, ScoreOverall, Spinner, Stack } from '@toolkit/ui';
import { SectionHeading } from '@toolkit/ui/section-heading';

// visx comes with the chart: it downloads on the outro, never with a respondent's first slide.
const ScoreChart = lazy(() => import('@toolkit/ui/score-chart'));

/** Whether the score has anything to show: a survey without scored sections has none. */
export const hasScoredSections = (score: ResultScore | null): score is ResultScore =>
  score !== null && score.sections.some((section) => section.weight > 0 && section.max > 0);

const Sections = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space[3]}px;
    padding: ${({ theme }) => theme.space[2]}px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    overflow-wrap: anywhere;
  }
`;

/** The overall score with its band's words, each section's score, and the dashboard's chart. */
export function YourScore({ score }: { score: ResultScore }) {
  const headingId = useId();
  const sections = [...score.sections].sort((a, b) => a.sectionIndex - b.sectionIndex);
  return (
    <section aria-labelledby={headingId}>
      <Stack gap={4}>
        <SectionHeading $size="medium" id={headingId}>
          Your score
        </SectionHeading>
        <ScoreOverall>
          Overall: {score.overall.percent}% ({score.overall.points} out of {score.overall.max})
        </ScoreOverall>
        {score.band && <ScoreBand band={score.band} />}
        <Sections aria-label="Your score per section">
          {sections.map((section) => (
            <li key={section.sectionIndex}>
              <span>{section.title}</span>
              <strong>
                {section.weight > 0 && section.max > 0
                  ? `${section.percent}%${section.band ? ` · ${section.band.label}` : ''}`
                  : 'Not scored'}
              </strong>
            </li>
          ))}
        </Sections>
        <Suspense fallback={<Spinner label="Loading the chart…" />}>
          <ScoreChart score={score} />
        </Suspense>
        <MutedText>Sections marked “not scored” describe your business and do not count.</MutedText>
      </Stack>
    </section>
  );
}
