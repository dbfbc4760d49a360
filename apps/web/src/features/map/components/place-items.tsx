import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { idParam } from '@/lib/id-param.ts';
import { paths } from '@/platform/paths.ts';
import { CardLine, ContentCard } from '@/ui/content-card.tsx';
import { PageHeader } from '@/ui/page-header.tsx';
import { PagedList } from '@/ui/paged-list.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { type PlaceItems, usePlaceItems } from '../api/get-places.ts';
import '../map.css';

/** One of a place's lists (`?id=` the place), paged, each item drawn by `children`. */
export function PlaceItemsPage<K extends keyof PlaceItems>({
  kind,
  what,
  children,
}: {
  kind: K;
  /** 课程, 活动, 项目. */
  what: string;
  children: (item: PlaceItems[K], index: number) => ReactNode;
}) {
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const list = usePlaceItems(kind, id);
  return (
    <>
      <PageHeader />
      <main className="page-body map-page">
        {id === null ? (
          <StateView
            kind="missing"
            title="地点不存在或已下线"
            way={{ to: paths.map, label: '打开学习地图' }}
          />
        ) : (
          <PagedList
            query={list}
            empty={
              <StateView
                kind="empty"
                title={`这里暂时没有${what}`}
                way={{ to: paths.map, label: '看看其他地点' }}
              />
            }
          >
            {children}
          </PagedList>
        )}
      </main>
    </>
  );
}

/** A course, activity or class of a place: its card with two lines, opening its page. */
export function PlaceItemCard({
  to,
  item,
  lines: [first, second],
}: {
  to: string;
  item: { cover: string | null; title: string };
  lines: readonly [ReactNode, ReactNode];
}) {
  return (
    <li>
      <ContentCard to={to} cover={item.cover} title={item.title}>
        <CardLine>{first}</CardLine>
        <CardLine>{second}</CardLine>
      </ContentCard>
    </li>
  );
}
