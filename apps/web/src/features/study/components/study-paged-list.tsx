import type { Page } from '@portal/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { InfiniteScroll } from 'antd-mobile';
import type { ReactNode } from 'react';
import { PageSkeleton } from '@/ui/page-skeleton.tsx';
import { StateView } from '@/ui/state-view.tsx';

/**
 * One of the study tab's lists: a skeleton while it loads, a retry when it fails, its own empty
 * state, else its items, loading more pages as the learner scrolls.
 */
export function StudyPagedList<T>({
  query,
  empty,
  className,
  children,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  empty: { title: string; description: string; action: ReactNode };
  className: string;
  children: (item: T) => ReactNode;
}) {
  const list = query.data?.pages.flatMap((page) => page.list) ?? [];
  if (query.isPending) return <PageSkeleton />;
  if (query.isError && list.length === 0) {
    return (
      <StateView kind="error" title="没有加载出来" description="请检查网络后重试。">
        <button type="button" className="link-button primary" onClick={() => query.refetch()}>
          重试
        </button>
      </StateView>
    );
  }
  if (list.length === 0) {
    return (
      <StateView kind="empty" title={empty.title} description={empty.description}>
        {empty.action}
      </StateView>
    );
  }
  return (
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
}
