import type { ReactNode } from 'react';
import { ErrorPanel, Spinner } from '@toolkit/ui';
import type { Resource } from './use-resource';
import { describeError } from './errors';

/** The loading and failed states every screen shares; renders `children(data)` once ready. */
export function Loaded<T>({
  resource,
  doing,
  onRetry,
  children,
}: {
  resource: Resource<T>;
  /** Completes "We couldn't …", e.g. "load your profile". */
  doing: string;
  onRetry: () => void;
  children: (data: T) => ReactNode;
}) {
  if (resource.status === 'loading') return <Spinner />;
  if (resource.status === 'error') {
    return <ErrorPanel message={describeError(resource.error, doing)} onRetry={onRetry} />;
  }
  return <>{children(resource.data)}</>;
}
