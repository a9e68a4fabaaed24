// A thin bar along the top of the window while the page asked for is checked and the one before
// stays on screen (guard-gate.tsx): it takes no room, so nothing moves under the reader, and a
// screen reader hears that the page is loading.
import styled, { keyframes } from 'styled-components';
import { VisuallyHidden } from '@toolkit/ui';

const advance = keyframes`
  from { transform: scaleX(0.1); }
  to { transform: scaleX(0.9); }
`;

const Bar = styled.div`
  position: fixed;
  inset: 0 0 auto 0;
  z-index: 1000;
  height: 3px;
  background: ${({ theme }) => theme.colors.focus};
  transform-origin: left;
  animation: ${advance} 2s ease-out forwards;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
    transform: scaleX(0.5);
  }
`;

export function PageProgress() {
  return (
    <div role="status">
      <Bar aria-hidden="true" />
      <VisuallyHidden>Loading the page…</VisuallyHidden>
    </div>
  );
}
