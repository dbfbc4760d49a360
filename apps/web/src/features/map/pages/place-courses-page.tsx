import { href } from '@/platform/paths.ts';
import { CardLine, ContentCard } from '@/ui/content-card.tsx';
import { PlaceItemsPage } from '../components/place-items.tsx';

/** `/mapInfoCourse?id=`: the courses of a place, each opening the course page. */
export function PlaceCoursesPage() {
  return (
    <PlaceItemsPage kind="courses" what="课程">
      {(course) => (
        <li key={course.id}>
          <ContentCard
            to={href('courseDetail', { id: course.id })}
            cover={course.cover}
            title={course.title}
          >
            <CardLine>
              {course.teacherName} · {course.categoryName}
            </CardLine>
            <CardLine>{course.lessonCount} 课时</CardLine>
          </ContentCard>
        </li>
      )}
    </PlaceItemsPage>
  );
}
