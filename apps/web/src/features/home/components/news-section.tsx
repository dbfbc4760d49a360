import type { ArticleSummary } from '@portal/contract';
import { formatDate } from '@/lib/format-date.ts';
import { href, paths } from '@/platform/paths.ts';
import { Badge } from '@/ui/badge.tsx';
import { CardLine, ContentCard } from '@/ui/content-card.tsx';
import { Panel } from '@/ui/panel.tsx';

/**
 * The home's 资讯 block: the newest news articles with cover (when they have one), title, channel
 * and date, and 更多 to the news list. Below the first screen: its covers load after paint.
 */
export function NewsSection({ news }: { news: readonly ArticleSummary[] }) {
  if (news.length === 0) return null;
  return (
    <Panel className="home-section" title="资讯" titleId="home-news" more={paths.news}>
      <ul className="card-list">
        {news.map((article) => (
          <li key={article.id}>
            <ContentCard
              to={href('contentDetail', { id: article.id })}
              cover={article.cover}
              coverSize={[120, 90]}
              className="home-news-card"
              title={
                <>
                  {article.pinned ? (
                    <Badge tone="red" solid square className="home-news-pinned">
                      置顶
                    </Badge>
                  ) : null}
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
    </Panel>
  );
}
