import { DownloadOutlined, PaperClipOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Participant, ParticipantItem, ParticipantPage } from '@portal/contract';
import {
  CANCEL_REASON_MAX,
  PARTICIPANT_KIND_NAMES,
  PARTICIPANT_KINDS,
  PARTICIPANT_STATUS_NAMES,
  PARTICIPANT_STATUSES,
  type ParticipantKind,
  type ParticipantStatus,
} from '@portal/contract/constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Result,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatTime } from '@/ui/format.ts';
import { useKeyboardScroll } from '@/ui/keyboard-scroll.ts';
import { LoadFailed } from '@/ui/LoadFailed.tsx';
import { serverPaging, useUrlFilters } from '@/ui/url-filters.ts';
import {
  cancelParticipant,
  downloadAttachment,
  exportParticipants,
  listParticipants,
  type ParticipantQuery,
  participantKeys,
} from './api.ts';
import { ParticipantItemsPage } from './ParticipantItemsPage.tsx';

const PAGE_SIZE = 20;

/** Filled tags, white text on a dark shade: 4.5:1 at least (as `StatusTag`). */
const STATUS_COLORS: Record<ParticipantStatus, string> = {
  active: '#237804',
  cancelled: '#595959',
};

const isKind = (value: string | undefined): value is ParticipantKind =>
  (PARTICIPANT_KINDS as readonly string[]).includes(value ?? '');

/** The heading's facts: what the item is, when, and its seats. */
function ItemFacts({ item }: { item: ParticipantItem }) {
  const seats =
    item.capacity === null ? `${item.seatsTaken} 人预约` : `${item.seatsTaken} / ${item.capacity}`;
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 3 }}
      style={{ marginBottom: 16 }}
      items={[
        {
          key: 'item',
          label: PARTICIPANT_KIND_NAMES[item.kind],
          children: <Link to={item.editPath}>{item.title}</Link>,
        },
        {
          key: 'time',
          label: '时间',
          children: item.endAt
            ? `${formatTime(item.startAt)} 至 ${formatTime(item.endAt)}`
            : formatTime(item.startAt),
        },
        { key: 'seats', label: item.capacity === null ? '预约' : '名额', children: seats },
      ]}
    />
  );
}

