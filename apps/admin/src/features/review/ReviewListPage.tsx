import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  REVIEW_STATUS_NAMES,
  REVIEW_STATUSES,
  type ReviewStatus,
} from '@portal/contract/constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Checkbox,
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
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useOperator } from '@/app/operator.ts';
import { formatTime } from '@/ui/format.ts';
import { LoadFailed } from '@/ui/LoadFailed.tsx';
import { StatusTag } from '@/ui/StatusTag.tsx';
import { serverPaging, useUrlFilters } from '@/ui/url-filters.ts';
import type { ReviewApi } from './review-api.ts';

const PAGE_SIZE = 20;

/** The columns every reviewed kind's list ends with: its state, author and last change. */
export function reviewColumns<
  Row extends { editStatus: 'draft' | 'pending' | 'rejected' | null },
>(): TableColumnsType<Row> {
  return [
    {
      title: '状态',
      dataIndex: 'status',
      width: 190,
      render: (status: ReviewStatus, row) => <StatusTag status={status} edit={row.editStatus} />,
    },
    { title: '作者', dataIndex: 'authorName', width: 110, render: (name) => name ?? '导入' },
    { title: '最后修改', dataIndex: 'updatedAt', width: 150, render: formatTime },
  ];
}

/**
 * The columns with a `minWidth` keep it: their cells do not wrap below it (a table as wide as
 * the page would otherwise squeeze a Chinese title to a character a line).
 */
function kept<Row>(columns: TableColumnsType<Row>): TableColumnsType<Row> {
  return columns.map((column) => {
    const { minWidth } = column as { minWidth?: number };
    if (minWidth === undefined || !('dataIndex' in column)) return column;
    const render = column.render;
    return {
      ...column,
      render: (value: unknown, row: Row, index: number) => (
        <div style={{ minWidth }}>
          {render ? (render(value, row, index) as ReactNode) : String(value)}
        </div>
      ),
    };
  });
}

/** One reviewed kind as its list page shows it. */
export interface ListKind<Row extends { id: number }> {
  /** `文章`; its unit in counts (`篇`); the list page (`/articles`). */
  name: string;
  unit: string;
  listPath: string;
  api: Pick<ReviewApi<unknown, Row>, 'list' | 'bulk'>;
  columns: TableColumnsType<Row>;
  /** The kind's own filters (read from, and written to, the address). */
  filters?: (filters: ReturnType<typeof useUrlFilters>) => ReactNode;
  /** The kind's own query keys from the address. */
  query?: (
    filters: ReturnType<typeof useUrlFilters>,
  ) => Record<string, string | number | undefined>;
}

/**
 * A reviewed kind's list (文章管理, 课程管理): filters in the address (待审核 among the states),
 * server paging, bulk publish and take-down for reviewers, a new record for editors.
 */
export function ReviewListPage<Row extends { id: number }>({ kind }: { kind: ListKind<Row> }) {
  const operator = useOperator();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const filters = useUrlFilters();
  const { params, number, text } = filters;
  const key = kind.listPath.slice(1);
  const query = {
    page: number('page') ?? 1,
    size: PAGE_SIZE,
    status: text('status'),
    q: text('q'),
    authorId: number('authorId'),
    from: text('from'),
    to: text('to'),
    ...kind.query?.(filters),
  };
  const [selected, setSelected] = useState<number[]>([]);
  const list = useQuery({
    queryKey: [key, 'list', query],
    queryFn: () => kind.api.list(query),
    placeholderData: keepPreviousData,
  });
  const setFilter = (changes: Record<string, string | undefined>) => {
    filters.setFilter(changes);
    setSelected([]);
  };

  const bulk = useMutation({
    mutationFn: ({ action }: { action: 'publish' | 'take-down' }) =>
      kind.api.bulk(action, selected),
    onSuccess: (result, { action }) => {
      const verb = action === 'publish' ? '发布' : '下线';
      if (result.skipped.length === 0) {
        message.success(`已${verb} ${result.done.length} ${kind.unit}`);
      } else {
        modal.info({
          title: `已${verb} ${result.done.length} ${kind.unit}，跳过 ${result.skipped.length} ${kind.unit}`,
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
      queryClient.invalidateQueries({ queryKey: [key] });
    },
    onError: (error) => message.error(error.message),
  });

  const title = `${kind.name}管理`;
  return (
    <Card
      title={<h1 style={{ fontSize: 18, margin: 0 }}>{title}</h1>}
      extra={
        operator.can('editor') ? (
          <Link to={`${kind.listPath}/new`}>
            <Button type="primary" icon={<PlusOutlined />}>
              新建{kind.name}
            </Button>
          </Link>
        ) : null
      }
    >
      <Flex
        wrap
        gap={12}
        style={{ marginBottom: 16 }}
        role="search"
        aria-label={`筛选${kind.name}`}
      >
        <Input.Search
          aria-label="名称关键词"
          placeholder="搜索名称"
          allowClear
          defaultValue={query.q}
          onSearch={(value) => setFilter({ q: value.trim() || undefined })}
          style={{ width: 220 }}
        />
        {
          <Select
            aria-label="审核状态"
            placeholder="全部状态"
            allowClear
            value={query.status}
            onChange={(value) => setFilter({ status: value })}
            style={{ width: 130 }}
            options={REVIEW_STATUSES.map((value) => ({ value, label: REVIEW_STATUS_NAMES[value] }))}
          />
        }
        {kind.filters?.({ ...filters, setFilter })}
        <DatePicker.RangePicker
          aria-label="修改日期"
          placeholder={['修改日期从', '到']}
          value={query.from && query.to ? [dayjs(query.from), dayjs(query.to)] : null}
          onChange={(range) =>
            setFilter({
              from: range?.[0]?.format('YYYY-MM-DD'),
              to: range?.[1]?.format('YYYY-MM-DD'),
            })
          }
        />
        <Checkbox
          checked={query.authorId === operator.session.userId}
          onChange={(event) =>
            setFilter({
              authorId: event.target.checked ? String(operator.session.userId) : undefined,
            })
          }
        >
          只看我创建的
        </Checkbox>
        <Button icon={<ReloadOutlined />} onClick={() => list.refetch()}>
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
                title: `下线所选的 ${selected.length} ${kind.unit}${kind.name}？`,
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
            {selected.length > 0
              ? `已选 ${selected.length} ${kind.unit}`
              : `勾选${kind.name}后可批量发布或下线`}
          </Typography.Text>
        </Space>
      ) : null}
      {list.isError ? (
        <LoadFailed what={`${kind.name}列表`} error={list.error} retry={() => list.refetch()} />
      ) : (
        <Table<Row>
          rowKey="id"
          columns={kept(kind.columns)}
          dataSource={list.data?.list}
          loading={list.isFetching}
          rowSelection={
            operator.can('reviewer')
              ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }
              : undefined
          }
          locale={{
            emptyText: (
              <Empty
                description={
                  params.toString()
                    ? `没有符合筛选条件的${kind.name}`
                    : `还没有${kind.name}，点右上角“新建${kind.name}”开始`
                }
              />
            ),
          }}
          pagination={serverPaging(list.data, query.page, PAGE_SIZE, kind.unit, setFilter)}
        />
      )}
    </Card>
  );
}
