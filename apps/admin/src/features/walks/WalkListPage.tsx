import type { AdminWalkRow } from '@portal/contract';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { type ListKind, ReviewListPage, reviewColumns } from '@/features/review/ReviewListPage.tsx';
import { walkApi } from './walks-api.ts';

/** A route's length as learners read it: metres below a kilometre, else kilometres. */
export const formatDistance = (metres: number) =>
  metres < 1000 ? `${metres} 米` : `${(metres / 1000).toFixed(1).replace(/\.0$/, '')} 公里`;

const columns: TableColumnsType<AdminWalkRow> = [
  {
    title: '路线名称',
    dataIndex: 'title',
    minWidth: 220,
    render: (title: string, row) => <Link to={`/walks/edit?id=${row.id}`}>{title}</Link>,
  },
  { title: '长度', dataIndex: 'distanceM', width: 100, render: formatDistance },
  {
    title: '用时',
    dataIndex: 'durationMinutes',
    width: 100,
    render: (minutes: number) => `${minutes} 分钟`,
  },
  { title: '站点', dataIndex: 'stopCount', width: 80, render: (n: number) => `${n} 站` },
  { title: '导览场次', dataIndex: 'sessionCount', width: 100, render: (n: number) => `${n} 场` },
  ...reviewColumns<AdminWalkRow>(),
];

const WALKS: ListKind<AdminWalkRow> = {
  name: '行走路线',
  unit: '条',
  listPath: '/walks',
  api: walkApi,
  columns,
};

/** The site's humanities walks (人文行走管理): routes, their stops and guided sessions. */
export function WalkListPage() {
  return <ReviewListPage kind={WALKS} />;
}
