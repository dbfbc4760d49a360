import { useState } from 'react';
import { useNavigate } from 'react-router';
import { href } from '@/platform/paths.ts';
import { Callout } from '@/ui/callout.tsx';
import { FilterBar } from '@/ui/filter-chips.tsx';
import { PageHeader } from '@/ui/page-header.tsx';
import '@/ui/panel.css';
import { useHotTerms } from '../api/get-hot-terms.ts';
import { SearchBox } from '../components/search-box.tsx';
import { TermLinks } from '../components/term-links.tsx';
import { addRecentTerm, clearRecentTerms, readRecentTerms } from '../recent-terms.ts';
import '../search.css';

/** `/searchPage`: the search field, my recent terms (on this device) and the site's hot terms. */
export function SearchPage() {
  const navigate = useNavigate();
  const hot = useHotTerms();
  const [recent, setRecent] = useState(readRecentTerms);

  const handleSearch = (q: string) => {
    addRecentTerm(q);
    navigate(href('searchResult', { q }));
  };
  const handleClear = () => {
    clearRecentTerms();
    setRecent([]);
  };

  return (
    <>
      <PageHeader />
      <FilterBar>
        <SearchBox autoFocus onSearch={handleSearch} />
      </FilterBar>
      <main className="page-body search-page">
        {recent.length > 0 ? (
          <section className="panel" aria-labelledby="search-recent-title">
            <div className="section-head">
              <h2 id="search-recent-title" className="panel-title">
                最近搜索
              </h2>
              <button type="button" className="text-button" onClick={handleClear}>
                清空
              </button>
            </div>
            <TermLinks terms={recent} label="最近搜索" />
          </section>
        ) : null}
        <section className="panel" aria-labelledby="search-hot-title">
          <h2 id="search-hot-title" className="panel-title">
            热门搜索
          </h2>
          {hot.isError ? (
            <Callout tone="warning" compact>
              热门搜索暂时没有加载出来。
            </Callout>
          ) : null}
          {hot.data ? (
            <TermLinks terms={hot.data.map((term) => term.term)} label="热门搜索" />
          ) : null}
        </section>
      </main>
    </>
  );
}
