import type { CourseSort } from '@portal/contract';
import { idParam } from '@/lib/id-param.ts';
import { FilterBar, FilterChips, useFilterParams } from '@/ui/filter-chips.tsx';
import { PageHeader } from '@/ui/page-header.tsx';
import { PageSkeleton } from '@/ui/page-skeleton.tsx';
import { PagedList, pagedItems } from '@/ui/paged-list.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useCategories } from '../api/get-categories.ts';
import { useCourses } from '../api/get-courses.ts';
import { CourseCard } from '../components/course-card.tsx';
import '../courses.css';

/** Cards a phone shows before scrolling: their covers load first, at once. */
const FIRST_SCREEN = 4;

const sorts: readonly { value: CourseSort; label: string }[] = [
  { value: 'newest', label: '最新' },
  { value: 'popular', label: '最多人学' },
];

/** The filters in the address (`?categoryId=&sort=`), newest first unless said. */
const listFilters = (params: URLSearchParams): { categoryId?: number; sort: CourseSort } => ({
  categoryId: idParam(params.get('categoryId')) ?? undefined,
  sort: params.get('sort') === 'popular' ? 'popular' : 'newest',
});

/**
 * `/scourseList` (kept alive): the site's courses by category, newest or most learned first,
 * with pull to refresh and infinite scroll.
 */
export function CourseListPage() {
  const { filters, update } = useFilterParams(listFilters, { sort: 'newest' });
  const { categoryId, sort } = filters;
  const categories = useCategories();
  const courses = useCourses(filters);
  const { total } = pagedItems(courses);

  return (
    <>
      <PageHeader />
      {/* Every category in view at once (wrapping chips): nothing hides off the edge. */}
      {categories.isPending ? null : (
        <FilterBar>
          <FilterChips
            legend="课程分类"
            options={[{ id: 0, name: '全部' }, ...(categories.data ?? [])].map((category) => ({
              value: category.id,
              label: category.name,
            }))}
            value={categoryId ?? 0}
            onChange={(id) => update({ categoryId: id || undefined })}
          />
          <FilterChips
            legend="排序"
            look={['large', 'pill', 'soft']}
            options={sorts}
            value={sort}
            onChange={(next) => update({ sort: next })}
          >
            {courses.isSuccess ? <span className="course-total">共 {total} 门课程</span> : null}
          </FilterChips>
        </FilterBar>
      )}
      {/* Until the chips are in, one skeleton: nothing moves down when they arrive. */}
      {categories.isPending ? (
        <div className="page-body course-list" key="waiting">
          <PageSkeleton />
        </div>
      ) : (
        <main className="page-body course-list">
          <PagedList
            query={courses}
            errorTitle="课程没有加载出来"
            empty={
              <StateView
                kind="empty"
                title="暂无课程"
                description="这个分类还没有课程，看看其他分类吧。"
              />
            }
            pullToRefresh
          >
            {(course, index) => (
              <li key={course.id}>
                <CourseCard course={course} priority={index < FIRST_SCREEN} />
              </li>
            )}
          </PagedList>
        </main>
      )}
    </>
  );
}
