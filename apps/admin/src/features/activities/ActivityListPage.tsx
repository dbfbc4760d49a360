import type { AdminActivityRow } from '@portal/contract';
import { ACTIVITY_KINDS, type ClassStatus } from '@portal/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { Select, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { type ListKind, ReviewListPage, reviewColumns } from '@/features/review/ReviewListPage.tsx';
import { formatTime } from '@/ui/format.ts';
import { ParticipantsLink } from '@/ui/ParticipantsLink.tsx';
import { PhaseTag } from '@/ui/PhaseTag.tsx';
import { activityApi, listActivityChoices } from './ActivityEditPage.tsx';

const columns: TableColumnsType<AdminActivityRow> = [
  {
    title: '活动名称',
    dataIndex: 'title',
    minWidth: 220,
    render: (title: string, row) => <Link to={`/activities/edit?id=${row.id}`}>{title}</Link>,
  },
  { title: '类型', dataIndex: 'kind', width: 90 },
  { title: '主办方', dataIndex: 'organiserName', width: 140 },
  { title: '开始时间', dataIndex: 'startAt', width: 140, render: formatTime },
  {
    title: '报名',
    dataIndex: 'phase',
    width: 150,
    render: (phase: ClassStatus, row) => (
      <>
        <PhaseTag phase={phase} seatsTaken={row.seatsTaken} capacity={row.capacity} />{' '}
        <ParticipantsLink kind="activity" id={row.id} label={row.title} />
      </>
    ),
  },
  ...reviewColumns<AdminActivityRow>(),
];

type Filters = Parameters<NonNullable<ListKind<AdminActivityRow>['filters']>>[0];

/** The activity kind's own filters: its type and its organiser. */
function ActivityFilters({ filters }: { filters: Filters }) {
  const choices = useQuery({ queryKey: ['activities', 'choices'], queryFn: listActivityChoices });
  return (
    <>
      <Select
        aria-label="活动类型"
        placeholder="全部类型"
        allowClear
        value={filters.text('kind') || undefined}
        onChange={(value) => filters.setFilter({ kind: value || undefined })}
        style={{ width: 130 }}
        options={ACTIVITY_KINDS.map((kind) => ({ value: kind, label: kind }))}
      />
      <Select
        aria-label="主办方"
        placeholder="全部主办方"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        value={filters.number('organiserId')}
        loading={choices.isPending}
        onChange={(value) => filters.setFilter({ organiserId: value ? String(value) : undefined })}
        style={{ width: 180 }}
        options={(choices.data?.organisers ?? []).map((entry) => ({
          value: entry.id,
          label: entry.name,
        }))}
      />
    </>
  );
}

const ACTIVITIES: ListKind<AdminActivityRow> = {
  name: '活动',
  unit: '个',
  listPath: '/activities',
  api: activityApi,
  columns,
  filters: (filters) => <ActivityFilters filters={filters} />,
  query: ({ number, text }) => ({
    kind: text('kind') || undefined,
    organiserId: number('organiserId'),
  }),
};

/** The site's activities and special activities (活动管理). */
export function ActivityListPage() {
  return <ReviewListPage kind={ACTIVITIES} />;
}
