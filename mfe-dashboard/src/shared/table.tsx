import styled from 'styled-components';

/** Lets a wide table scroll sideways on a phone instead of widening the page. */
export const TableScroll = styled.div`
  overflow-x: auto;
`;

/** A data table: a left-aligned caption and header column, right-aligned figures. */
export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  caption {
    text-align: left;
    font-weight: 600;
    padding-bottom: ${({ theme }) => theme.space[2]}px;
  }
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[2]}px`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  td:not(:first-child),
  th[scope='col']:not(:first-child) {
    text-align: right;
    white-space: nowrap;
  }
`;
