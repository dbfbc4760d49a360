import type { AdminProgrammeRow } from '@portal/contract';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { type ListKind, ReviewListPage, reviewColumns } from '@/features/review/ReviewListPage.tsx';
import { BaseSelect } from './BaseSelect.tsx';
import { programmeApi } from './programmes-api.ts';

const columns: TableColumnsType<AdminProgrammeRow> = [
  {
    title: '项目名称',
    dataIndex: 'title',
    minWidth: 200,
    render: (title: string, row) => <Link to={`/programmes/edit?id=${row.id}`}>{title}</Link>,
  },
  { title: '体验基地', dataIndex: 'baseName', minWidth: 140 },
  {
    title: '时长',
    dataIndex: 'durationMinutes',
    width: 90,
    render: (minutes: number) => `${minutes} 分钟`,
  },
  {
    title: '近期场次',
    dataIndex: 'upcomingSlots',
    width: 100,
    render: (slots: number) => (slots === 0 ? '暂无' : `${slots} 个`),
  },
  {
    title: '已预约',
    dataIndex: 'seatsTaken',
    width: 90,
    render: (seats: number) => `${seats} 人`,
  },
  ...reviewColumns<AdminProgrammeRow>(),
];

const PROGRAMMES: ListKind<AdminProgrammeRow> = {
  name: '参观项目',
  unit: '个',
  listPath: '/programmes',
  api: programmeApi,
  columns,
  // The programme's own filter: its base, searched on the server.
  filters: (filters) => (
    <BaseSelect
      aria-label="体验基地"
      placeholder="全部体验基地"
      allowClear
      value={filters.number('placeId')}
      onChange={(placeId) => filters.setFilter({ placeId: placeId ? String(placeId) : undefined })}
      style={{ width: 220 }}
    />
  ),
  query: ({ number }) => ({ placeId: number('placeId') }),
};

/** The visit programmes of the site's experience bases (参观项目管理), with their slots. */
export function ProgrammeListPage() {
  return <ReviewListPage kind={PROGRAMMES} />;
}
