import type { AdminLiveRow } from '@portal/contract';
import { LIVE_STATE_LABELS, LIVE_STATES, type LiveState } from '@portal/contract/constants';
import { Select, type TableColumnsType, Tag } from 'antd';
import { Link } from 'react-router';
import { type ListKind, ReviewListPage, reviewColumns } from '@/features/review/ReviewListPage.tsx';
import { formatTime } from '@/ui/format.ts';
import { ParticipantsLink } from '@/ui/ParticipantsLink.tsx';
import { liveApi, useLiveChoices } from './live-api.ts';

/** Filled tags, white text on a dark shade: 4.5:1 at least. */
const STATE_COLORS: Record<LiveState, string> = {
  upcoming: '#0e56d8',
  live: '#a8071a',
  ended: '#595959',
};

const columns: TableColumnsType<AdminLiveRow> = [
  {
    title: '直播标题',
    dataIndex: 'title',
    minWidth: 220,
    render: (title: string, row) => <Link to={`/live/edit?id=${row.id}`}>{title}</Link>,
  },
  { title: '频道', dataIndex: 'channelName', width: 150 },
  {
    title: '直播时间',
    dataIndex: 'startsAt',
    width: 170,
    render: (startsAt: string, row) => (
      <>
        {formatTime(startsAt)}
        <br />至 {formatTime(row.endsAt)}
      </>
    ),
  },
  {
    title: '直播状态',
    dataIndex: 'state',
    width: 100,
    render: (state: LiveState) => <Tag color={STATE_COLORS[state]}>{LIVE_STATE_LABELS[state]}</Tag>,
  },
  {
    title: '预约',
    key: 'reservations',
    width: 90,
    render: (_, row) => (
      <ParticipantsLink kind="live" id={row.id} label={row.title} text="预约名单" />
    ),
  },
  ...reviewColumns<AdminLiveRow>(),
];

/** The live kind's own filters: its channel and its time state. */
function LiveFilters({
  filters,
}: {
  filters: Parameters<NonNullable<ListKind<AdminLiveRow>['filters']>>[0];
}) {
  const choices = useLiveChoices();
  return (
    <>
      <Select
        aria-label="直播频道"
        placeholder="全部频道"
        allowClear
        value={filters.number('channelId')}
        loading={choices.isPending}
        onChange={(value) => filters.setFilter({ channelId: value ? String(value) : undefined })}
        style={{ width: 180 }}
        options={(choices.data?.channels ?? []).map((channel) => ({
          value: channel.id,
          label: channel.name,
        }))}
      />
      <Select
        aria-label="直播状态"
        placeholder="全部时间"
        allowClear
        value={filters.text('state')}
        onChange={(value) => filters.setFilter({ state: value })}
        style={{ width: 130 }}
        options={LIVE_STATES.map((value) => ({ value, label: LIVE_STATE_LABELS[value] }))}
      />
    </>
  );
}

const LIVE: ListKind<AdminLiveRow> = {
  name: '直播',
  unit: '场',
  listPath: '/live',
  api: liveApi,
  columns,
  filters: (filters) => <LiveFilters filters={filters} />,
  query: ({ number, text }) => ({ channelId: number('channelId'), state: text('state') }),
};

/** The site's live sessions (直播管理). */
export function LiveListPage() {
  return <ReviewListPage kind={LIVE} />;
}
