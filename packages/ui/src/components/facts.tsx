// Facts as labels and values (a description list): side by side on a wide screen, each value under
// its label on a phone. Its own subpath (@toolkit/ui/facts), so an app bundles it only where a
// screen shows one.
import styled from 'styled-components';

export const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[4]}px;
  margin: 0;
  overflow-wrap: anywhere;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    grid-template-columns: 1fr;
    gap: 0;
    dd {
      margin-bottom: ${({ theme }) => theme.space[2]}px;
    }
  }
`;
