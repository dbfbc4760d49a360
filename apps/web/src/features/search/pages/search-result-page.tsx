import type { SearchType } from '@portal/contract';
import { Tabs } from 'antd-mobile';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { CONTENT_TYPE_LABELS } from '@/platform/content-links.ts';
import { PageHeader } from '@/ui/page-header.tsx';
import { PagedList, pagedItems } from '@/ui/paged-list.tsx';
import { StateView } from '@/ui/state-view.tsx';
import '@/ui/chips.css';
import { useHotTerms } from '../api/get-hot-terms.ts';
import { useSearch } from '../api/get-search.ts';
import { SearchBox } from '../components/search-box.tsx';
import { SearchResultCard } from '../components/search-result-card.tsx';
import { TermLinks } from '../components/term-links.tsx';
import { addRecentTerm } from '../recent-terms.ts';
import '../search.css';

const tabs: readonly { type: SearchType; title: string }[] = [
  { type: 'all', title: '全部' },
  ...(['course', 'class', 'activity', 'ebook', 'live', 'article'] as const).map((type) => ({
    type,
    title: CONTENT_TYPE_LABELS[type],
  })),
];

const isType = (value: string | null): value is SearchType =>
  tabs.some((tab) => tab.type === value);

/** The query and the tab live in the address (`?q=&type=`), so results are shareable. */
function useResultParams() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const raw = params.get('type');
  const type: SearchType = isType(raw) ? raw : 'all';
  const update = (next: { q?: string; type?: SearchType }) => {
    const merged = { q, type, ...next };
    const search = new URLSearchParams({ q: merged.q });
    if (merged.type !== 'all') search.set('type', merged.type);
    setParams(search, { replace: true });
  };
  return { q, type, update };
}

/** Hot terms to try after a search that found nothing. */
function TryInstead() {
  const hot = useHotTerms();
  if (!hot.data || hot.data.length === 0) return null;
  return <TermLinks terms={hot.data.map((term) => term.term)} label="试试这些热门搜索" />;
}

/**
 * `/searchResult?q=&type=` (kept alive): the site's courses, classes, activities and e-books matching the query, by
 * type, with the matching parts of each title marked; infinite scroll.
 */
export function SearchResultPage() {
  const { q, type, update } = useResultParams();
  const results = useSearch({ q, type });
  const { list, total } = pagedItems(results);

  useEffect(() => {
    if (q !== '') addRecentTerm(q);
  }, [q]);

  return (
    <>
      <PageHeader />
      <div className="search-result-top">
        <SearchBox key={q} initial={q} onSearch={(next) => update({ q: next })} />
        <Tabs activeKey={type} onChange={(key) => update({ type: isType(key) ? key : 'all' })}>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.type} title={tab.title} />
          ))}
        </Tabs>
      </div>
      <main className="page-body search-results">
        {q === '' ? (
          <StateView kind="empty" title="请输入搜索内容" description="输入课程或班级的名称试试。" />
        ) : null}
        {list.length > 0 ? (
          <p className="list-count" aria-live="polite">
            找到 {total} 条结果
          </p>
        ) : null}
        {q !== '' ? (
          <PagedList
            query={results}
            errorTitle="搜索结果没有加载出来"
            empty={
              <StateView
                kind="empty"
                title="没有找到相关内容"
                description={`没有与“${q}”相关的课程或班级，换个词试试，或看看大家都在搜：`}
              >
                <TryInstead />
              </StateView>
            }
          >
            {(result) => (
              <li key={`${result.type}-${result.id}`}>
                <SearchResultCard result={result} />
              </li>
            )}
          </PagedList>
        ) : null}
      </main>
    </>
  );
}
