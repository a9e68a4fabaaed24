import styled from 'styled-components';

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

export function Progress({ current, total }: { current: number; total: number }) {
  const text = `Question ${current} of ${total}`;
  return (
    <div>
      <Caption aria-hidden="true">{text}</Caption>
      <Track
        role="progressbar"
        aria-label="Survey progress"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={current}
        aria-valuetext={text}
      >
        <Fill style={{ width: `${(current / total) * 100}%` }} />
      </Track>
    </div>
  );
}
