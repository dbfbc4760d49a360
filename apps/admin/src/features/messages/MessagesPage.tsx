import { EditOutlined, ReloadOutlined } from '@ant-design/icons';
import type { CampaignRow } from '@portal/contract';
import {
  CAMPAIGN_STATE_NAMES,
  CAMPAIGN_STATES,
  type CampaignState,
} from '@portal/contract/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Empty,
  Flex,
  Segmented,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useRef } from 'react';
import { Link } from 'react-router';
import { useKeyboardScroll } from '@/ui/keyboard-scroll.ts';
import { LoadFailed } from '@/ui/LoadFailed.tsx';
import { serverPaging, useUrlFilters } from '@/ui/url-filters.ts';
import { type CampaignQuery, listCampaigns, messageKeys } from './api.ts';
import { CampaignStateTag, sendTimeOf, useCancelCampaign } from './campaign-parts.tsx';
import { composePath, readShare } from './message-forms.ts';

const PAGE_SIZE = 20;

type StateChoice = CampaignState | 'all';

const isState = (value: string | undefined): value is CampaignState =>
  (CAMPAIGN_STATES as readonly string[]).includes(value ?? '');

const count = (value: number | null) => (value === null ? '—' : value);

const columnsOf = (onCancel: (row: CampaignRow) => void): TableColumnsType<CampaignRow> => [
  {
    title: '标题',
    dataIndex: 'title',
    render: (title: string, row) => <Link to={`/messages/detail?id=${row.id}`}>{title}</Link>,
  },
  {
    title: '发送对象',
    key: 'audience',
    width: 240,
    ellipsis: { showTitle: true },
    render: (_, row) => row.audience.label,
  },
  {
    title: '状态',
    dataIndex: 'state',
    width: 90,
    render: (state: CampaignState) => <CampaignStateTag state={state} />,
  },
  { title: '发送时间', key: 'time', width: 150, render: (_, row) => sendTimeOf(row) },
  {
    title: '发送人数',
    dataIndex: 'recipients',
    width: 90,
    align: 'right',
    render: count,
  },
  { title: '送达', dataIndex: 'delivered', width: 80, align: 'right', render: count },
  { title: '已读', key: 'read', width: 130, align: 'right', render: (_, row) => readShare(row) },
  {
    title: '操作',
    key: 'actions',
    width: 96,
    render: (_, row) =>
      row.state === 'scheduled' ? (
        <Button
          size="small"
          danger
          onClick={() => onCancel(row)}
          aria-label={`取消「${row.title}」的定时发送`}
        >
          取消发送
        </Button>
      ) : null,
  },
];

/** What the list shows when no row answers: none written yet, or none in the state chosen. */
function NoCampaigns({ state, onClear }: { state?: CampaignState; onClear: () => void }) {
  if (!state) {
    return (
      <Empty description="还没有发过群发消息">
        <Link to={composePath()}>
          <Button type="primary">写第一条通知</Button>
        </Link>
      </Empty>
    );
  }
  return (
    <Empty description={`没有${CAMPAIGN_STATE_NAMES[state]}的消息`}>
      <Button onClick={onClear}>查看全部</Button>
    </Empty>
  );
}

/**
 * 群发消息: the notices the site's staff wrote to its learners, the latest first, by state, with
 * how many each went to, reached and was read by; one waiting for its time can be cancelled.
 */
export function MessagesPage() {
  const { number, text, setFilter } = useUrlFilters();
  const state = text('state');
  const query: CampaignQuery = {
    page: number('page') ?? 1,
    size: PAGE_SIZE,
    state: isState(state) ? state : undefined,
  };
  const list = useQuery({
    queryKey: messageKeys.list(query),
    queryFn: () => listCampaigns(query),
    placeholderData: keepPreviousData,
    // A notice going out: its counts follow while the page is open.
    refetchInterval: (current) =>
      current.state.data?.list.some((row) => row.state === 'sending') ? 3000 : false,
  });
  const cancel = useCancelCampaign();
  const table = useRef<HTMLDivElement>(null);
  useKeyboardScroll(table, '群发消息列表（可左右滚动）', list.data);
  return (
    <Card
      title={<h1 style={{ fontSize: 18, margin: 0 }}>群发消息</h1>}
      extra={
        <Flex gap={8}>
          <Button
            icon={<ReloadOutlined />}
            loading={list.isRefetching}
            onClick={() => list.refetch()}
          >
            刷新
          </Button>
          <Link to={composePath()}>
            <Button type="primary" icon={<EditOutlined />}>
              写通知
            </Button>
          </Link>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">
        给本站全部学员、某个项目的报名学员、某个团队或 30
        天未登录的学员发通知，立即或定时发送；学员在「我的消息」里收到。送达：发送后登录过本站的人数。
      </Typography.Paragraph>
      <Flex wrap gap={12} style={{ marginBottom: 16 }} role="search" aria-label="筛选消息">
        <Segmented<StateChoice>
          aria-label="消息状态"
          value={query.state ?? 'all'}
          onChange={(value) => setFilter({ state: value === 'all' ? undefined : value })}
          options={[
            { value: 'all', label: '全部' },
            ...CAMPAIGN_STATES.map((value) => ({ value, label: CAMPAIGN_STATE_NAMES[value] })),
          ]}
        />
      </Flex>
      {list.isError ? (
        <LoadFailed what="群发消息列表" error={list.error} retry={() => list.refetch()} />
      ) : (
        <div ref={table}>
          <Table<CampaignRow>
            rowKey="id"
            columns={columnsOf(cancel.ask)}
            dataSource={list.data?.list}
            // Not on every poll of a notice going out: on the first load and a change of filter.
            loading={list.isPending || list.isPlaceholderData}
            scroll={{ x: 'max-content' }}
            locale={{
              emptyText: list.isPending ? (
                <span />
              ) : (
                <NoCampaigns state={query.state} onClear={() => setFilter({ state: undefined })} />
              ),
            }}
            pagination={serverPaging(list.data, query.page, PAGE_SIZE, '条消息', setFilter)}
          />
        </div>
      )}
    </Card>
  );
}
