// One page of received results: a table on a wide screen, a card per result on a phone (the same
// rows, each cell labelled by its column).
import { Link } from 'react-router';
import styled from 'styled-components';
import { formatDate, paths, type ReceivedResultRow } from '@toolkit/domain';
import { Button, VisuallyHidden } from '@toolkit/ui';
import { Table } from '../../shared/table';

const Cards = styled(Table)`
  td[data-label='Actions'] {
    white-space: normal;
  }
  /* A name is words, read from the left; the figures stay right-aligned. */
  th[scope='col']:nth-child(2),
  td[data-label='Respondent'] {
    text-align: left;
    white-space: normal;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0, 0, 0, 0);
    }
    tr {
      display: block;
      border: 1px solid ${({ theme }) => theme.colors.border};
      border-radius: ${({ theme }) => theme.radii.medium};
      padding: ${({ theme }) => theme.space[3]}px;
      margin-bottom: ${({ theme }) => theme.space[3]}px;
    }
    th[scope='row'],
    td {
      display: flex;
      justify-content: space-between;
      gap: ${({ theme }) => theme.space[3]}px;
      border: 0;
      padding: ${({ theme }) => theme.space[1]}px 0;
      text-align: left;
      overflow-wrap: anywhere;
    }
    td:not(:first-child) {
      text-align: right;
      white-space: normal;
    }
    td::before {
      content: attr(data-label);
      font-weight: 600;
      text-align: left;
    }
    th[scope='row'] {
      font-size: 1.1rem;
    }
    td[data-label='Actions']::before {
      content: none;
    }
  }
`;

const RowActions = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[3]}px;
`;

const TextLink = styled(Link)`
  color: ${({ theme }) => theme.colors.link};
`;

/** A result with no scored answer (completed before that was refused) counts nowhere, and says so. */
const NOT_COUNTED = 'No answers — not counted';

export const nameOf = (row: ReceivedResultRow) => row.organisation ?? row.respondent ?? 'Not given';

function scoreOf(row: ReceivedResultRow): string {
  if (!row.completed) return '–';
  if (!row.counted) return NOT_COUNTED;
  if (row.overallPercent === null) return '–';
  return row.band ? `${row.overallPercent}% · ${row.band}` : `${row.overallPercent}%`;
}

/** Excluding and including again, for a member who may change what the figures count. */
export interface ExclusionActions {
  onExclude: (row: ReceivedResultRow) => void;
  onInclude: (row: ReceivedResultRow) => void;
  /** The result being included again, whose button waits. */
  including: string | null;
}

export function ResultsTable({
  surveyId,
  rows,
  caption,
  exclusion,
}: {
  surveyId: string;
  rows: readonly ReceivedResultRow[];
  caption: string;
  /** null: the member may not exclude or include, so no row offers it. */
  exclusion: ExclusionActions | null;
}) {
  return (
    <Cards>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Organisation</th>
          <th scope="col">Respondent</th>
          <th scope="col">Completed</th>
          <th scope="col">Score</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.resultId}>
            <th scope="row">{nameOf(row)}</th>
            <td data-label="Respondent">{row.respondent ?? 'Not given'}</td>
            <td data-label="Completed">{row.completedAt ? formatDate(row.completedAt) : 'In progress'}</td>
            <td data-label="Score">{scoreOf(row)}</td>
            <td data-label="Actions">
              <RowActions>
                <TextLink to={paths.receivedResult(surveyId, row.resultId)}>
                  Open<VisuallyHidden> the result of {nameOf(row)}</VisuallyHidden>
                </TextLink>
                {exclusion &&
                  (row.excluded ? (
                    <Button
                      type="button"
                      variant="secondary"
                      disabled={exclusion.including === row.resultId}
                      onClick={() => exclusion.onInclude(row)}
                    >
                      Include again<VisuallyHidden> the result of {nameOf(row)}</VisuallyHidden>
                    </Button>
                  ) : (
                    row.completed && (
                      <Button type="button" variant="secondary" onClick={() => exclusion.onExclude(row)}>
                        Exclude<VisuallyHidden> the result of {nameOf(row)}</VisuallyHidden>
                      </Button>
                    )
                  ))}
              </RowActions>
            </td>
          </tr>
        ))}
      </tbody>
    </Cards>
  );
}
