import type { ContentType } from '@portal/contract';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { idParam } from '@/lib/id-param.ts';
import { type Detail, useDetail } from '@/platform/queries/detail.ts';
import { ShareButton } from '@/platform/share-button.tsx';
import { FavouriteButton } from './favourite-button.tsx';
import { PageHeader } from './page-header.tsx';
import { PageSkeleton } from './page-skeleton.tsx';
import { LoadFailed, StateView, type StateWay } from './state-view.tsx';

/** Loads the detail named by the address's `id` parameter; no id or a malformed one is missing. */
export function useDetailById<T, K extends QueryKey>(
  optionsOf: (id: number) => UseQueryOptions<T, Error, T, K>,
): Detail<T> {
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  return useDetail(id, optionsOf(id ?? 0));
}

/** What a detail page says when its item is missing: `<what>不存在或已下线` and the way on. */
export interface MissingText {
  /** The kind of item, as the titles name it: 班级, 课程, 电子书. */
  what: string;
  description?: string;
  way: StateWay;
}

/**
 * The designed state of a detail that is not there to show: missing (quiet, with the way on),
 * failed (with 重试) or loading; nothing once it is ready.
 */
export function DetailState({
  detail,
  missing,
  loading = <PageSkeleton />,
}: {
  detail: Detail<unknown>;
  missing: MissingText;
  loading?: ReactNode;
}) {
  switch (detail.status) {
    case 'missing':
      return (
        <StateView
          kind="missing"
          title={`${missing.what}不存在或已下线`}
          description={missing.description}
          way={missing.way}
        />
      );
    case 'failed':
      return <LoadFailed title={`${missing.what}没有加载出来`} onRetry={detail.retry} />;
    case 'loading':
      return loading;
    case 'ready':
      return null;
  }
}

/**
 * The page of one item (a class, a course, a book, an activity, a topic): the header with the
 * item's actions, then the item, or its designed missing, loading or error state.
 */
export function DetailPage<T>({
  detail,
  missing,
  title,
  actions,
  loading,
  children,
}: {
  detail: Detail<T>;
  missing: MissingText;
  /** The header's title once the item is there; the route's title until then (and unless given). */
  title?: (item: T) => string;
  /** The header's actions once the item is there. */
  actions?: (item: T) => ReactNode;
  /** What shows while the item loads; grey blocks unless given. */
  loading?: ReactNode;
  children: (item: T) => ReactNode;
}) {
  const item = detail.data;
  return (
    <>
      <PageHeader
        title={item !== undefined && title ? title(item) : undefined}
        right={item !== undefined && actions ? actions(item) : null}
      />
      {detail.status === 'ready' ? (
        children(detail.data)
      ) : detail.status === 'loading' ? (
        (loading ?? <PageSkeleton />)
      ) : (
        <main className="page-body">
          <DetailState detail={detail} missing={missing} />
        </main>
      )}
    </>
  );
}

/** 收藏 and 分享 of an item, for a detail page's header. */
export function FavouriteAndShare({
  type,
  item,
}: {
  type: ContentType;
  item: { id: number; title: string; cover: string | null };
}) {
  return (
    <>
      <FavouriteButton contentType={type} contentId={item.id} />
      <ShareButton title={item.title} pic={item.cover ?? undefined} />
    </>
  );
}

/**
 * A titled section of a detail page (its heading labels it), in the caller's own class; a new
 * page takes {@link Panel} (ui/panel.tsx), the shared look of such a section.
 */
export function DetailSection({
  id,
  title,
  className,
  children,
}: {
  /** The heading's id. */
  id: string;
  title: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
