// The heading of a section of a screen or card. Its own subpath (@toolkit/ui/section-heading), not
// the shared entry, so an app bundles it only when a screen shows one and the survey path stays lean.
import type { ComponentPropsWithRef } from 'react';
import styled from 'styled-components';

const SIZES = { medium: '1.25rem', small: '1.1rem' } as const;

/** Smaller than the level's own size: `medium` for a card's title, `small` for a row's or a group's. */
export type SectionHeadingSize = keyof typeof SIZES;

const Heading = styled.h2<{ $size?: SectionHeadingSize }>`
  margin: 0;
  /* A long name or title wraps rather than widening a phone screen. */
  overflow-wrap: anywhere;
  ${({ $size }) => ($size ? `font-size: ${SIZES[$size]};` : '')}
`;

export interface SectionHeadingProps extends ComponentPropsWithRef<'h2'> {
  /** h2 for a section of the page, h3 for a part of a section. */
  level?: 2 | 3;
  size?: SectionHeadingSize;
}

export function SectionHeading({ level = 2, size, ...props }: SectionHeadingProps) {
  return <Heading as={level === 3 ? 'h3' : 'h2'} $size={size} {...props} />;
}
