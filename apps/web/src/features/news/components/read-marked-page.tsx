import { isLoggedIn } from '@/platform/session.ts';
import { PageHeader } from '@/ui/page-header.tsx';
import { useReadAll } from '../api/articles.ts';
import { ArticleList } from './article-list.tsx';
import { NewsLinks } from './news-links.tsx';
import '../news.css';

/** 通知 or 公告: the list, unread items marked for a learner, and 全部已读. */
export function ReadMarkedPage({ kind }: { kind: 'info' | 'notice' }) {
  const readAll = useReadAll();
  return (
    <>
      <PageHeader
        right={
          isLoggedIn() ? (
            <button
              type="button"
              className="text-button"
              disabled={readAll.isPending}
              onClick={() => readAll.mutate(kind)}
            >
              全部已读
            </button>
          ) : null
        }
      />
      <NewsLinks />
      <main className="page-body">
        <ArticleList kind={kind} />
      </main>
    </>
  );
}
