import { ARTICLE_KIND_NAMES } from '@portal/contract/constants';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/ui/page-header.tsx';
import { useArticleChannels } from '../api/articles.ts';
import { ArticleList } from '../components/article-list.tsx';
import { NewsLinks } from '../components/news-links.tsx';
import { NEWS_PAGE_KINDS, newsParams, newsSearch } from '../lib/news-params.ts';
import '../news.css';
import '@/ui/chips.css';

/**
 * `/index/news` (资讯): the site's news by channel, and its showcases (风采, 展示, 讲座访谈), with
 * the way to 通知 and 公告 at the top. Kind and channel live in the address.
 */
export function NewsPage() {
  const [params, setParams] = useSearchParams();
  const { kind, channelId } = newsParams(params);
  const channels = useArticleChannels(kind);
  const update = (next: { kind: typeof kind; channelId?: number }) =>
    setParams(newsSearch(next), { replace: true });

  return (
    <>
      <PageHeader />
      <NewsLinks />
      <div className="news-filters">
        <fieldset className="chip-row news-kinds">
          <legend className="sr-only">栏目类型</legend>
          {NEWS_PAGE_KINDS.map((each) => (
            <button
              key={each}
              type="button"
              className={each === kind ? 'chip active' : 'chip'}
              aria-pressed={each === kind}
              onClick={() => update({ kind: each })}
            >
              {ARTICLE_KIND_NAMES[each]}
            </button>
          ))}
        </fieldset>
        {channels.data && channels.data.length > 0 ? (
          <fieldset className="chip-row news-channels">
            <legend className="sr-only">栏目</legend>
            {[{ id: 0, name: '全部' }, ...channels.data].map((channel) => {
              const active = (channelId ?? 0) === channel.id;
              return (
                <button
                  key={channel.id}
                  type="button"
                  className={active ? 'chip active' : 'chip'}
                  aria-pressed={active}
                  onClick={() => update({ kind, channelId: channel.id || undefined })}
                >
                  {channel.name}
                </button>
              );
            })}
          </fieldset>
        ) : null}
      </div>
      <main className="page-body news-body">
        <ArticleList kind={kind} channelId={channelId} />
      </main>
    </>
  );
}
