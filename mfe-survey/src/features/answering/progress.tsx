import styled from 'styled-components';
import { progressCaption, progressPercent, type SlideProgress } from '@toolkit/domain';

const Track = styled.div`
  height: 8px;
  border-radius: 4px;
  background: ${({ theme }) => theme.colors.border};
  overflow: hidden;
`;

const Fill = styled.div`
  height: 100%;
  background: ${({ theme }) => theme.colors.primary};
`;

const Caption = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[2]}px;
  color: ${({ theme }) => theme.colors.mutedText};
`;

/** The caption and bar the shell's early slide draws alike (shell/src/early-slide/render.ts). */
export function Progress({ progress }: { progress: SlideProgress }) {
  const text = progressCaption(progress);
  const percent = progressPercent(progress);
  return (
    <div>
      <Caption aria-hidden="true">{text}</Caption>
      <Track
        role="progressbar"
        aria-label="Survey progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
      >
        <Fill style={{ width: `${percent}%` }} />
      </Track>
    </div>
  );
}
