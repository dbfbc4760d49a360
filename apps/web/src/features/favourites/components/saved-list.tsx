import type { ContentType } from '@portal/contract';
import { Tabs } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { formatDate } from '@/lib/format-date.ts';
import { CONTENT_TYPE_LABELS, contentHref } from '@/platform/content-links.ts';
import { paths } from '@/platform/paths.ts';
import { CardLine, ContentCard } from '@/ui/content-card.tsx';
import '@/ui/actions.css';
import { PageHeader } from '@/ui/page-header.tsx';
import { PagedList } from '@/ui/paged-list.tsx';
import { Panel } from '@/ui/panel.tsx';
import { StateView } from '@/ui/state-view.tsx';
import {
  type SavedItem,
  type SavedKind,
  useClearSaved,
  useRemoveSaved,
  useSavedList,
} from '../api/saved-lists.ts';
import '../favourites.css';

const TABS: ReadonlyArray<{ key: 'all' | ContentType; title: string }> = [
  { key: 'all', title: '全部' },
  ...(['course', 'class', 'activity', 'ebook', 'live', 'article'] as const).map((key) => ({
    key,
    title: CONTENT_TYPE_LABELS[key],
  })),
];

/** What each list says: its time label, its remove wording and its empty state. */
const WORDS: Record<
  SavedKind,
  { when: string; remove: string; clear: string; emptyTitle: string; emptyText: string }
> = {
  favourites: {
    when: '收藏于',
    remove: '取消收藏',
    clear: '清空收藏',
    emptyTitle: '还没有收藏',
    emptyText: '在课程、班级、活动、直播或文章页面点“收藏”，就能在这里找到它。',
  },
  history: {
    when: '浏览于',
    remove: '删除',
    clear: '清空足迹',
    emptyTitle: '还没有学习足迹',
    emptyText: '看过的课程、活动、直播和文章会按时间记在这里。',
  },
};

/**
 * A round button for what cannot be undone, done on the second tap: the first arms it (red,
 * 确认…), and it disarms after 4 s or when focus leaves it. `onConfirm` gets the way to disarm it.
 * `item` names what it acts on for screen readers.
 */
function SecondTapButton({
  label,
  item,
  pending,
  onConfirm,
}: {
  label: string;
  item?: string;
  pending: boolean;
  onConfirm: (disarm: () => void) => void;
}) {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!armed) return;
    const timer = window.setTimeout(() => setArmed(false), 4000);
    return () => window.clearTimeout(timer);
  }, [armed]);
  const disarm = () => setArmed(false);
  const text = armed ? `确认${label}` : label;
  return (
    <button
      type="button"
      className={armed ? 'pill-button quiet armed' : 'pill-button quiet'}
      disabled={pending}
      onClick={() => (armed ? onConfirm(disarm) : setArmed(true))}
      onBlur={disarm}
      aria-label={item ? `${text}：${item}` : undefined}
    >
      {text}
    </button>
  );
}

function SavedRow({ kind, item }: { kind: SavedKind; item: SavedItem }) {
  const remove = useRemoveSaved(kind);
  const words = WORDS[kind];
  const time = 'viewedAt' in item ? item.viewedAt : item.createdAt;
  return (
    <Panel as="li" compact stack className="saved-item">
      <ContentCard
        to={contentHref(item.contentType, item.contentId)}
        cover={item.cover}
        coverSize={[112, 70]}
        book={item.contentType === 'ebook'}
        title={item.title}
        className="saved-item-link clamp ellipsis"
        titleClassName="saved-item-title"
      >
        <CardLine>
          <span className="content-type">{CONTENT_TYPE_LABELS[item.contentType]}</span>
          {item.subtitle}
        </CardLine>
        <CardLine>
          {words.when} {formatDate(time, 'yyyy-MM-dd hh:mm')}
        </CardLine>
      </ContentCard>
      <SecondTapButton
        label={words.remove}
        item={item.title}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate({ contentType: item.contentType, contentId: item.contentId })
        }
      />
    </Panel>
  );
}

function ClearAll({ kind }: { kind: SavedKind }) {
  const clear = useClearSaved(kind);
  return (
    <SecondTapButton
      label={WORDS[kind].clear}
      pending={clear.isPending}
      onConfirm={(disarm) => clear.mutate(undefined, { onSettled: disarm })}
    />
  );
}

function SavedTab({ kind, contentType }: { kind: SavedKind; contentType?: ContentType }) {
  const words = WORDS[kind];
  return (
    <PagedList
      query={useSavedList(kind, contentType)}
      empty={
        <StateView
          kind="empty"
          title={words.emptyTitle}
          description={words.emptyText}
          way={{ to: paths.courseList, label: '去看看课程' }}
        />
      }
    >
      {(item) => <SavedRow key={`${item.contentType}-${item.contentId}`} kind={kind} item={item} />}
    </PagedList>
  );
}

/** The page of one of the learner's lists, with tabs by content type and a clear-all. */
export function SavedListPage({ kind }: { kind: SavedKind }) {
  const [tab, setTab] = useState<'all' | ContentType>('all');
  return (
    <>
      <PageHeader right={<ClearAll kind={kind} />} />
      <main className="saved-page">
        <Tabs
          className="saved-tabs"
          activeKey={tab}
          onChange={(key) => setTab(key as 'all' | ContentType)}
        >
          {TABS.map((entry) => (
            <Tabs.Tab key={entry.key} title={entry.title} />
          ))}
        </Tabs>
        <div className="page-body" role="tabpanel">
          <SavedTab kind={kind} contentType={tab === 'all' ? undefined : tab} />
        </div>
      </main>
    </>
  );
}
