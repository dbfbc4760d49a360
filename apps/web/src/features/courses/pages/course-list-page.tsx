import type { CourseSort } from '@portal/contract';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/ui/page-header.tsx';
import { PageSkeleton } from '@/ui/page-skeleton.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useCategories } from '../api/get-categories.ts';
import { useCourses } from '../api/get-courses.ts';
import { CourseCard } from '../components/course-card.tsx';
import '../courses.css';

const sorts: readonly { value: CourseSort; label: string }[] = [
  { value: 'newest', label: '最新' },
  { value: 'popular', label: '最多人学' },
];

/** The filters live in the address (`?categoryId=&sort=`), so a list is shareable. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('categoryId'));
  const categoryId = Number.isInteger(id) && id > 0 ? id : undefined;
  const sort: CourseSort = params.get('sort') === 'popular' ? 'popular' : 'newest';
  const update = (next: { categoryId?: number; sort?: CourseSort }) => {
    const merged = { categoryId, sort, ...next };
    const search = new URLSearchParams();
    if (merged.categoryId) search.set('categoryId', String(merged.categoryId));
    if (merged.sort !== 'newest') search.set('sort', merged.sort);
    setParams(search, { replace: true });
  };
  return { categoryId, sort, update };
}

/**
 * `/scourseList` (kept alive): the site's courses by category, newest or most learned first,
 * with pull to refresh and infinite scroll.
 */
export function CourseListPage() {
  const { categoryId, sort, update } = useListParams();
  const categories = useCategories();
  const courses = useCourses({ categoryId, sort });
  const list = courses.data?.pages.flatMap((page) => page.list) ?? [];
  const total = courses.data?.pages[0]?.total ?? 0;

  return (
    <>
      <PageHeader />
      <div className="course-filters">
        {/* Every category in view at once (wrapping chips): nothing hides off the edge. */}
        <fieldset className="course-categories">
          <legend className="sr-only">课程分类</legend>
          {[{ id: 0, name: '全部' }, ...(categories.data ?? [])].map((category) => {
            const active = (categoryId ?? 0) === category.id;
            return (
              <button
                key={category.id}
                type="button"
                className={active ? 'category-chip active' : 'category-chip'}
                aria-pressed={active}
                onClick={() => update({ categoryId: category.id || undefined })}
              >
                {category.name}
              </button>
            );
          })}
        </fieldset>
        <fieldset className="course-sorts">
          <legend className="sr-only">排序</legend>
          {sorts.map((option) => (
            <button
              key={option.value}
              type="button"
              className={option.value === sort ? 'sort-button active' : 'sort-button'}
              aria-pressed={option.value === sort}
              onClick={() => update({ sort: option.value })}
            >
              {option.label}
            </button>
          ))}
          {courses.isSuccess ? <span className="course-total">共 {total} 门课程</span> : null}
        </fieldset>
      </div>
      <main className="page-body course-list">
        {courses.isPending ? <PageSkeleton /> : null}
        {courses.isError && list.length === 0 ? (
          <StateView kind="error" title="课程没有加载出来" description="请检查网络后重试。">
            <button type="button" className="link-button primary" onClick={() => courses.refetch()}>
              重试
            </button>
          </StateView>
        ) : null}
        {courses.isSuccess && list.length === 0 ? (
          <StateView
            kind="empty"
            title="暂无课程"
            description="这个分类还没有课程，看看其他分类吧。"
          />
        ) : null}
        {list.length > 0 ? (
          <PullToRefresh onRefresh={async () => void (await courses.refetch())}>
            <ul className="course-cards">
              {list.map((course) => (
                <li key={course.id}>
                  <CourseCard course={course} />
                </li>
              ))}
            </ul>
            <InfiniteScroll
              hasMore={courses.hasNextPage}
              loadMore={async () => {
                await courses.fetchNextPage({ throwOnError: true });
              }}
            />
          </PullToRefresh>
        ) : null}
      </main>
    </>
  );
}
