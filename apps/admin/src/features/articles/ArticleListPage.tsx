import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { AdminArticleListQuery, AdminArticleRow } from '@portal/contract';
import {
  ARTICLE_KIND_NAMES,
  ARTICLE_KINDS,
  type ArticleKind,
  REVIEW_STATUS_NAMES,
  REVIEW_STATUSES,
  type ReviewStatus,
} from '@portal/contract/constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  DatePicker,
  Empty,
  Flex,
  Input,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { useOperator } from '@/app/operator.ts';
import { formatTime } from '@/ui/format.ts';
import { LoadFailed } from '@/ui/LoadFailed.tsx';
import { StatusTag } from '@/ui/StatusTag.tsx';
import { serverPaging, useUrlFilters } from '@/ui/url-filters.ts';
import { articleKeys, bulkArticles, listArticles, listChannels } from './api.ts';

const PAGE_SIZE = 20;

/** The list's query from the filters in the address. */
function queryOf(
  { number, text }: ReturnType<typeof useUrlFilters>,
  review: boolean,
): Partial<AdminArticleListQuery> {
  return {
    page: number('page') ?? 1,
    size: PAGE_SIZE,
    status: review ? 'pending' : (text('status') as ReviewStatus | undefined),
    kind: text('kind') as ArticleKind | undefined,
    channelId: number('channelId'),
    q: text('q'),
    from: text('from'),
    to: text('to'),
  };
}

/**
 * The site's articles (文章管理), or those waiting for review (待审核): filters, server paging,
 * bulk publish and take-down for reviewers, new article for editors.
 */
