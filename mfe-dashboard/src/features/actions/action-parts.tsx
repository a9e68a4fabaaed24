// What the Actions screen's cards share: the list, one action's box and the words
// for effort and impact.
import styled from 'styled-components';

export const List = styled.ul`
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
`;

export const ActionBox = styled.li`
  list-style: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  padding: ${({ theme }) => theme.space[4]}px;
  h3 {
    margin: 0;
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

export const LEVEL_NAMES = { LOW: 'low', MEDIUM: 'medium', HIGH: 'high' } as const;
