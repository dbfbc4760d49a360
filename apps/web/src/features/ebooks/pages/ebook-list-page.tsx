import { useEffect, useState } from 'react';
import { idParam } from '@/lib/id-param.ts';
import { href } from '@/platform/paths.ts';
import { BookCard, BookGridSkeleton } from '@/ui/book-card.tsx';
import { FilterBar, FilterChips, useFilterParams } from '@/ui/filter-chips.tsx';
import { PageHeader } from '@/ui/page-header.tsx';
import { PagedList, pagedItems } from '@/ui/paged-list.tsx';
import { SearchField } from '@/ui/search-field.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useEbookCategories } from '../api/get-ebook-categories.ts';
import { useEbooks } from '../api/get-ebooks.ts';
import '../ebooks.css';

const KEYWORD_MAX = 50;

/** The filters in the address (`?categoryId=&keyword=`). */
const shelfFilters = (params: URLSearchParams) => ({
  categoryId: idParam(params.get('categoryId')) ?? undefined,
  keyword: params.get('keyword')?.trim().slice(0, KEYWORD_MAX) || undefined,
});

/** Books a phone shows before scrolling (two rows of the grid): their covers load first. */
const FIRST_SCREEN = 4;

/**
 * `/moreEBook` (kept alive): the site's e-books by category and keyword, newest first, as a
 * shelf of covers with infinite scroll.
 */
export function EbookListPage() {
  const { filters, update } = useFilterParams(shelfFilters);
  const { categoryId, keyword } = filters;
  const categories = useEbookCategories();
  const books = useEbooks(filters);
  const { list, total } = pagedItems(books);
  const allCount = categories.data?.reduce((sum, category) => sum + category.count, 0);
  const [draft, setDraft] = useState(keyword ?? '');

  // The box follows the address (back and forward, a shared link).
  useEffect(() => setDraft(keyword ?? ''), [keyword]);

  return (
    <>
      <PageHeader />
      <FilterBar>
        <SearchField
          label="搜索电子书"
          placeholder="书名、作者或出版社"
          maxLength={KEYWORD_MAX}
          value={draft}
          onChange={setDraft}
          onSearch={(words) => update({ keyword: words || undefined })}
        />
        {categories.isPending ? null : (
          <FilterChips
            legend="电子书分类"
            options={[{ id: 0, name: '全部', count: allCount }, ...(categories.data ?? [])].map(
              (category) => ({ value: category.id, label: category.name, count: category.count }),
            )}
            value={categoryId ?? 0}
            onChange={(id) => update({ categoryId: id || undefined })}
          />
        )}
      </FilterBar>
      {/* Until the chips are in, one skeleton: nothing moves down when they arrive. */}
      {categories.isPending ? (
        <div className="page-body ebook-shelf" key="waiting">
          <BookGridSkeleton />
        </div>
      ) : (
        <main className="page-body ebook-shelf">
          {books.isSuccess && (keyword || list.length > 0) ? (
            <p className="list-count">
              {keyword ? <>“{keyword}”的搜索结果，</> : null}共 {total} 本
              {keyword ? (
                <button
                  type="button"
                  className="text-button"
                  onClick={() => update({ keyword: undefined })}
                >
                  清除搜索
                </button>
              ) : null}
            </p>
          ) : null}
          <PagedList
            query={books}
            className="book-grid"
            skeleton={<BookGridSkeleton />}
            errorTitle="电子书没有加载出来"
            empty={
              keyword ? (
                <StateView
                  kind="missing"
                  title="没有找到相关的电子书"
                  description="换个关键词试试，或者看看全部电子书。"
                >
                  <button
                    type="button"
                    className="link-button primary"
                    onClick={() => update({ keyword: undefined, categoryId: undefined })}
                  >
                    看看全部电子书
                  </button>
                </StateView>
              ) : (
                <StateView
                  kind="empty"
                  title="暂无电子书"
                  description="这个分类还没有电子书，看看其他分类吧。"
                />
              )
            }
            pullToRefresh
          >
            {(book, index) => (
              <li key={book.id}>
                <BookCard
                  book={book}
                  to={href('ebookDetail', { id: book.id })}
                  priority={index < FIRST_SCREEN}
                />
              </li>
            )}
          </PagedList>
        </main>
      )}
    </>
  );
}
