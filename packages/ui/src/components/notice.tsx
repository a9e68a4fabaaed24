import { useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './button';

const Box = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px;
  margin-bottom: ${({ theme }) => theme.space[4]}px;
  padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[3]}px`};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 6px solid ${({ theme }) => theme.colors.link};
  border-radius: ${({ theme }) => theme.radii.small};
`;

const Text = styled.p`
  margin: 0;
  flex: 1 1 16rem;
  overflow-wrap: anywhere;
`;

/**
 * A one-line notice of why the person is on this page (what was not found, what is needed first),
 * announced to screen readers and dismissable. The words arrive once the live region is in the
 * page, so they are read out rather than taken as the region's starting content.
 */
export function Notice({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<'pending' | 'shown' | 'dismissed'>('pending');
  useEffect(() => setShown((now) => (now === 'pending' ? 'shown' : now)), []);
  if (shown === 'dismissed') return null;
  return (
    <Box role="status">
      {shown === 'shown' && (
        <>
          <Text>{children}</Text>
          <Button type="button" variant="secondary" onClick={() => setShown('dismissed')}>
            Dismiss
          </Button>
        </>
      )}
    </Box>
  );
}
