import type { PointsLedgerEntry, PointsLedgerType } from '@portal/contract';
import { ADJUSTMENT_RULE_KEY } from '@portal/contract/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Flex, Segmented, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatTime, signedPoints } from '@/ui/format.ts';
import { LoadFailed } from '@/ui/LoadFailed.tsx';
import { type LedgerQuery, learnerKeys, listLearnerLedger } from './api.ts';

const PAGE_SIZE = 10;

type TypeChoice = PointsLedgerType | 'all';

const TYPE_NAMES: Record<TypeChoice, string> = { all: '全部', earned: '获得', spent: '支出' };

const EMPTY: Record<TypeChoice, string> = {
  all: '暂无积分记录',
  earned: '暂无获得积分的记录',
  spent: '暂无支出积分的记录',
};

/** Award green, deduction red: both 4.5:1 on white, and told apart by the sign as well. */
const AMOUNT_COLORS = { earned: '#237804', spent: '#a8071a' };

const columns: TableColumnsType<PointsLedgerEntry> = [
  { title: '时间', dataIndex: 'createdAt', width: 150, render: formatTime },
  {
    title: '事项',
    key: 'rule',
    render: (_, entry) => (
      <>
        <Flex align="center" gap={6} wrap>
          <span>{entry.ruleName}</span>
          {entry.ruleKey === ADJUSTMENT_RULE_KEY ? <Tag>操作员调整</Tag> : null}
        </Flex>
        {entry.title ? (
          <Typography.Text type="secondary" style={{ display: 'block', whiteSpace: 'normal' }}>
            {entry.title}
          </Typography.Text>
        ) : null}
      </>
    ),
  },
  {
    title: '积分',
    dataIndex: 'amount',
    width: 90,
    align: 'right',
    render: (amount: number) => (
      <span
        style={{
          color: amount < 0 ? AMOUNT_COLORS.spent : AMOUNT_COLORS.earned,
          fontWeight: 600,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {signedPoints(amount)}
      </span>
    ),
  },
  { title: '余额', dataIndex: 'balanceAfter', width: 90, align: 'right' },
];

/** 积分明细: the learner's points ledger on the site, newest first: all, awards or spending. */
export function LedgerTable({ learnerId }: { learnerId: number }) {
  const [type, setType] = useState<TypeChoice>('all');
  const [page, setPage] = useState(1);
  const query: LedgerQuery = {
    id: learnerId,
    type: type === 'all' ? undefined : type,
    page,
    size: PAGE_SIZE,
  };
  const ledger = useQuery({
    queryKey: learnerKeys.ledger(query),
    queryFn: () => listLearnerLedger(query),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Flex wrap gap={12} style={{ marginBottom: 12 }}>
        <Segmented<TypeChoice>
          aria-label="收支类型"
          value={type}
          onChange={(value) => {
            setType(value);
            setPage(1);
          }}
          options={(['all', 'earned', 'spent'] as const).map((value) => ({
            value,
            label: TYPE_NAMES[value],
          }))}
        />
      </Flex>
      {ledger.isError ? (
        <LoadFailed what="积分明细" error={ledger.error} retry={() => ledger.refetch()} />
      ) : (
        <Table<PointsLedgerEntry>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={ledger.data?.list}
          loading={ledger.isFetching}
          locale={{ emptyText: ledger.isPending ? <span /> : <Empty description={EMPTY[type]} /> }}
          pagination={{
            current: ledger.data?.page ?? page,
            pageSize: PAGE_SIZE,
            total: ledger.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            showTotal: (total) => `共 ${total} 条`,
            onChange: setPage,
          }}
        />
      )}
    </>
  );
}
