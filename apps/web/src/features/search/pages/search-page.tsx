import { useState } from 'react';
import { useNavigate } from 'react-router';
import { href } from '@/platform/paths.ts';
import { PageHeader } from '@/ui/page-header.tsx';
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
      <main className="page-body search-page">
        <SearchBox autoFocus onSearch={handleSearch} />
        {recent.length > 0 ? (
          <section className="search-section" aria-labelledby="search-recent-title">
            <div className="search-section-head">
              <h2 id="search-recent-title">最近搜索</h2>
              <button type="button" className="text-button" onClick={handleClear}>
                清空
              </button>
            </div>
            <TermLinks terms={recent} label="最近搜索" />
          </section>
        ) : null}
        <section className="search-section" aria-labelledby="search-hot-title">
          <div className="search-section-head">
            <h2 id="search-hot-title">热门搜索</h2>
          </div>
          {hot.isError ? <p className="search-muted">热门搜索暂时没有加载出来。</p> : null}
          {hot.data ? (
            <TermLinks terms={hot.data.map((term) => term.term)} label="热门搜索" />
          ) : null}
        </section>
      </main>
    </>
  );
}
