import {
  DownloadOutlined,
  NotificationOutlined,
  PaperClipOutlined,
  ReloadOutlined,
  ScanOutlined,
} from '@ant-design/icons';
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
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
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
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { Link, type To, useNavigate } from 'react-router';
import { useOperator } from '@/app/operator.ts';
import { composePath, type FromItem } from '@/features/messages/message-forms.ts';
import { formatTime } from '@/ui/format.ts';
import { useKeyboardScroll } from '@/ui/keyboard-scroll.ts';
import { LoadFailed } from '@/ui/LoadFailed.tsx';
import { PARTICIPANT_STATUS_COLORS, ParticipantStatusTag } from '@/ui/ParticipantStatusTag.tsx';
import { ReasonField } from '@/ui/ReasonField.tsx';
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
import { type Refusal, RefuseDialog } from './RefuseDialog.tsx';
import { useRefreshSignups, useReview } from './use-review.ts';

const PAGE_SIZE = 20;

/** The states a reviewer decides on: 待审核 (accepted or refused) and 候补 (refused). */
const REVIEWABLE: ReadonlySet<ParticipantStatus> = new Set(['pending', 'waiting']);
/** The states an operator may cancel on a learner's behalf. */
const CANCELLABLE: ReadonlySet<ParticipantStatus> = new Set(['active', 'pending', 'waiting']);

const isKind = (value: string | undefined): value is ParticipantKind =>
  (PARTICIPANT_KINDS as readonly string[]).includes(value ?? '');

/**
 * The heading's tags: the item's sign-ups wait for review, and how many learners are in its
 * waiting list (a link to them, in line order).
 */
function HeadingTags({ page, waitingList }: { page: ParticipantPage; waitingList: To }) {
  return (
    <>
      {page.reviewSignups ? <Tag color={PARTICIPANT_STATUS_COLORS.pending}>报名需审核</Tag> : null}
      {page.waitingCount > 0 ? (
        <Tag color={PARTICIPANT_STATUS_COLORS.waiting}>
          <Link
            to={waitingList}
            aria-label={`候补 ${page.waitingCount} 人，查看候补名单`}
            style={{ color: 'inherit', textDecoration: 'underline' }}
          >
            {PARTICIPANT_STATUS_NAMES.waiting} {page.waitingCount} 人
          </Link>
        </Tag>
      ) : null}
    </>
  );
}

/** A participant's state: in line, their place; refused, the reason; cancelled, when. */
function StatusCell({ row }: { row: Participant }) {
  const name =
    row.status === 'waiting' && row.place !== null
      ? `${PARTICIPANT_STATUS_NAMES.waiting}第 ${row.place} 位`
      : PARTICIPANT_STATUS_NAMES[row.status];
  const note =
    row.status === 'rejected' && row.reviewNote
      ? `原因：${row.reviewNote}`
      : row.cancelledAt
        ? formatTime(row.cancelledAt)
        : null;
  return (
    <>
      <ParticipantStatusTag status={row.status}>{name}</ParticipantStatusTag>
      {note ? (
        <Typography.Text
          type="secondary"
          style={{ display: 'block', marginTop: 4, maxWidth: 220, whiteSpace: 'normal' }}
        >
          {note}
        </Typography.Text>
      ) : null}
    </>
  );
}

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
  const refresh = useRefreshSignups(query.kind);
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
      return refresh();
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
        {target?.participant.status === 'waiting'
          ? '学员将移出候补名单；'
          : '名额会立即释放（有候补的，按顺序递补给候补名单的第一位）；'}
        取消原因会以消息告知学员，并记入操作日志。
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={({ reason }) => cancel.mutate(reason.trim())}
        requiredMark={false}
      >
        <ReasonField
          what="取消"
          max={CANCEL_REASON_MAX}
          placeholder="例如：该班名额调整，已为您保留下期名额"
        />
      </Form>
    </Modal>
  );
}

/** What the rows' buttons do. */
interface RowActions {
  onCancel: (participant: Participant) => void;
  onAccept: (participant: Participant) => void;
  onRefuse: (participant: Participant) => void;
  onAttachment: (id: number, name: string) => void;
  /** The learner being accepted now (their button spins). */
  accepting: number | null;
}

