import type { HTMLAttributes } from 'react';
import styled from 'styled-components';

export const Card = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.large};
  padding: ${({ theme }) => theme.space[5]}px;

  /* The card's padding already spaces its title from the edge. */
  & h2:first-child {
    margin-top: 0;
  }

  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    padding: ${({ theme }) => theme.space[4]}px;
  }
`;

export const PageTitle = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space[4]}px;
  font-size: clamp(1.5rem, 1.2rem + 1.5vw, 2.25rem);
  color: ${({ theme }) => theme.colors.text};
`;

/** Secondary text: hints, empty states, details. Long words wrap rather than widen a phone screen. */
export const MutedText = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.mutedText};
`;

/** Index into the theme's spacing scale. */
export type SpaceStep = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface StackProps extends HTMLAttributes<HTMLDivElement> {
  gap?: SpaceStep;
  direction?: 'column' | 'row';
  align?: 'stretch' | 'flex-start' | 'center' | 'flex-end';
}

const StyledStack = styled.div<{ $gap: SpaceStep; $direction: 'column' | 'row'; $align: string }>`
  display: flex;
  flex-direction: ${({ $direction }) => $direction};
  flex-wrap: ${({ $direction }) => ($direction === 'row' ? 'wrap' : 'nowrap')};
  align-items: ${({ $align }) => $align};
  gap: ${({ theme, $gap }) => theme.space[$gap]}px;
`;

export function Stack({ gap = 4, direction = 'column', align = 'stretch', ...props }: StackProps) {
  return <StyledStack $gap={gap} $direction={direction} $align={align} {...props} />;
}