export function ArticleListPage({ review = false }: { review?: boolean }) {
  const operator = useOperator();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const filters = useUrlFilters();
  const { params } = filters;
  const query = queryOf(filters, review);
  const [selected, setSelected] = useState<number[]>([]);
  const list = useQuery({
    queryKey: articleKeys.list(query),
    queryFn: () => listArticles(query),
    placeholderData: keepPreviousData,
  });
  const channels = useQuery({ queryKey: articleKeys.channels, queryFn: listChannels });

  const setFilter = (changes: Record<string, string | undefined>) => {
    filters.setFilter(changes);
    setSelected([]);
  };

  const bulk = useMutation({
    mutationFn: ({ action }: { action: 'publish' | 'take-down' }) => bulkArticles(action, selected),
    onSuccess: (result, { action }) => {
      const verb = action === 'publish' ? '发布' : '下线';
      if (result.skipped.length === 0) message.success(`已${verb} ${result.done.length} 篇`);
      else {
        modal.info({
          title: `已${verb} ${result.done.length} 篇，跳过 ${result.skipped.length} 篇`,
          content: (
            <ul>
              {result.skipped.map((entry) => (
                <li key={entry.id}>
                  #{entry.id}：{entry.reason}
                </li>
              ))}
            </ul>
          ),
        });
      }
      setSelected([]);
      queryClient.invalidateQueries({ queryKey: articleKeys.all });
    },
    onError: (error) => message.error(error.message),
  });

  const columns: TableColumnsType<AdminArticleRow> = [
    {
      title: '标题',
      dataIndex: 'title',
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
    {
      title: '状态',
      dataIndex: 'status',
      width: 190,
      render: (status: ReviewStatus, row) => <StatusTag status={status} edit={row.editStatus} />,
    },
    { title: '作者', dataIndex: 'authorName', width: 110, render: (name) => name ?? '导入' },
    { title: '最后修改', dataIndex: 'updatedAt', width: 150, render: formatTime },
    { title: '发布时间', dataIndex: 'publishedAt', width: 150, render: formatTime },
  ];

  const title = review ? '待审核' : '文章管理';
  return (
    <Card
      title={<h1 style={{ fontSize: 18, margin: 0 }}>{title}</h1>}
      extra={
        operator.can('editor') && !review ? (
          <Link to="/articles/new">
            <Button type="primary" icon={<PlusOutlined />}>
              新建文章
            </Button>
          </Link>
        ) : null
      }
    >
      <Flex wrap gap={12} style={{ marginBottom: 16 }} role="search" aria-label="筛选文章">
        <Input.Search
          aria-label="标题关键词"
          placeholder="搜索标题"
          allowClear
          defaultValue={query.q}
          onSearch={(value) => setFilter({ q: value.trim() || undefined })}
          style={{ width: 220 }}
        />
        {review ? null : (
          <Select
            aria-label="审核状态"
            placeholder="全部状态"
            allowClear
            value={query.status}
            onChange={(value) => setFilter({ status: value })}
            style={{ width: 130 }}
            options={REVIEW_STATUSES.map((value) => ({ value, label: REVIEW_STATUS_NAMES[value] }))}
          />
        )}
        <Select
          aria-label="文章类型"
          placeholder="全部类型"
          allowClear
          value={query.kind}
          onChange={(value) => setFilter({ kind: value, channelId: undefined })}
          style={{ width: 130 }}
          options={ARTICLE_KINDS.map((value) => ({ value, label: ARTICLE_KIND_NAMES[value] }))}
        />
        <Select
          aria-label="栏目"
          placeholder="全部栏目"
          allowClear
          value={query.channelId}
          loading={channels.isPending}
          onChange={(value) => setFilter({ channelId: value ? String(value) : undefined })}
          style={{ width: 160 }}
          options={(channels.data ?? [])
            .filter((channel) => !query.kind || channel.kind === query.kind)
            .map((channel) => ({
              value: channel.id,
              label: `${ARTICLE_KIND_NAMES[channel.kind]} · ${channel.name}`,
            }))}
        />
        <DatePicker.RangePicker
          aria-label="修改日期"
          value={query.from && query.to ? [dayjs(query.from), dayjs(query.to)] : null}
          onChange={(range) =>
            setFilter({
              from: range?.[0]?.format('YYYY-MM-DD'),
              to: range?.[1]?.format('YYYY-MM-DD'),
            })
          }
        />
        <Button icon={<ReloadOutlined />} onClick={() => list.refetch()} aria-label="刷新">
          刷新
        </Button>
      </Flex>
      {operator.can('reviewer') ? (
        <Space style={{ marginBottom: 12 }}>
          <Button
            disabled={selected.length === 0}
            loading={bulk.isPending && bulk.variables?.action === 'publish'}
            onClick={() => bulk.mutate({ action: 'publish' })}
          >
            批量发布
          </Button>
          <Button
            danger
            disabled={selected.length === 0}
            loading={bulk.isPending && bulk.variables?.action === 'take-down'}
            onClick={() =>
              modal.confirm({
                title: `下线所选的 ${selected.length} 篇文章？`,
                content: '下线后学员端立即不再显示，可以再次发布。',
                okText: '下线',
                okButtonProps: { danger: true },
                cancelText: '取消',
                onOk: () => bulk.mutateAsync({ action: 'take-down' }),
              })
            }
          >
            批量下线
          </Button>
          <Typography.Text type="secondary">
            {selected.length > 0 ? `已选 ${selected.length} 篇` : '勾选文章后可批量发布或下线'}
          </Typography.Text>
        </Space>
      ) : null}
      {list.isError ? (
        <LoadFailed what="文章列表" error={list.error} retry={() => list.refetch()} />
      ) : (
        <Table<AdminArticleRow>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list}
          loading={list.isFetching}
          rowSelection={
            operator.can('reviewer')
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(Number)),
                }
              : undefined
          }
          locale={{
            emptyText: (
              <Empty
                description={
                  review
                    ? '没有等待审核的文章'
                    : params.toString()
                      ? '没有符合筛选条件的文章'
                      : '还没有文章，点右上角“新建文章”写第一篇'
                }
              />
            ),
          }}
          pagination={serverPaging(list.data, query.page, PAGE_SIZE, '篇', setFilter)}
        />
      )}
    </Card>
  );
}
