import styled from 'styled-components';

/** A one-line outcome on the Plans page: good news plain, a failure in the danger colour. */
export const Notice = styled.p<{ $tone: 'good' | 'bad' }>`
  margin: 0;
  font-weight: 600;
  color: ${({ theme, $tone }) => ($tone === 'good' ? theme.colors.text : theme.colors.danger)};
`;
