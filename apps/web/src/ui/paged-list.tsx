import type { Page } from '@portal/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { InfiniteScroll } from 'antd-mobile';
import { type ReactNode, startTransition, useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { pagedItems } from '@/platform/queries/paged.ts';
import { afterPaint } from './after-paint.ts';
import { ContentCard } from './content-card.tsx';
import { PageSkeleton } from './page-skeleton.tsx';
import { LoadFailed } from './state-view.tsx';

type PullToRefreshKit = typeof import('./pull-to-refresh.tsx')['PullToRefresh'];

let pullToRefreshKit: PullToRefreshKit | null = null;

/**
 * Pull to refresh (about 25 KB of animation and gesture code), once the list has painted: the
 * list shows first, then the same items move into it. Asked for during the render (as `lazy`
 * does), its chunks would be on the wire before the list's first paint and delay it on a slow
 * network; null until it is there, and for good when it cannot be downloaded.
 */
function usePullToRefreshKit(wanted: boolean): PullToRefreshKit | null {
  const [kit, setKit] = useState(() => pullToRefreshKit);
  useEffect(() => {
    if (!wanted || kit) return;
    let live = true;
    const cancel = afterPaint(() => {
      import('./pull-to-refresh.tsx').then(
        (module) => {
          pullToRefreshKit = module.PullToRefresh;
          // Drawn as a transition, in slices: the list is on screen already.
          if (live) startTransition(() => setKit(() => module.PullToRefresh));
        },
        () => {},
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [wanted, kit]);
  return kit;
}

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
  const PullToRefresh = usePullToRefreshKit(pullToRefresh && list.length > 0);
  if (query.isPending) return skeleton;
  if (list.length === 0) {
    if (!query.isError) return empty;
    return <LoadFailed title={errorTitle} onRetry={() => void query.refetch()} />;
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
    <KeptInPlace
      wrap={(slot) =>
        PullToRefresh ? (
          <PullToRefresh onRefresh={async () => void (await query.refetch())}>{slot}</PullToRefresh>
        ) : (
          slot
        )
      }
    >
      {items}
    </KeptInPlace>
  );
}

/**
 * A paged list of cards with their 16:9 cover across the top (ContentCard's `.banner`: the
 * experience bases, the walks): each item links to `to(item)` under `title(item)`, with the
 * lines `children` renders; `className` is the cards' own name.
 */
export function BannerList<T extends { id: number; cover: string | null }>({
  query,
  empty,
  to,
  title,
  className,
  children,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  empty: ReactNode;
  to: (item: T) => string;
  title: (item: T) => ReactNode;
  className: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <PagedList query={query} empty={empty}>
      {(item) => (
        <li key={item.id}>
          <ContentCard
            to={to(item)}
            cover={item.cover}
            coverSize={[640, 360]}
            className={`banner ${className}`}
            title={title(item)}
          >
            {children(item)}
          </ContentCard>
        </li>
      )}
    </PagedList>
  );
}

/**
 * `children` rendered into an element of their own that moves, as it is, into whichever slot
 * `wrap` renders: when pull to refresh arrives around a list already on screen, the list's
 * elements stay the same ones (a tap or a scroll in progress carries on) instead of being
 * rebuilt inside it.
 */
function KeptInPlace({
  wrap,
  children,
}: {
  wrap: (slot: ReactNode) => ReactNode;
  children: ReactNode;
}) {
  const [node] = useState(() => document.createElement('div'));
  const place = useCallback(
    (slot: HTMLDivElement | null) => {
      if (slot && node.parentNode !== slot) slot.append(node);
    },
    [node],
  );
  return (
    <>
      {wrap(<div ref={place} />)}
      {createPortal(children, node)}
    </>
  );
}

// Where the lists' pages read their items from (it lives beside the paged queries).
export { pagedItems };
