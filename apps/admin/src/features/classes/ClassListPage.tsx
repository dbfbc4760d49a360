import type { AdminClassRow } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Select, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { type ListKind, ReviewListPage, reviewColumns } from '@/features/review/ReviewListPage.tsx';
import { ParticipantsLink } from '@/ui/ParticipantsLink.tsx';
import { PhaseTag } from '@/ui/PhaseTag.tsx';
import { classApi, classKeys, listClassChoices } from './api.ts';

const columns: TableColumnsType<AdminClassRow> = [
  {
    title: '班级名称',
    dataIndex: 'title',
    minWidth: 220,
    render: (title: string, row) => <Link to={`/classes/edit?id=${row.id}`}>{title}</Link>,
  },
  { title: '学期', dataIndex: 'term', width: 120 },
  { title: '授课教师', dataIndex: 'teacherName', width: 110 },
  {
    title: '开课日期',
    dataIndex: 'startAt',
    width: 110,
    render: (startAt: string) => dayjs(startAt).format('YYYY-MM-DD'),
  },
  {
    title: '报名',
    dataIndex: 'phase',
    width: 150,
    render: (phase: AdminClassRow['phase'], row) => (
      <>
        <PhaseTag phase={phase} seatsTaken={row.seatsTaken} capacity={row.capacity} />{' '}
        <ParticipantsLink kind="class" id={row.id} label={row.title} />
      </>
    ),
  },
  ...reviewColumns<AdminClassRow>(),
];

type Filters = Parameters<NonNullable<ListKind<AdminClassRow>['filters']>>[0];

/** The class kind's own filter: its term. */
function TermFilter({ filters }: { filters: Filters }) {
  const choices = useQuery({ queryKey: classKeys.choices, queryFn: listClassChoices });
  return (
    <Select
      aria-label="学期"
      placeholder="全部学期"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={filters.text('term')}
      loading={choices.isPending}
      onChange={(value) => filters.setFilter({ term: value || undefined })}
      style={{ width: 160 }}
      options={(choices.data?.terms ?? []).map((term) => ({ value: term, label: term }))}
    />
  );
}

const CLASSES: ListKind<AdminClassRow> = {
  name: '班级',
  unit: '个',
  listPath: '/classes',
  api: classApi,
  columns,
  filters: (filters) => <TermFilter filters={filters} />,
  query: ({ text }) => ({ term: text('term') }),
};

/** The site's classes (班级管理). */
export function ClassListPage() {
  return <ReviewListPage kind={CLASSES} />;
}
