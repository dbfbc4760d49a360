import { DownloadOutlined } from '@ant-design/icons';
import type { StatsRollup } from '@portal/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  Button,
  Card,
  Empty,
  Flex,
  Skeleton,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { formatTime } from '@/ui/format.ts';
import { LoadFailed } from '@/ui/LoadFailed.tsx';
import {
  type CsvColumn,
  csvFileName,
  downloadCsv,
  type StatsRange,
  toCsv,
} from './dashboard-range.ts';

/**
 * One card of the dashboard on its own query: a skeleton while it loads, the failure with a
 * retry, an empty state when the range holds nothing (`isEmpty`), else its content.
 */
export function StatsCard<T>({
  title,
  query,
  isEmpty,
  emptyText,
  extra,
  children,
}: {
  title: string;
  query: UseQueryResult<T, Error>;
  isEmpty?: (data: T) => boolean;
  emptyText: string;
  extra?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  let body: ReactNode;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (query.isError) {
    body = <LoadFailed what={title} error={query.error} retry={() => query.refetch()} />;
  } else if (isEmpty?.(query.data)) body = <Empty description={emptyText} />;
  else body = children(query.data);
  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{title}</h2>}
      extra={extra}
      aria-busy={query.isFetching}
    >
      {body}
    </Card>
  );
}

/**
 * When the series of a card were computed (the rollups behind them run every few minutes), and
 * how many days, weeks or months are still being computed.
 */
export function RollupNote({ rollup }: { rollup: StatsRollup | undefined }) {
  if (!rollup) return null;
  const when = rollup.updatedAt ? `数据更新于 ${formatTime(rollup.updatedAt)}` : '数据尚未汇总';
  return (
    <Typography.Text type="secondary" style={{ fontSize: 13 }}>
      {rollup.pending > 0 ? `${when}，另有 ${rollup.pending} 项正在汇总` : when}
    </Typography.Text>
  );
}

/** What a card of rolled-up series says when it has nothing: empty, or not computed yet. */
export const rolledEmptyText = (rollup: StatsRollup | undefined, empty: string) =>
  rollup && rollup.pending > 0 ? '这段时间的数据正在汇总，请稍后刷新' : empty;

/** A column of a dashboard table: what the CSV holds, and how the page shows it when not that. */
export interface StatsColumn<T> extends CsvColumn<T> {
  render?: (row: T) => ReactNode;
  align?: 'left' | 'right';
  width?: number;
}

const PAGE_SIZE = 10;

/**
 * A dashboard table with its 导出 CSV button (the whole table, every page of it), named `name`
 * (the file is `数据统计-<name>-<from>至<to>.csv`).
 */
export function StatsTable<T>({
  name,
  range,
  columns,
  rows,
  rowKey,
  emptyText = '暂无数据',
  heading,
}: {
  name: string;
  range: StatsRange;
  columns: readonly StatsColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  emptyText?: string;
  /** A title above the table (a card with several tables names each). */
  heading?: ReactNode;
}) {
  const tableColumns: TableColumnsType<T> = columns.map((column) => ({
    key: column.title,
    title: column.title,
    align: column.align,
    width: column.width,
    render: (_: unknown, row: T) =>
      column.render ? column.render(row) : (column.value(row) ?? '—'),
  }));
  const handleExport = () => downloadCsv(csvFileName(name, range), toCsv(columns, rows));
  return (
    <section aria-label={name}>
      <Flex justify="space-between" align="center" gap={8} style={{ marginBlock: 8 }}>
        {heading ?? <span />}
        <Button
          size="small"
          icon={<DownloadOutlined />}
          disabled={rows.length === 0}
          aria-label={`导出 CSV：${name}`}
          onClick={handleExport}
        >
          导出 CSV
        </Button>
      </Flex>
      <Table<T>
        size="small"
        rowKey={rowKey}
        columns={tableColumns}
        dataSource={[...rows]}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />,
        }}
        pagination={
          rows.length > PAGE_SIZE
            ? { pageSize: PAGE_SIZE, showSizeChanger: false, size: 'small' }
            : false
        }
      />
    </section>
  );
}

/** A small heading over one of several tables in a card. */
export const TableHeading = ({ children }: { children: ReactNode }) => (
  <h3 style={{ fontSize: 14, margin: 0 }}>{children}</h3>
);
