// The stages' icons, drawn as SVG: emoji need an emoji font, which e.g. Debian's Chromium lacks.
import type { ReactElement } from 'react';
import styled from 'styled-components';

const Svg = styled.svg`
  width: 1.5em;
  height: 1.5em;
  flex: none;
  vertical-align: -0.3em;
  color: ${({ theme }) => theme.colors.primary};
`;

const PATHS: Record<string, ReactElement> = {
  // A shoot with two leaves.
  sprout: (
    <>
      <path d="M12 21v-9" />
      <path d="M12 12c0-4 3-6 7-6 0 4-3 6-7 6z" />
      <path d="M12 14c0-3-2.5-5-6-5 0 3 2.5 5 6 5z" />
    </>
  ),
  // A compass: ring and needle.
  compass: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M15.5 8.5l-2 5-5 2 2-5z" />
    </>
  ),
  // A spanner.
  wrench: (
    <path d="M14.5 4.5a4.5 4.5 0 0 0-4.2 6L4 16.8 7.2 20l6.3-6.3a4.5 4.5 0 0 0 6-4.2l-2.7 2.7-2.8-.7-.7-2.8z" />
  ),
  // A light bulb.
  lightbulb: (
    <>
      <path d="M9 18h6M10 21h4" />
      <path d="M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z" />
    </>
  ),
  // A cup on a stand.
  trophy: (
    <>
      <path d="M7 4h10v5a5 5 0 0 1-10 0z" />
      <path d="M7 6H4v1a3 3 0 0 0 3 3M17 6h3v1a3 3 0 0 1-3 3" />
      <path d="M12 14v4M8 21h8M9 18h6" />
    </>
  ),
};

/** The icon of a stage (JourneyStage.icon); a star for a name without a drawing. */
export function StageIcon({ name }: { name: string }) {
  return (
    <Svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={name}
    >
      {PATHS[name] ?? <path d="M12 3l2.7 5.6 6.1.8-4.5 4.2 1.1 6L12 16.8 6.6 19.6l1.1-6-4.5-4.2 6.1-.8z" />}
    </Svg>
  );
}
