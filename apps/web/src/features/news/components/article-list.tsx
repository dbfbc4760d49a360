import type { ArticleKind } from '@portal/contract';
import { formatDate } from '@/lib/format-date.ts';
import { Badge } from '@/ui/badge.tsx';
import { CardLine, ContentCard } from '@/ui/content-card.tsx';
import { PagedList } from '@/ui/paged-list.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useArticles } from '../api/articles.ts';
import { articleHref } from '../lib/article-path.ts';

/** Cards a phone shows before scrolling: their covers load first. */
const FIRST_SCREEN = 4;

/**
 * One kind's articles (of a channel when given), pinned first, with infinite scroll and pull to
 * refresh: cover when there is one, title, date and views; 置顶 and, for a learner's notices, 未读.
 */
export function ArticleList({ kind, channelId }: { kind: ArticleKind; channelId?: number }) {
  const articles = useArticles({ kind, channelId });
  return (
    <PagedList
      query={articles}
      className="card-list article-list"
      errorTitle="文章没有加载出来"
      empty={
        <StateView kind="empty" title="暂无内容" description="这里还没有文章，稍后再来看看。" />
      }
      pullToRefresh
    >
      {(article, index) => (
        <li key={article.id} className={article.unread ? 'article-item unread' : 'article-item'}>
          <ContentCard
            to={articleHref(article)}
            cover={article.cover}
            className="article-card boxed"
            priority={index < FIRST_SCREEN}
            title={
              <>
                {article.unread ? (
                  <>
                    <Badge tone="red" solid square className="article-unread">
                      未读
                    </Badge>{' '}
                  </>
                ) : null}
                {article.pinned ? (
                  <>
                    <Badge square>置顶</Badge>{' '}
                  </>
                ) : null}
                {article.title}
              </>
            }
          >
            <CardLine className="article-meta">
              <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
              <span>{article.viewCount} 次浏览</span>
              {article.hasAttachment ? <span>附件</span> : null}
            </CardLine>
          </ContentCard>
        </li>
      )}
    </PagedList>
  );
}
