import type { AdminArticleRow } from '@portal/contract';
import { ARTICLE_KIND_NAMES, ARTICLE_KINDS } from '@portal/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { Select, type TableColumnsType, Typography } from 'antd';
import { Link } from 'react-router';
import { type ListKind, ReviewListPage, reviewColumns } from '@/features/review/ReviewListPage.tsx';
import { formatTime } from '@/ui/format.ts';
import { articleApi } from './ArticleEditPage.tsx';
import { articleKeys, listChannels } from './api.ts';

const columns: TableColumnsType<AdminArticleRow> = [
  {
    title: '标题',
    dataIndex: 'title',
    minWidth: 220,
    render: (title: string, row) => (
      <Link to={`/articles/edit?id=${row.id}`}>
        {row.pinned ? <Typography.Text type="danger">[置顶] </Typography.Text> : null}
        {title}
      </Link>
    ),
  },
  {
    title: '栏目',
    dataIndex: 'channelName',
    width: 150,
    render: (name: string, row) => `${ARTICLE_KIND_NAMES[row.kind]} · ${name}`,
  },
  ...reviewColumns<AdminArticleRow>(),
  { title: '发布时间', dataIndex: 'publishedAt', width: 150, render: formatTime },
];

/** The article kind's own filters: its type and channel. */
function ArticleFilters({
  filters,
}: {
  filters: Parameters<NonNullable<ListKind<AdminArticleRow>['filters']>>[0];
}) {
  const { text, number, setFilter } = filters;
  const channels = useQuery({ queryKey: articleKeys.channels, queryFn: listChannels });
  const kind = text('kind');
  return (
    <>
      <Select
        aria-label="文章类型"
        placeholder="全部类型"
        allowClear
        value={kind}
        onChange={(value) => setFilter({ kind: value, channelId: undefined })}
        style={{ width: 130 }}
        options={ARTICLE_KINDS.map((value) => ({ value, label: ARTICLE_KIND_NAMES[value] }))}
      />
      <Select
        aria-label="栏目"
        placeholder="全部栏目"
        allowClear
        value={number('channelId')}
        loading={channels.isPending}
        onChange={(value) => setFilter({ channelId: value ? String(value) : undefined })}
        style={{ width: 160 }}
        options={(channels.data ?? [])
          .filter((channel) => !kind || channel.kind === kind)
          .map((channel) => ({
            value: channel.id,
            label: `${ARTICLE_KIND_NAMES[channel.kind]} · ${channel.name}`,
          }))}
      />
    </>
  );
}

const ARTICLES: ListKind<AdminArticleRow> = {
  name: '文章',
  unit: '篇',
  listPath: '/articles',
  api: articleApi,
  columns,
  filters: (filters) => <ArticleFilters filters={filters} />,
  query: ({ text, number }) => ({
    kind: text('kind'),
    channelId: number('channelId'),
  }),
};

/** The site's articles (文章管理). */
export function ArticleListPage() {
  return <ReviewListPage kind={ARTICLES} />;
}
