import type { ArticleSummary } from '@portal/contract';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format-date.ts';
import { href, paths } from '@/platform/paths.ts';
import { CardLine, ContentCard } from '@/ui/content-card.tsx';

/**
 * The home's 资讯 block: the newest news articles with cover (when they have one), title, channel
 * and date, and 更多 to the news list. Below the first screen: its covers load after paint.
 */
export function NewsSection({ news }: { news: readonly ArticleSummary[] }) {
  if (news.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-news">
      <div className="home-section-head">
        <h2 id="home-news">资讯</h2>
        <Link className="home-more" to={paths.news}>
          更多<span className="sr-only">资讯</span> ›
        </Link>
      </div>
      <ul className="home-news">
        {news.map((article) => (
          <li key={article.id}>
            <ContentCard
              to={href('contentDetail', { id: article.id })}
              cover={article.cover}
              coverSize={[120, 90]}
              className="home-news-card"
              title={
                <>
                  {article.pinned ? <span className="home-news-pinned">置顶</span> : null}
                  {article.title}
                </>
              }
            >
              <CardLine className="home-news-meta">
                <span>{article.channelName}</span>
                <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
              </CardLine>
            </ContentCard>
          </li>
        ))}
      </ul>
    </section>
  );
}
