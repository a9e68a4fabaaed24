// The summary counts every milestone of the five stages; the percentage is progressSummary's.
import { useId } from 'react';
import styled from 'styled-components';
import type { ProgressSummary } from '@toolkit/domain';
import { Stack } from '@toolkit/ui';

const Label = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;

const Track = styled.div`
  width: 100%;
  height: 12px;
  border: 1px solid ${({ theme }) => theme.colors.mutedText};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.surface};
  overflow: hidden;
`;

const Fill = styled.div<{ $percent: number }>`
  width: ${({ $percent }) => $percent}%;
  height: 100%;
  background: ${({ theme }) => theme.colors.primary};
`;

export interface ProgressSummaryBarProps {
  summary: ProgressSummary;
}

function progressLabel({ completed, total, percent }: ProgressSummary): string {
  return `${completed} of ${total} milestones · ${percent}%`;
}

export function ProgressSummaryBar({ summary }: ProgressSummaryBarProps) {
  const labelId = useId();
  const label = progressLabel(summary);
  return (
    <Stack gap={2}>
      <Label id={labelId}>
        Journey progress: <strong>{label}</strong>
      </Label>
      <Track
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={summary.percent}
        aria-valuetext={label}
      >
        <Fill $percent={summary.percent} />
      </Track>
    </Stack>
  );
}
