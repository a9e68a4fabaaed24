// The heading of a section of a screen or card: an h2, or with `as="h3"` a part of a section. Its own
// subpath (@toolkit/ui/section-heading), not the shared entry, so an app bundles it only when a screen
// shows one. One styled element rather than a component around one: the survey path downloads it, and
// a wrapper's props handling costs more bytes than the headings it replaces.
import styled from 'styled-components';

/** Smaller than the level's own size: `medium` for a card's title, `small` for a row's or a group's. */
export type SectionHeadingSize = 'medium' | 'small';

/** Without the browser's margins (the layout spaces it); a long title wraps rather than widening a phone. */
export const SectionHeading = styled.h2<{ $size?: SectionHeadingSize }>`
  margin: 0;
  overflow-wrap: anywhere;
  ${({ $size }) => $size && { fontSize: $size === 'small' ? '1.1rem' : '1.25rem' }}
`;