/** A row's buttons: accept or refuse (待审核), take off the waiting list (候补), cancel. */
function RowButtons({
  row,
  page,
  actions,
}: {
  row: Participant;
  page: ParticipantPage;
  actions: RowActions;
}) {
  const review = page.canReview && REVIEWABLE.has(row.status);
  const cancel = page.canCancel && CANCELLABLE.has(row.status) && !row.checkedInAt;
  if (!review && !cancel) return null;
  return (
    <Space size={4} wrap>
      {review && row.status === 'pending' ? (
        <Button
          size="small"
          type="primary"
          loading={actions.accepting === row.userId}
          onClick={() => actions.onAccept(row)}
          aria-label={`通过：${row.nickname}`}
        >
          通过
        </Button>
      ) : null}
      {review ? (
        <Button
          size="small"
          onClick={() => actions.onRefuse(row)}
          aria-label={`${row.status === 'waiting' ? '移出候补' : '不通过'}：${row.nickname}`}
        >
          {row.status === 'waiting' ? '移出候补' : '不通过'}
        </Button>
      ) : null}
      {cancel ? (
        <Button
          size="small"
          danger
          onClick={() => actions.onCancel(row)}
          aria-label={`取消报名：${row.nickname}`}
        >
          取消报名
        </Button>
      ) : null}
    </Space>
  );
}

function columnsOf(
  page: ParticipantPage | undefined,
  actions: RowActions,
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
                      onClick={() => actions.onAttachment(file.id, file.name)}
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
      key: 'status',
      width: 170,
      render: (_, row) => <StatusCell row={row} />,
    },
    { title: '报名时间', dataIndex: 'signedAt', width: 150, render: formatTime },
    ...(page && (page.canCancel || page.canReview)
      ? ([
          {
            title: '操作',
            key: 'actions',
            width: page.canReview ? 250 : 100,
            fixed: 'right',
            render: (_, row) => <RowButtons row={row} page={page} actions={actions} />,
          },
        ] satisfies TableColumnsType<Participant>)
      : []),
  ];
}

