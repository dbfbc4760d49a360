import { ReloadOutlined } from '@ant-design/icons';
import type { ParticipantItemRow } from '@portal/contract';
import {
  PARTICIPANT_KIND_NAMES,
  PARTICIPANT_KINDS,
  type ParticipantKind,
} from '@portal/contract/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Empty,
  Flex,
  Input,
  Segmented,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { Link } from 'react-router';
import { formatTime } from '@/ui/format.ts';
import { LoadFailed } from '@/ui/LoadFailed.tsx';
import { serverPaging, useUrlFilters } from '@/ui/url-filters.ts';
import { listParticipantItems, type ParticipantItemQuery, participantKeys } from './api.ts';

const PAGE_SIZE = 20;

type When = 'upcoming' | 'ended';

const WHEN_NAMES: Record<When, string> = { upcoming: '未结束', ended: '已结束' };

const columns: TableColumnsType<ParticipantItemRow> = [
  {
    title: '名称',
    dataIndex: 'title',
    render: (title: string, row) => (
      <Link to={`/participants?kind=${row.kind}&id=${row.id}`} aria-label={`${title}的报名名单`}>
        {title}
      </Link>
    ),
  },
  {
    title: '时间',
    key: 'time',
    width: 280,
    render: (_, row) =>
      row.endAt
        ? `${formatTime(row.startAt)} 至 ${formatTime(row.endAt)}`
        : formatTime(row.startAt),
  },
  {
    title: '报名',
    key: 'seats',
    width: 130,
    render: (_, row) =>
      row.capacity === null ? `${row.seatsTaken} 人预约` : `${row.seatsTaken} / ${row.capacity}`,
  },
];

/**
 * 报名名单's first page: the site's classes, activities, visit slots, walk sessions or live
 * sessions (one kind at a time) that learners could sign up for, those not ended soonest first or
 * those ended latest first, found by title; each opens its participants. The way in for every
 * role that lists participants (a 签到员 has no content lists to start from).
 */
export function ParticipantItemsPage({ kind }: { kind: ParticipantKind }) {
  const { number, text, setFilter } = useUrlFilters();
  const when: When = text('when') === 'ended' ? 'ended' : 'upcoming';
  const query: ParticipantItemQuery = {
    kind,
    when,
    page: number('page') ?? 1,
    size: PAGE_SIZE,
    q: text('q'),
  };
  const items = useQuery({
    queryKey: participantKeys.items(query),
    queryFn: () => listParticipantItems(query),
    placeholderData: keepPreviousData,
  });
  const kindName = PARTICIPANT_KIND_NAMES[kind];
  return (
    <Card
      title={<h1 style={{ fontSize: 18, margin: 0 }}>报名名单</h1>}
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => items.refetch()}>
          刷新
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        选择一个项目，查看报名（预约）的学员、审核报名和候补、导出名单或代学员取消报名。
      </Typography.Paragraph>
      <Flex wrap gap={12} style={{ marginBottom: 16 }} role="search" aria-label="筛选报名项目">
        <Segmented<ParticipantKind>
          aria-label="项目类型"
          value={kind}
          onChange={(value) => setFilter({ kind: value, q: undefined })}
          options={PARTICIPANT_KINDS.map((value) => ({
            value,
            label: PARTICIPANT_KIND_NAMES[value],
          }))}
        />
        <Segmented<When>
          aria-label="时间"
          value={when}
          onChange={(value) => setFilter({ when: value === 'ended' ? value : undefined })}
          options={(['upcoming', 'ended'] as const).map((value) => ({
            value,
            label: WHEN_NAMES[value],
          }))}
        />
        <Input.Search
          key={kind}
          aria-label="名称关键词"
          placeholder={`搜索${kindName}名称`}
          allowClear
          defaultValue={query.q}
          onSearch={(value) => setFilter({ q: value.trim() || undefined })}
          style={{ width: 240 }}
        />
      </Flex>
      {items.isError ? (
        <LoadFailed what={`${kindName}列表`} error={items.error} retry={() => items.refetch()} />
      ) : (
        <Table<ParticipantItemRow>
          rowKey="id"
          columns={columns}
          dataSource={items.data?.list}
          loading={items.isFetching}
          locale={{
            emptyText: (
              <Empty
                description={
                  query.q
                    ? `没有名称含“${query.q}”的${kindName}`
                    : `没有${WHEN_NAMES[when]}的${kindName}`
                }
              />
            ),
          }}
          pagination={serverPaging(items.data, query.page, PAGE_SIZE, `个${kindName}`, setFilter)}
        />
      )}
    </Card>
  );
}
