import styled from 'styled-components';

/** The shell's small forms (sign-in link, password reset): a labelled column of touch-sized inputs. */
export const Form = styled.form`
  display: grid;
  gap: 0.75rem;
  max-width: 28rem;
  label {
    font-weight: 600;
  }
  input {
    font: inherit;
    padding: 0.75rem;
    min-height: ${({ theme }) => theme.touchTarget};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.small};
  }
`;
