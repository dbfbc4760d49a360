import type { AdminCourseRow } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Select, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { type ListKind, ReviewListPage, reviewColumns } from '@/features/review/ReviewListPage.tsx';
import { courseApi, listCourseChoices } from './CourseEditPage.tsx';

const columns: TableColumnsType<AdminCourseRow> = [
  {
    title: '课程名称',
    dataIndex: 'title',
    minWidth: 220,
    render: (title: string, row) => <Link to={`/courses/edit?id=${row.id}`}>{title}</Link>,
  },
  { title: '分类', dataIndex: 'categoryName', width: 120 },
  { title: '教师', dataIndex: 'teacherName', width: 110 },
  { title: '课时', dataIndex: 'lessonCount', width: 70 },
  ...reviewColumns<AdminCourseRow>(),
];

/** The course kind's own filter: its category. */
function CourseFilters({
  filters,
}: {
  filters: Parameters<NonNullable<ListKind<AdminCourseRow>['filters']>>[0];
}) {
  const choices = useQuery({ queryKey: ['courses', 'choices'], queryFn: listCourseChoices });
  return (
    <Select
      aria-label="课程分类"
      placeholder="全部分类"
      allowClear
      value={filters.number('categoryId')}
      loading={choices.isPending}
      onChange={(value) => filters.setFilter({ categoryId: value ? String(value) : undefined })}
      style={{ width: 160 }}
      options={(choices.data?.categories ?? []).map((entry) => ({
        value: entry.id,
        label: entry.name,
      }))}
    />
  );
}

const COURSES: ListKind<AdminCourseRow> = {
  name: '课程',
  unit: '门',
  listPath: '/courses',
  api: courseApi,
  columns,
  filters: (filters) => <CourseFilters filters={filters} />,
  query: ({ number }) => ({ categoryId: number('categoryId') }),
};

/** The site's courses (课程管理). */
export function CourseListPage() {
  return <ReviewListPage kind={COURSES} />;
}
