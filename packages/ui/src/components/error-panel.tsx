import styled from 'styled-components';
import { Button } from './button';
import { Card } from './layout';

const Panel = styled(Card)`
  border-left: 6px solid ${({ theme }) => theme.colors.danger};
`;

const Title = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space[2]}px;
  font-size: 1.25rem;
`;

const Message = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[4]}px;
`;

export interface ErrorPanelProps {
  title?: string;
  message: string;
  /** When given, a "Try again" button calls it. */
  onRetry?: () => void;
  retryLabel?: string;
}

export function ErrorPanel({
  title = 'Something went wrong',
  message,
  onRetry,
  retryLabel = 'Try again',
}: ErrorPanelProps) {
  return (
    <Panel role="alert">
      <Title>{title}</Title>
      <Message>{message}</Message>
      {onRetry && <Button onClick={() => onRetry()}>{retryLabel}</Button>}
    </Panel>
  );
}
