// The look of the team's and the invitations' lists.
import styled from 'styled-components';

export const MemberList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
`;

export const MemberItem = styled.li`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  padding: ${({ theme }) => theme.space[4]}px;
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  overflow-wrap: anywhere;
`;
