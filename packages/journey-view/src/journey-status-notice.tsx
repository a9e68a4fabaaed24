import styled from 'styled-components';
import { Loading } from '@toolkit/data';
import { ErrorPanel } from '@toolkit/ui';
import type { JourneyState } from './use-journey';

const Pending = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  color: ${({ theme }) => theme.colors.mutedText};
`;

export type JourneyStatusNoticeProps = Pick<JourneyState, 'status' | 'error' | 'reload'>;

/** Says that the progress is loading or could not be loaded; the stages shown are then the defaults. */
export function JourneyStatusNotice({ status, error, reload }: JourneyStatusNoticeProps) {
  if (status === 'loading') {
    return (
      <Pending>
        <Loading label="Loading your journey progress…" />
        <span aria-hidden="true">Loading your progress…</span>
      </Pending>
    );
  }
  if (status === 'error') {
    return (
      <ErrorPanel
        title="We couldn't load your journey progress"
        message={`${error || 'Unknown error.'} Until it loads, the stages below show where every journey starts.`}
        onRetry={reload}
      />
    );
  }
  return null;
}
