import { DownloadOutlined } from '@ant-design/icons';
import type { AuditEntry, AuditQuery } from '@portal/contract';
import {
  AUDIT_ACTION_NAMES,
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AUDIT_ENTITY_NAMES,
  type AuditAction,
  type AuditEntity,
} from '@portal/contract/constants';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  DatePicker,
  Empty,
  Flex,
  Select,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { formatTime } from '@/ui/format.ts';
import { LoadFailed } from '@/ui/LoadFailed.tsx';
import { serverPaging, useUrlFilters } from '@/ui/url-filters.ts';
import { auditKeys, download, exportAudit, listAudit } from './api.ts';

const PAGE_SIZE = 20;

function queryOf({ number, text }: ReturnType<typeof useUrlFilters>): Partial<AuditQuery> {
  return {
    page: number('page') ?? 1,
    size: PAGE_SIZE,
    entity: text('entity') as AuditEntity | undefined,
    entityId: number('entityId'),
    action: text('action') as AuditAction | undefined,
    actorId: number('actorId'),
    from: text('from'),
    to: text('to'),
  };
}

/** Before and after of one change, as pretty JSON side by side. */
function Change({ entry }: { entry: AuditEntry }) {
  const pretty = (json: string | null) => {
    if (json === null) return '（无）';
    try {
      return JSON.stringify(JSON.parse(json), null, 2);
    } catch {
      return json;
    }
  };
  return (
    <Flex gap={16}>
      {(['before', 'after'] as const).map((side) => (
        <div key={side} style={{ flex: 1, minWidth: 0 }}>
          <Typography.Text strong>{side === 'before' ? '修改前' : '修改后'}</Typography.Text>
          <pre
            style={{
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-all',
              maxHeight: 320,
              overflow: 'auto',
              background: '#fafafa',
              padding: 8,
            }}
          >
            {pretty(entry[side])}
          </pre>
        </div>
      ))}
    </Flex>
  );
}

/** The site's audit log: every change, filterable, each expandable to before and after; CSV export. */
export function AuditLogPage() {
  const { message } = App.useApp();
  const filters = useUrlFilters();
  const { setFilter } = filters;
  const query = queryOf(filters);
  const log = useQuery({
    queryKey: auditKeys.list(query),
    queryFn: () => listAudit(query),
    placeholderData: keepPreviousData,
  });
  const exporting = useMutation({
    mutationFn: () => exportAudit(query),
    onSuccess: (file) => {
      download(file);
      message.success(
        file.truncated
          ? `已导出最近的 ${file.rows} 条，请缩小筛选范围导出其余`
          : `已导出 ${file.rows} 条`,
      );
    },
    onError: (error) => message.error(error.message),
  });

  const columns: TableColumnsType<AuditEntry> = [
    { title: '时间', dataIndex: 'at', width: 150, render: formatTime },
    {
      title: '操作人',
      dataIndex: 'actorName',
      width: 120,
      render: (name: string, entry) => (
        <Typography.Link onClick={() => setFilter({ actorId: String(entry.actorId) })}>
          {name}
        </Typography.Link>
      ),
    },
    {
      title: '操作',
      dataIndex: 'action',
      width: 100,
      render: (action: AuditAction) => AUDIT_ACTION_NAMES[action],
    },
    {
      title: '记录',
      dataIndex: 'entity',
      width: 140,
      render: (entity: AuditEntity, entry) =>
        `${AUDIT_ENTITY_NAMES[entity]}${entry.entityId === null ? '' : ` #${entry.entityId}`}`,
    },
    { title: '内容', dataIndex: 'summary' },
    { title: '来源地址', dataIndex: 'ip', width: 140 },
  ];

  return (
    <Card
      title={<h1 style={{ fontSize: 18, margin: 0 }}>操作日志</h1>}
      extra={
        <Button
          icon={<DownloadOutlined />}
          loading={exporting.isPending}
          onClick={() => exporting.mutate()}
        >
          导出 CSV
        </Button>
      }
    >
      <Flex wrap gap={12} style={{ marginBottom: 16 }} role="search" aria-label="筛选操作日志">
        <Select
          aria-label="记录类型"
          placeholder="全部记录"
          allowClear
          value={query.entity}
          onChange={(value) => setFilter({ entity: value, entityId: undefined })}
          style={{ width: 140 }}
          options={AUDIT_ENTITIES.map((value) => ({ value, label: AUDIT_ENTITY_NAMES[value] }))}
        />
        <Select
          aria-label="操作"
          placeholder="全部操作"
          allowClear
          value={query.action}
          onChange={(value) => setFilter({ action: value })}
          style={{ width: 140 }}
          options={AUDIT_ACTIONS.map((value) => ({ value, label: AUDIT_ACTION_NAMES[value] }))}
        />
        <DatePicker.RangePicker
          aria-label="日期"
          value={query.from && query.to ? [dayjs(query.from), dayjs(query.to)] : null}
          onChange={(range) =>
            setFilter({
              from: range?.[0]?.format('YYYY-MM-DD'),
              to: range?.[1]?.format('YYYY-MM-DD'),
            })
          }
        />
        {query.entityId || query.actorId ? (
          <Button onClick={() => setFilter({ entityId: undefined, actorId: undefined })}>
            清除记录和操作人筛选
          </Button>
        ) : null}
      </Flex>
      {log.isError ? (
        <LoadFailed what="操作日志" error={log.error} retry={() => log.refetch()} />
      ) : (
        <Table<AuditEntry>
          rowKey="id"
          columns={columns}
          dataSource={log.data?.list}
          loading={log.isFetching}
          expandable={{ expandedRowRender: (entry) => <Change entry={entry} /> }}
          locale={{ emptyText: <Empty description="没有符合条件的操作记录" /> }}
          pagination={serverPaging(log.data, query.page, PAGE_SIZE, '条', setFilter)}
        />
      )}
    </Card>
  );
}
