import styled from 'styled-components';
import type { ResultScore } from '@toolkit/domain';

/** A result's overall figure, large: the line a respondent and a business read first. */
export const ScoreOverall = styled.p`
  margin: 0;
  font-size: 1.5rem;
  font-weight: 700;
`;

const Band = styled.div`
  border-left: 6px solid ${({ theme }) => theme.colors.primary};
  padding-left: ${({ theme }) => theme.space[3]}px;
  h3,
  p {
    margin: 0;
  }
`;

/** The band a score falls in, in the survey's words: its label as a heading and its description. */
export function ScoreBand({ band }: { band: NonNullable<ResultScore['band']> }) {
  return (
    <Band>
      <h3>{band.label}</h3>
      {band.description && <p>{band.description}</p>}
    </Band>
  );
}