/**
 * 报名名单: the participants of one class, activity, visit slot, walk session or live session of
 * the site (`?kind=&id=`), with their sign-up form's answers and attachments, found by name or
 * phone and filtered by status; exported as Excel or CSV; a sign-up cancelled on a learner's
 * behalf with a reason they are told. A class's or activity's applicants waiting for review
 * (待审核) accepted or refused (with a reason) by a reviewer, one by one or chosen in bulk, and
 * learners taken off its waiting list (候补, shown in line order).
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
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const operator = useOperator();
  const { params, number, text, setFilter } = filters;
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
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // The learners chosen for a bulk decision, on this page of the list as filtered (another page
  // or filter chooses afresh).
  const at = params.toString();
  const [picked, setPicked] = useState<{ at: string; keys: number[] }>({ at, keys: [] });
  const selected = picked.at === at ? picked.keys : [];
  const setSelected = (keys: number[]) => setPicked({ at, keys });
  const review = useReview(kind, id);
  const accept = (rows: Participant[]) =>
    review.mutate(
      { userIds: rows.map((row) => row.userId), decision: 'accept' },
      { onSuccess: () => setSelected([]) },
    );
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
  const page = list.data;
  const item = page?.item;
  const table = useRef<HTMLDivElement>(null);
  useKeyboardScroll(table, '报名学员（可左右滚动）', list.data);
  const filtered = Boolean(query.q || query.status);
  const kindName = PARTICIPANT_KIND_NAMES[kind];

  // Review: for a reviewer, on an item that asks for it or has a waiting list.
  const reviewing = Boolean(
    page?.canReview &&
      (page.reviewSignups ||
        page.waitingCount > 0 ||
        page.list.some((row) => REVIEWABLE.has(row.status))),
  );
  const chosen = (page?.list ?? []).filter(
    (row) => selected.includes(row.userId) && REVIEWABLE.has(row.status),
  );
  const acceptable = chosen.filter((row) => row.status === 'pending');
  const choosable = (page?.list ?? []).filter((row) => REVIEWABLE.has(row.status));
  const allChosen = choosable.length > 0 && chosen.length === choosable.length;
  const waitingList = new URLSearchParams(params);
  waitingList.set('status', 'waiting');
  waitingList.delete('page');
  const accepting =
    review.isPending &&
    review.variables.decision === 'accept' &&
    review.variables.userIds.length === 1
      ? (review.variables.userIds[0] ?? null)
      : null;

  return (
    <Card
      title={
        <Flex wrap align="center" gap={8}>
          <h1 style={{ fontSize: 18, margin: 0 }}>报名名单{item ? `：${item.title}` : ''}</h1>
          {page ? <HeadingTags page={page} waitingList={{ search: `?${waitingList}` }} /> : null}
        </Flex>
      }
      extra={
        <Space wrap>
          {kind === 'activity' && operator.can('checkin') ? (
            <Button
              type="primary"
              icon={<ScanOutlined />}
              onClick={() => navigate(`/checkin?activityId=${id}`)}
            >
              签到台
            </Button>
          ) : null}
          {item && (operator.can('site_admin') || operator.can('editor')) ? (
            <Link
              to={composePath({ kind, id })}
              state={{ itemTitle: item.title } satisfies FromItem}
            >
              <Button icon={<NotificationOutlined />}>发通知</Button>
            </Link>
          ) : null}
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
      {reviewing && !list.isError ? (
        <Flex wrap align="center" gap={8} style={{ marginBottom: 12 }}>
          <Button
            type="primary"
            disabled={acceptable.length === 0 || review.isPending}
            loading={review.isPending && review.variables.decision === 'accept' && !accepting}
            onClick={() =>
              modal.confirm({
                title: `通过所选的 ${acceptable.length} 位学员的报名？`,
                content: '通过后即报名成功，学员会收到消息。',
                okText: '通过',
                cancelText: '返回',
                onOk: () => accept(acceptable),
              })
            }
          >
            批量通过{acceptable.length > 0 ? ` ${acceptable.length} 人` : ''}
          </Button>
          <Button
            danger
            disabled={chosen.length === 0 || review.isPending}
            onClick={() => setRefusal({ rows: chosen, bulk: true })}
          >
            批量不通过{chosen.length > 0 ? ` ${chosen.length} 人` : ''}
          </Button>
          <Button
            disabled={choosable.length === 0}
            onClick={() => setSelected(allChosen ? [] : choosable.map((row) => row.userId))}
          >
            {allChosen ? '取消全选' : '全选本页'}
          </Button>
          <Typography.Text type="secondary">
            {chosen.length === 0
              ? '勾选待审核或候补的学员后可批量审核'
              : `已选 ${chosen.length} 人${
                  chosen.length > acceptable.length
                    ? `，其中候补 ${chosen.length - acceptable.length} 人（候补的学员只能不通过）`
                    : ''
                }`}
          </Typography.Text>
        </Flex>
      ) : null}
      {list.isError ? (
        <LoadFailed what="报名名单" error={list.error} retry={() => list.refetch()} />
      ) : (
        <div ref={table}>
          <Table<Participant>
            rowKey="userId"
            columns={columnsOf(page, {
              onCancel: setTarget,
              onAccept: (row) => accept([row]),
              onRefuse: (row) => setRefusal({ rows: [row], bulk: false }),
              onAttachment: (fileId, name) => attachment.mutate({ fileId, name }),
              accepting,
            })}
            dataSource={page?.list}
            loading={list.isFetching}
            scroll={{ x: 'max-content' }}
            rowSelection={
              reviewing
                ? {
                    fixed: true,
                    // Chosen all at once by the button above: a select-all box here is copied
                    // into the table's hidden measuring row, where it could take the focus.
                    hideSelectAll: true,
                    selectedRowKeys: selected,
                    onChange: (keys) => setSelected(keys.map(Number)),
                    getCheckboxProps: (row) => ({
                      disabled: !REVIEWABLE.has(row.status),
                      'aria-label': `选择${row.nickname}`,
                    }),
                  }
                : undefined
            }
            locale={{
              emptyText: (
                <Empty
                  description={filtered ? '没有符合条件的学员' : `这个${kindName}还没有学员报名`}
                />
              ),
            }}
            pagination={serverPaging(page, query.page, PAGE_SIZE, '位学员', setFilter)}
          />
        </div>
      )}
      <CancelDialog
        target={target && item ? { participant: target, item } : null}
        query={query}
        onClose={() => setTarget(null)}
      />
      <RefuseDialog
        refusal={refusal}
        review={review}
        onClose={() => setRefusal(null)}
        onDone={() => setSelected([])}
      />
    </Card>
  );
}
