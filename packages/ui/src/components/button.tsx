import type { ButtonHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
}

/** The button look, for buttons and for links that act as the main call to action. */
export const buttonStyles = css<{ $variant: ButtonVariant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]}px;
  min-height: ${({ theme }) => theme.touchTarget};
  min-width: ${({ theme }) => theme.touchTarget};
  padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[5]}px`};
  border-radius: ${({ theme }) => theme.radii.medium};
  border: 2px solid transparent;
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  transition:
    background-color 120ms ease,
    filter 120ms ease;

  ${({ $variant, theme }) =>
    $variant === 'primary'
      ? css`
          background: ${theme.colors.primary};
          color: ${theme.colors.onPrimary};
          &:hover:not(:disabled) {
            filter: brightness(0.92);
          }
        `
      : css`
          background: ${theme.colors.surface};
          color: ${theme.colors.link};
          border-color: ${theme.colors.link};
          &:hover:not(:disabled) {
            background: ${theme.colors.quaternary};
            color: ${theme.colors.onQuaternary};
          }
        `}

  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

const StyledButton = styled.button<{ $variant: ButtonVariant }>`
  ${buttonStyles}
`;

export function Button({ variant = 'primary', type = 'button', ...props }: ButtonProps) {
  return <StyledButton $variant={variant} type={type} {...props} />;
}
