// What the Actions screen's cards share: the card heading, the list, one action's box, the words
// for effort and impact, and a refused change.
import styled from 'styled-components';

export const Heading = styled.h2`
  margin: 0;
`;

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

/** A change the server refused, said where it was asked for. */
export const Problem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;
