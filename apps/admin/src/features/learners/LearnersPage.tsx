import { ReloadOutlined } from '@ant-design/icons';
import type { LearnerRow } from '@portal/contract';
import { LEARNER_STATE_NAMES, LEARNER_STATES, type LearnerState } from '@portal/contract/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Avatar,
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
import { useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useOperator } from '@/app/operator.ts';
import { formatTime } from '@/ui/format.ts';
import { useKeyboardScroll } from '@/ui/keyboard-scroll.ts';
import { LoadFailed } from '@/ui/LoadFailed.tsx';
import { serverPaging, useUrlFilters } from '@/ui/url-filters.ts';
import { type LearnerQuery, learnerKeys, listLearners } from './api.ts';
import { LearnerStateTag } from './LearnerStateTag.tsx';
import { type FromList, learnerPaths } from './paths.ts';

const PAGE_SIZE = 20;

type StateChoice = LearnerState | 'all';

const isState = (value: string | undefined): value is LearnerState =>
  (LEARNER_STATES as readonly string[]).includes(value ?? '');

/** The list's columns; a learner's link carries the list's search back (`FromList`). */
const columnsOf = (from: FromList): TableColumnsType<LearnerRow> => [
  {
    title: '学员',
    dataIndex: 'nickname',
    render: (nickname: string, row) => (
      <Flex align="center" gap={8}>
        <Avatar size="small" src={row.avatar ?? undefined} alt="" aria-hidden>
          {nickname.slice(0, 1)}
        </Avatar>
        <Link to={learnerPaths.detail(row.id)} state={from}>
          {nickname}
        </Link>
      </Flex>
    ),
  },
  { title: '手机号', dataIndex: 'phone', width: 140 },
  // Points and state before the dates: on a narrow screen the dates are the ones scrolled to.
  { title: '积分', dataIndex: 'points', width: 90, align: 'right' },
  {
    title: '状态',
    dataIndex: 'state',
    width: 90,
    render: (state: LearnerState) => <LearnerStateTag state={state} />,
  },
  { title: '最近登录', dataIndex: 'lastSeenAt', width: 160, render: formatTime },
  { title: '加入本站', dataIndex: 'joinedAt', width: 160, render: formatTime },
];

/** What the list shows when no row answers: none on the site yet, or none the filter keeps. */
function NoLearners({ query, onClear }: { query: LearnerQuery; onClear: () => void }) {
  if (!query.q && !query.state) {
    return (
      <Empty description="本站还没有学员">
        <Typography.Text type="secondary">学员在学习网登录本站后会出现在这里。</Typography.Text>
      </Empty>
    );
  }
  const state = query.state ? LEARNER_STATE_NAMES[query.state] : '';
  const description = query.q
    ? `没有昵称或手机号含“${query.q}”的${state}学员`
    : `没有${state}的学员`;
  return (
    <Empty description={description}>
      <Button onClick={onClear}>清除筛选</Button>
    </Empty>
  );
}

/**
 * 学员管理: the site's learners, the latest to join first, found by nickname or phone digits and
 * filtered by state (正常 / 已停用), each opening their records on the site. Phones are masked
 * for the roles that do not need them.
 */
export function LearnersPage() {
  const operator = useOperator();
  const { number, text, setFilter } = useUrlFilters();
  const location = useLocation();
  const state = text('state');
  const query: LearnerQuery = {
    page: number('page') ?? 1,
    size: PAGE_SIZE,
    q: text('q'),
    state: isState(state) ? state : undefined,
  };
  const list = useQuery({
    queryKey: learnerKeys.list(query),
    queryFn: () => listLearners(query),
    placeholderData: keepPreviousData,
  });
  const table = useRef<HTMLDivElement>(null);
  useKeyboardScroll(table, '学员列表（可左右滚动）', list.data);
  return (
    <Card
      title={<h1 style={{ fontSize: 18, margin: 0 }}>学员管理</h1>}
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => list.refetch()}>
          刷新
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        在本站登录过的学员：查看学习情况、报名记录和积分明细
        {operator.can('site_admin') ? '，停用或启用账号，调整积分' : ''}。
      </Typography.Paragraph>
      <Flex wrap gap={12} style={{ marginBottom: 16 }} role="search" aria-label="筛选学员">
        <Input.Search
          // A new box when the address changes (清除筛选, back): it shows the search it holds.
          key={query.q ?? ''}
          aria-label="昵称或手机号"
          placeholder="搜索昵称或手机号"
          allowClear
          defaultValue={query.q}
          onSearch={(value) => setFilter({ q: value.trim() || undefined })}
          style={{ width: 240 }}
        />
        <Segmented<StateChoice>
          aria-label="账号状态"
          value={query.state ?? 'all'}
          onChange={(value) => setFilter({ state: value === 'all' ? undefined : value })}
          options={[
            { value: 'all', label: '全部' },
            ...LEARNER_STATES.map((value) => ({ value, label: LEARNER_STATE_NAMES[value] })),
          ]}
        />
        {list.data?.phonesMasked ? (
          <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
            手机号已部分隐藏（站点管理员和签到员可见完整号码）
          </Typography.Text>
        ) : null}
      </Flex>
      {list.isError ? (
        <LoadFailed what="学员列表" error={list.error} retry={() => list.refetch()} />
      ) : (
        <div ref={table}>
          <Table<LearnerRow>
            rowKey="id"
            columns={columnsOf({ listSearch: location.search })}
            dataSource={list.data?.list}
            loading={list.isFetching}
            scroll={{ x: 'max-content' }}
            locale={{
              emptyText: list.isPending ? (
                // Still loading: the spinner says so, not an empty list.
                <span />
              ) : (
                <NoLearners
                  query={query}
                  onClear={() => setFilter({ q: undefined, state: undefined })}
                />
              ),
            }}
            pagination={serverPaging(list.data, query.page, PAGE_SIZE, '位学员', setFilter)}
          />
        </div>
      )}
    </Card>
  );
}
