import type { AdminEbookRow } from '@portal/contract';
import { EBOOK_TEXT_STATE_NAMES, type EbookTextState } from '@portal/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { Select, type TableColumnsType, Tag } from 'antd';
import { Link } from 'react-router';
import { type ListKind, ReviewListPage, reviewColumns } from '@/features/review/ReviewListPage.tsx';
import { ebookApi, listEbookChoices } from './EbookEditPage.tsx';

/** Dark shades (4.5:1 as the other tags): searchable green, a scan or a failure flagged. */
const TEXT_STATE_COLORS: Record<EbookTextState, string> = {
  none: '#595959',
  pending: '#0e56d8',
  ready: '#237804',
  scanned: '#ad4e00',
  failed: '#a8071a',
};

const columns: TableColumnsType<AdminEbookRow> = [
  {
    title: '书名',
    dataIndex: 'title',
    minWidth: 220,
    render: (title: string, row) => <Link to={`/ebooks/edit?id=${row.id}`}>{title}</Link>,
  },
  // 著者: the book's; the review columns' 作者 is the operator who wrote the record.
  { title: '著者', dataIndex: 'author', width: 130 },
  { title: '分类', dataIndex: 'categoryName', width: 120 },
  {
    title: '页数',
    dataIndex: 'pageCount',
    width: 80,
    render: (pages: number) => (pages > 0 ? pages : '无 PDF'),
  },
  {
    title: '全文检索',
    dataIndex: 'textState',
    width: 140,
    render: (state: EbookTextState, row) =>
      row.pageCount === 0 ? (
        '—'
      ) : (
        <Tag color={TEXT_STATE_COLORS[state]}>{EBOOK_TEXT_STATE_NAMES[state]}</Tag>
      ),
  },
  ...reviewColumns<AdminEbookRow>(),
];

/** The e-book kind's own filter: its category. */
function EbookFilters({
  filters,
}: {
  filters: Parameters<NonNullable<ListKind<AdminEbookRow>['filters']>>[0];
}) {
  const choices = useQuery({ queryKey: ['ebooks', 'choices'], queryFn: listEbookChoices });
  return (
    <Select
      aria-label="电子书分类"
      placeholder="全部分类"
      allowClear
      value={filters.number('categoryId')}
      loading={choices.isPending}
      onChange={(value) => filters.setFilter({ categoryId: value ? String(value) : undefined })}
      style={{ width: 160 }}
      options={(choices.data?.categories ?? []).map((entry) => ({
        value: entry.id,
        label: entry.name,
      }))}
    />
  );
}

const EBOOKS: ListKind<AdminEbookRow> = {
  name: '电子书',
  unit: '本',
  listPath: '/ebooks',
  api: ebookApi,
  columns,
  filters: (filters) => <EbookFilters filters={filters} />,
  query: ({ number }) => ({ categoryId: number('categoryId') }),
};

/** The site's e-books (电子书管理). */
export function EbookListPage() {
  return <ReviewListPage kind={EBOOKS} />;
}
