import { href } from '@/platform/paths.ts';
import { PlaceItemCard, PlaceItemsPage } from '../components/place-items.tsx';

/** `/mapInfoCourse?id=`: the courses of a place, each opening the course page. */
export function PlaceCoursesPage() {
  return (
    <PlaceItemsPage kind="courses" what="课程">
      {(course) => (
        <PlaceItemCard
          key={course.id}
          to={href('courseDetail', { id: course.id })}
          item={course}
          lines={[`${course.teacherName} · ${course.categoryName}`, `${course.lessonCount} 课时`]}
        />
      )}
    </PlaceItemsPage>
  );
}