/** Asks why before cancelling a learner's sign-up; the reason is sent to them. */
function CancelDialog({
  target,
  query,
  onClose,
}: {
  target: { participant: Participant; item: ParticipantItem } | null;
  query: ParticipantQuery;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const cancel = useMutation({
    mutationFn: (reason: string) =>
      cancelParticipant({
        kind: query.kind,
        id: query.id,
        userId: target?.participant.userId ?? 0,
        reason,
      }),
    onSuccess: () => {
      message.success(`已取消「${target?.participant.nickname}」的报名，并已通知本人`);
      form.resetFields();
      onClose();
      return client.invalidateQueries({ queryKey: participantKeys.all });
    },
    onError: (error) => form.setFields([{ name: 'reason', errors: [error.message] }]),
  });
  return (
    <Modal
      open={target !== null}
      title={`取消「${target?.participant.nickname ?? ''}」的报名`}
      okText="取消报名"
      okButtonProps={{ danger: true, loading: cancel.isPending }}
      cancelText="不取消"
      onOk={() => form.submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph>
        名额会立即释放；取消原因会以消息告知学员，并记入操作日志。
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={({ reason }) => cancel.mutate(reason)}
        requiredMark={false}
      >
        <Form.Item
          name="reason"
          label="取消原因"
          rules={[{ required: true, whitespace: true, message: '请写明取消的原因' }]}
        >
          <Input.TextArea
            rows={3}
            maxLength={CANCEL_REASON_MAX}
            showCount
            placeholder="例如：该班名额调整，已为您保留下期名额"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function columnsOf(
  page: ParticipantPage | undefined,
  onCancel: (participant: Participant) => void,
  onAttachment: (id: number, name: string) => void,
): TableColumnsType<Participant> {
  const item = page?.item;
  const fieldColumns: TableColumnsType<Participant> = (item?.fields ?? []).map((field, index) => ({
    title: field.label,
    key: `field-${field.key}`,
    width: 140,
    render: (_, row) => row.answers[index]?.value || '—',
  }));
  return [
    { title: '昵称', dataIndex: 'nickname', width: 120, fixed: 'left' },
    { title: '账号手机', dataIndex: 'phone', width: 130, render: (phone: string) => phone || '—' },
    ...(item?.kind === 'slot'
      ? ([
          { title: '人数', dataIndex: 'partySize', width: 70 },
          {
            title: '联系人',
            key: 'contact',
            width: 150,
            render: (_, row) =>
              row.contact ? (
                <>
                  {row.contact.name}
                  <br />
                  <Typography.Text type="secondary">{row.contact.phone}</Typography.Text>
                </>
              ) : (
                '—'
              ),
          },
        ] satisfies TableColumnsType<Participant>)
      : []),
    ...fieldColumns,
    ...(item?.kind === 'activity'
      ? ([
          {
            title: '附件',
            key: 'attachments',
            width: 180,
            render: (_, row) =>
              row.attachments.length === 0 ? (
                '—'
              ) : (
                <Space orientation="vertical" size={0}>
                  {row.attachments.map((file) => (
                    <Button
                      key={file.id}
                      type="link"
                      size="small"
                      icon={<PaperClipOutlined />}
                      style={{ padding: 0 }}
                      onClick={() => onAttachment(file.id, file.name)}
                    >
                      {file.name}
                    </Button>
                  ))}
                </Space>
              ),
          },
          {
            title: '签到',
            dataIndex: 'checkedInAt',
            width: 140,
            render: (at: string | null) => (at ? formatTime(at) : '未签到'),
          },
        ] satisfies TableColumnsType<Participant>)
      : []),
    {
      title: '状态',
      dataIndex: 'status',
      width: 150,
      render: (status: ParticipantStatus, row) => (
        <>
          <Tag color={STATUS_COLORS[status]}>{PARTICIPANT_STATUS_NAMES[status]}</Tag>
          {row.cancelledAt ? (
            <Typography.Text type="secondary">{formatTime(row.cancelledAt)}</Typography.Text>
          ) : null}
        </>
      ),
    },
    { title: '报名时间', dataIndex: 'signedAt', width: 150, render: formatTime },
    ...(page?.canCancel
      ? ([
          {
            title: '操作',
            key: 'actions',
            width: 100,
            fixed: 'right',
            render: (_, row) =>
              row.status === 'active' && !row.checkedInAt ? (
                <Button
                  size="small"
                  danger
                  onClick={() => onCancel(row)}
                  aria-label={`取消报名：${row.nickname}`}
                >
                  取消报名
                </Button>
              ) : null,
          },
        ] satisfies TableColumnsType<Participant>)
      : []),
  ];
}

/**
 * 报名名单: the participants of one class, activity, visit slot, walk session or live session of
 * the site (`?kind=&id=`), with their sign-up form's answers and attachments, found by name or
 * phone and filtered by status; exported as Excel or CSV; a sign-up cancelled on a learner's
 * behalf with a reason they are told.
 */
export function ParticipantsPage() {
  const filters = useUrlFilters();
  const kind = filters.text('kind');
  const id = filters.number('id');
  if (!isKind(kind) || id === undefined) {
    return <ParticipantItemsPage kind={isKind(kind) ? kind : 'class'} />;
  }
  return <ParticipantList kind={kind} id={id} filters={filters} />;
}

function ParticipantList({
  kind,
  id,
  filters,
}: {
  kind: ParticipantKind;
  id: number;
  filters: ReturnType<typeof useUrlFilters>;
}) {
  const { message } = App.useApp();
  const { number, text, setFilter } = filters;
  const query: ParticipantQuery = {
    kind,
    id,
    page: number('page') ?? 1,
    size: PAGE_SIZE,
    q: text('q'),
    status: text('status') as ParticipantStatus | undefined,
  };
  const list = useQuery({
    queryKey: participantKeys.list(query),
    queryFn: () => listParticipants(query),
    placeholderData: keepPreviousData,
  });
  const [target, setTarget] = useState<Participant | null>(null);
  const exporting = useMutation({
    mutationFn: (format: 'xlsx' | 'csv') => exportParticipants(query, format),
    onSuccess: (name) => message.success(`已导出 ${name}`),
    onError: (error) => message.error(error.message),
  });
  const attachment = useMutation({
    mutationFn: ({ fileId, name }: { fileId: number; name: string }) =>
      downloadAttachment(fileId, name),
    onError: (error) => message.error(error.message),
  });
  const item = list.data?.item;
  const table = useRef<HTMLDivElement>(null);
  useKeyboardScroll(table, '报名学员（可左右滚动）', list.data);
  const filtered = Boolean(query.q || query.status);
  const kindName = PARTICIPANT_KIND_NAMES[kind];

  return (
    <Card
      title={<h1 style={{ fontSize: 18, margin: 0 }}>报名名单{item ? `：${item.title}` : ''}</h1>}
      extra={
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            disabled={!item}
            loading={exporting.isPending && exporting.variables === 'xlsx'}
            onClick={() => exporting.mutate('xlsx')}
          >
            导出 Excel
          </Button>
          <Button
            icon={<DownloadOutlined />}
            disabled={!item}
            loading={exporting.isPending && exporting.variables === 'csv'}
            onClick={() => exporting.mutate('csv')}
          >
            导出 CSV
          </Button>
          <Button icon={<ReloadOutlined />} onClick={() => list.refetch()}>
            刷新
          </Button>
        </Space>
      }
    >
      {item ? <ItemFacts item={item} /> : null}
      <Flex wrap gap={12} style={{ marginBottom: 16 }} role="search" aria-label="筛选报名学员">
        <Input.Search
          aria-label="昵称或手机号"
          placeholder="搜索昵称或手机号"
          allowClear
          defaultValue={query.q}
          onSearch={(value) => setFilter({ q: value.trim() || undefined })}
          style={{ width: 240 }}
        />
        <Select
          aria-label="报名状态"
          placeholder="全部状态"
          allowClear
          value={query.status}
          onChange={(value) => setFilter({ status: value })}
          style={{ width: 130 }}
          options={PARTICIPANT_STATUSES.map((value) => ({
            value,
            label: PARTICIPANT_STATUS_NAMES[value],
          }))}
        />
        {list.data?.phonesMasked ? (
          <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
            手机号已部分隐藏（站点管理员和签到员可见完整号码）
          </Typography.Text>
        ) : null}
      </Flex>
      {list.isError ? (
        <LoadFailed what="报名名单" error={list.error} retry={() => list.refetch()} />
      ) : (
        <div ref={table}>
          <Table<Participant>
            rowKey="userId"
            columns={columnsOf(list.data, setTarget, (fileId, name) =>
              attachment.mutate({ fileId, name }),
            )}
            dataSource={list.data?.list}
            loading={list.isFetching}
            scroll={{ x: 'max-content' }}
            locale={{
              emptyText: (
                <Empty
                  description={filtered ? '没有符合条件的学员' : `这个${kindName}还没有学员报名`}
                />
              ),
            }}
            pagination={serverPaging(list.data, query.page, PAGE_SIZE, '位学员', setFilter)}
          />
        </div>
      )}
      <CancelDialog
        target={target && item ? { participant: target, item } : null}
        query={query}
        onClose={() => setTarget(null)}
      />
    </Card>
  );
}
