import styled from 'styled-components';

/** A one-line good outcome on the Plans page; a failure is an ErrorText. */
export const Notice = styled.p`
  margin: 0;
  font-weight: 600;
`;
