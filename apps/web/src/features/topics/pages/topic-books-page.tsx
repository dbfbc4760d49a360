import { ErrorCode } from '@portal/contract/constants';
import { useSearchParams } from 'react-router';
import { href, paths } from '@/platform/paths.ts';
import { ApiError } from '@/platform/request.ts';
import { BookCard, BookGridSkeleton } from '@/ui/book-card.tsx';
import { PageHeader } from '@/ui/page-header.tsx';
import { PagedList, pagedItems } from '@/ui/paged-list.tsx';
import { HOME_WAY, StateView } from '@/ui/state-view.tsx';
import { useTopic } from '../api/get-topic.ts';
import { useTopicEbooks } from '../api/get-topic-ebooks.ts';
import { topicParam } from '../lib/topic-slug.ts';
import '@/ui/chips.css';
import '@/ui/panel.css';

/**
 * `/zhuanti/2024/moreBook?topic=<year>/<name>`: all e-books of a topic (2024 家庭教育 when the
 * address names none), with infinite scroll.
 */
export function TopicBooksPage() {
  const [params] = useSearchParams();
  const slug = topicParam(params.get('topic'));
  const topic = useTopic(slug);
  const books = useTopicEbooks(slug);
  const { total } = pagedItems(books);
  const missing =
    slug === null ||
    (books.error instanceof ApiError &&
      (books.error.code === ErrorCode.notFound || books.error.code === ErrorCode.invalid));

  return (
    <>
      <PageHeader />
      {missing ? (
        <main className="page-body">
          <StateView
            kind="missing"
            title="专题不存在或已下线"
            description="看看首页的其他内容吧。"
            way={HOME_WAY}
          />
        </main>
      ) : (
        <main className="page-body">
          {topic.data ? (
            <div className="section-head">
              <h2 className="panel-title">{topic.data.title}</h2>
              {books.isSuccess ? <span className="list-count">共 {total} 本</span> : null}
            </div>
          ) : null}
          <PagedList
            query={books}
            className="book-grid"
            skeleton={<BookGridSkeleton />}
            errorTitle="书单没有加载出来"
            empty={
              <StateView
                kind="empty"
                title="这个专题还没有电子书"
                description="敬请期待。"
                way={{ to: paths.ebookList, label: '看看全部电子书' }}
              />
            }
            pullToRefresh
          >
            {(book) => (
              <li key={book.id}>
                <BookCard book={book} to={href('ebookDetail', { id: book.id })} />
              </li>
            )}
          </PagedList>
        </main>
      )}
    </>
  );
}
