import type { Page } from '@portal/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { InfiniteScroll } from 'antd-mobile';
import { lazy, type ReactNode, Suspense } from 'react';
import { PageSkeleton } from './page-skeleton.tsx';
import { RetryButton, StateView } from './state-view.tsx';

/**
 * Pull to refresh, loaded beside the list rather than before it: the list shows (and is the
 * page's largest paint) while the gesture code arrives, then the same items move into it.
 */
const PullToRefresh = lazy(() =>
  import('./pull-to-refresh.tsx').then((module) => ({ default: module.PullToRefresh })),
);

/**
 * A list fed by a paged (infinite) query: `skeleton` while the first page loads, an error with a
 * retry when nothing could be loaded, `empty` when there is nothing, else the items (`children`
 * renders each one's `<li>`) in a `<ul>`, loading the next page as the learner scrolls;
 * `pullToRefresh` reloads the list when pulled down.
 */
export function PagedList<T>({
  query,
  className = 'card-list',
  empty,
  errorTitle = '没有加载出来',
  skeleton = <PageSkeleton />,
  pullToRefresh = false,
  children,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  /** The list's class: a column of cards unless said (`book-grid`...). */
  className?: string;
  empty: ReactNode;
  errorTitle?: string;
  skeleton?: ReactNode;
  pullToRefresh?: boolean;
  children: (item: T, index: number) => ReactNode;
}) {
  const { list } = pagedItems(query);
  if (query.isPending) return skeleton;
  if (list.length === 0) {
    if (!query.isError) return empty;
    return (
      <StateView kind="error" title={errorTitle} description="请检查网络后重试。">
        <RetryButton onRetry={() => void query.refetch()} />
      </StateView>
    );
  }
  const items = (
    <>
      <ul className={className}>{list.map(children)}</ul>
      <InfiniteScroll
        hasMore={query.hasNextPage}
        loadMore={async () => {
          await query.fetchNextPage({ throwOnError: true });
        }}
      />
    </>
  );
  if (!pullToRefresh) return items;
  return (
    <Suspense fallback={items}>
      <PullToRefresh onRefresh={async () => void (await query.refetch())}>{items}</PullToRefresh>
    </Suspense>
  );
}

/** The items of a paged query loaded so far, and the total the server counts. */
export function pagedItems<T>(query: UseInfiniteQueryResult<InfiniteData<Page<T>>>) {
  return {
    list: query.data?.pages.flatMap((page) => page.list) ?? [],
    total: query.data?.pages[0]?.total ?? 0,
  };
}
