// The end of a paged list (an infinite query): the next page's failure with Try again, or
// "Load more" while there is a next page.
import type { ReactNode } from 'react';
import { LoadError } from '@toolkit/data';
import { Button } from '@toolkit/ui';

/** What LoadMore reads of an RTK Query infinite query's result. */
export interface PagedList {
  error?: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

export function LoadMore({
  list,
  doing,
  hiddenLabel,
}: {
  list: PagedList;
  /** What failed, for the error: "load more reviews". */
  doing: string;
  /** Read after "Load more" by screen readers where several lists share a page. */
  hiddenLabel?: ReactNode;
}) {
  if (list.isFetchNextPageError)
    return <LoadError error={list.error} doing={doing} onRetry={() => void list.fetchNextPage()} />;
  if (!list.hasNextPage) return null;
  return (
    <div>
      <Button
        type="button"
        variant="secondary"
        disabled={list.isFetchingNextPage}
        onClick={() => void list.fetchNextPage()}
      >
        {list.isFetchingNextPage ? 'Loading more…' : 'Load more'}
        {hiddenLabel}
      </Button>
    </div>
  );
}
