import { ARTICLE_KIND_NAMES } from '@portal/contract/constants';
import { useSearchParams } from 'react-router';
import { FilterBar, FilterChips } from '@/ui/filter-chips.tsx';
import { PageHeader } from '@/ui/page-header.tsx';
import { useArticleChannels } from '../api/articles.ts';
import { ArticleList } from '../components/article-list.tsx';
import { NewsLinks } from '../components/news-links.tsx';
import { NEWS_PAGE_KINDS, newsParams, newsSearch } from '../lib/news-params.ts';
import '../news.css';

const KIND_OPTIONS = NEWS_PAGE_KINDS.map((kind) => ({
  value: kind,
  label: ARTICLE_KIND_NAMES[kind],
}));

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
      <FilterBar>
        <FilterChips
          legend="栏目类型"
          options={KIND_OPTIONS}
          value={kind}
          onChange={(each) => update({ kind: each })}
        />
        {channels.data && channels.data.length > 0 ? (
          <FilterChips
            legend="栏目"
            options={[{ id: 0, name: '全部' }, ...channels.data].map((channel) => ({
              value: channel.id,
              label: channel.name,
            }))}
            value={channelId ?? 0}
            onChange={(id) => update({ kind, channelId: id || undefined })}
          />
        ) : null}
      </FilterBar>
      <main className="page-body">
        <ArticleList kind={kind} channelId={channelId} />
      </main>
    </>
  );
}
