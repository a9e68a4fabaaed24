// The loading, failed and empty states every screen shares, around what a query answered.
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card, ErrorPanel, MutedText, Spinner } from '@toolkit/ui';
import { describeError } from './errors';

/** The part of an RTK Query hook's result the views read. */
export interface QueryLike<T> {
  data?: T;
  error?: unknown;
  isError: boolean;
  refetch: () => unknown;
}

/** A spinner in the place the content will take. */
export function Loading({ label }: { label?: string }) {
  return <Spinner label={label} />;
}

/** A failure in the product's words with "Try again". */
export function LoadError({ error, doing, onRetry }: { error: unknown; doing: string; onRetry: () => void }) {
  return <ErrorPanel message={describeError(error, doing)} onRetry={onRetry} />;
}

const EmptyCard = styled(Card)`
  text-align: center;
`;

/** Nothing to show yet, said plainly, with what to do about it when there is something. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <EmptyCard role="status">
      <MutedText>{children}</MutedText>
      {action}
    </EmptyCard>
  );
}

/**
 * Renders `children(data)` once the query has answered; until then the shared loading state, on
 * failure the shared error with "Try again" (`doing` completes "We couldn't …"). With `isEmpty`,
 * an answer with nothing in it shows `empty` in the shared empty state instead. Data already shown
 * stays on screen while it is fetched again.
 */
export function QueryView<T>({
  query,
  doing,
  isEmpty,
  empty,
  children,
}: {
  query: QueryLike<T>;
  doing: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.data === undefined) {
    if (query.isError)
      return <LoadError error={query.error} doing={doing} onRetry={() => void query.refetch()} />;
    return <Loading />;
  }
  if (isEmpty?.(query.data)) return <EmptyState>{empty}</EmptyState>;
  return <>{children(query.data)}</>;
}
