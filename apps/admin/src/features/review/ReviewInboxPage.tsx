import { ReloadOutlined } from '@ant-design/icons';
import type { AdminReviewItem, Page } from '@portal/contract';
import { AUDIT_ENTITY_NAMES, type AuditEntity } from '@portal/contract/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Select, Table, type TableColumnsType, Tag } from 'antd';
import { Link } from 'react-router';
import { get } from '@/api/client.ts';
import { formatTime } from '@/ui/format.ts';
import { LoadFailed } from '@/ui/LoadFailed.tsx';
import { serverPaging, useUrlFilters } from '@/ui/url-filters.ts';

const PAGE_SIZE = 20;

/** The console's page of each reviewed kind, where its records are opened. */
export const REVIEWED_PAGES: Partial<Record<AuditEntity, string>> = {
  article: '/articles',
  course: '/courses',
  class: '/classes',
  activity: '/activities',
  live: '/live',
  ebook: '/ebooks',
  topic: '/topics',
  delivery: '/delivery',
  place: '/places',
  programme: '/programmes',
  walk: '/walks',
  banner: '/banners',
};

/** Filled tags, white text on a dark shade of each colour: 4.5:1 at least (as `StatusTag`). */
const KIND_COLORS: Partial<Record<AuditEntity, string>> = {
  article: '#0e56d8',
  course: '#1d39c4',
  class: '#006d75',
  activity: '#237804',
  live: '#ad2102',
  ebook: '#531dab',
  topic: '#874d00',
  delivery: '#9e1068',
  place: '#08527a',
  programme: '#614700',
  walk: '#135200',
  banner: '#a8071a',
};

const columns: TableColumnsType<AdminReviewItem> = [
  {
    title: '类型',
    dataIndex: 'entity',
    width: 90,
    render: (entity: AuditEntity) => (
      <Tag color={KIND_COLORS[entity]}>{AUDIT_ENTITY_NAMES[entity]}</Tag>
    ),
  },
  {
    title: '标题',
    dataIndex: 'title',
    minWidth: 240,
    render: (title: string, item) => (
      <Link to={`${REVIEWED_PAGES[item.entity] ?? ''}/edit?id=${item.id}`}>{title}</Link>
    ),
  },
  {
    title: '内容',
    dataIndex: 'change',
    width: 110,
    render: (change: AdminReviewItem['change']) =>
      change === 'edit' ? '已发布内容的修改' : '新内容',
  },
  { title: '提交人', dataIndex: 'submittedBy', width: 120, render: (name) => name ?? '—' },
  { title: '提交时间', dataIndex: 'submittedAt', width: 150, render: formatTime },
  {
    title: '定时发布',
    dataIndex: 'publishAt',
    width: 150,
    render: (at: string | null) => (at ? formatTime(at) : '—'),
  },
];

/**
 * What of the site waits for review (待审核), of every kind in one list, the longest waiting
 * first: a reviewer's day starts here and opens each record in its kind's editor.
 */
export function ReviewInboxPage() {
  const filters = useUrlFilters();
  const entity = filters.text('entity') as AuditEntity | undefined;
  const query = { page: filters.number('page') ?? 1, size: PAGE_SIZE, entity };
  const list = useQuery({
    queryKey: ['reviews', query],
    queryFn: () => get<Page<AdminReviewItem>>('/api/admin/reviews', query),
    placeholderData: keepPreviousData,
  });
  return (
    <Card title={<h1 style={{ fontSize: 18, margin: 0 }}>待审核</h1>}>
      <Flex wrap gap={12} style={{ marginBottom: 16 }} role="search" aria-label="筛选待审核内容">
        <Select
          aria-label="内容类型"
          placeholder="全部类型"
          allowClear
          value={entity}
          onChange={(value) => filters.setFilter({ entity: value })}
          style={{ width: 140 }}
          options={Object.keys(REVIEWED_PAGES).map((value) => ({
            value,
            label: AUDIT_ENTITY_NAMES[value as AuditEntity],
          }))}
        />
        <Button icon={<ReloadOutlined />} onClick={() => list.refetch()}>
          刷新
        </Button>
      </Flex>
      {list.isError ? (
        <LoadFailed what="待审核列表" error={list.error} retry={() => list.refetch()} />
      ) : (
        <Table<AdminReviewItem>
          rowKey={(item) => `${item.entity}-${item.id}`}
          columns={columns}
          scroll={{ x: 'max-content' }}
          dataSource={list.data?.list}
          loading={list.isFetching}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={entity ? '这一类没有等待审核的内容' : '没有等待审核的内容，都审完了'}
              />
            ),
          }}
          pagination={serverPaging(list.data, query.page, PAGE_SIZE, '条', filters.setFilter)}
        />
      )}
    </Card>
  );
}
