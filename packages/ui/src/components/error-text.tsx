// What went wrong, in words, where it went wrong: a refused field, an action that did not go
// through. A subpath (@toolkit/ui/error-text), so only the screens that show one bundle it.
import styled from 'styled-components';

/**
 * Error words in the danger colour, bold so they do not rely on colour alone. A paragraph; pass
 * `as="span"` inside a line, and `role="alert"` where the error appears after an action.
 */
export const ErrorText = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;
