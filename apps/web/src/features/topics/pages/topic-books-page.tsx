import { ErrorCode } from '@portal/contract/constants';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { Link, useSearchParams } from 'react-router';
import { href, paths } from '@/platform/paths.ts';
import { ApiError } from '@/platform/request.ts';
import { BookCard, BookGridSkeleton } from '@/ui/book-card.tsx';
import { PageHeader } from '@/ui/page-header.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useTopic } from '../api/get-topic.ts';
import { useTopicEbooks } from '../api/get-topic-ebooks.ts';
import { topicParam } from '../lib/topic-slug.ts';
import '../topics.css';

/**
 * `/zhuanti/2024/moreBook?topic=<year>/<name>`: all e-books of a topic (2024 家庭教育 when the
 * address names none), with infinite scroll.
 */
export function TopicBooksPage() {
  const [params] = useSearchParams();
  const slug = topicParam(params.get('topic'));
  const topic = useTopic(slug);
  const books = useTopicEbooks(slug);
  const list = books.data?.pages.flatMap((page) => page.list) ?? [];
  const total = books.data?.pages[0]?.total ?? 0;
  const missing =
    slug === null ||
    (books.error instanceof ApiError &&
      (books.error.code === ErrorCode.notFound || books.error.code === ErrorCode.invalid));

  return (
    <>
      <PageHeader />
      {missing ? (
        <main className="page-body">
          <StateView kind="missing" title="专题不存在或已下线" description="看看首页的其他内容吧。">
            <Link className="link-button primary" to={paths.home}>
              回到首页
            </Link>
          </StateView>
        </main>
      ) : (
        <main className="page-body topic-books">
          {topic.data ? (
            <p className="topic-books-lead">
              {topic.data.title}
              {books.isSuccess ? <span>共 {total} 本</span> : null}
            </p>
          ) : null}
          {books.isPending ? <BookGridSkeleton /> : null}
          {books.isError && list.length === 0 ? (
            <StateView kind="error" title="书单没有加载出来" description="请检查网络后重试。">
              <button type="button" className="link-button primary" onClick={() => books.refetch()}>
                重试
              </button>
            </StateView>
          ) : null}
          {books.isSuccess && list.length === 0 ? (
            <StateView kind="empty" title="这个专题还没有电子书" description="敬请期待。">
              <Link className="link-button primary" to={paths.ebookList}>
                看看全部电子书
              </Link>
            </StateView>
          ) : null}
          {list.length > 0 ? (
            <PullToRefresh onRefresh={async () => void (await books.refetch())}>
              <ul className="book-grid">
                {list.map((book) => (
                  <li key={book.id}>
                    <BookCard book={book} to={href('ebookDetail', { id: book.id })} />
                  </li>
                ))}
              </ul>
              <InfiniteScroll
                hasMore={books.hasNextPage}
                loadMore={async () => {
                  await books.fetchNextPage({ throwOnError: true });
                }}
              />
            </PullToRefresh>
          ) : null}
        </main>
      )}
    </>
  );
}
