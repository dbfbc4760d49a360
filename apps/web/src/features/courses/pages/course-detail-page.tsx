import type { CourseDetail, CourseProgress, LessonKind } from '@portal/contract';
import { type MouseEvent, useState, useSyncExternalStore } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatCount } from '@/lib/format-count.ts';
import { formatDuration } from '@/lib/format-duration.ts';
import { idParam } from '@/lib/id-param.ts';
import { loginCheck } from '@/platform/login-check.ts';
import { href, paths } from '@/platform/paths.ts';
import { useCourseProgress } from '@/platform/queries/course-progress.ts';
import { isLoggedIn, subscribeLogin } from '@/platform/session.ts';
import { Badge } from '@/ui/badge.tsx';
import { DetailPage, FavouriteAndShare, useDetailById } from '@/ui/detail-page.tsx';
import { Fact, Facts } from '@/ui/facts.tsx';
import { useRecordView } from '@/ui/favourite-button.tsx';
import { DetailCover, Panel } from '@/ui/panel.tsx';
import { RichHtml } from '@/ui/rich-html.tsx';
import { courseDetailQueryOptions } from '../api/get-course-detail.ts';
import { LessonStage, lessonIdsOf, StudyBar } from '../components/lesson-stage.tsx';
import '../courses.css';

/** The kind of a lesson as the catalogue shows it. */
const LESSON_KIND_LABELS: Record<LessonKind, string> = {
  video: '视频',
  audio: '音频',
  pdf: 'PDF',
  article: '图文',
};

function CourseFigures({ course }: { course: CourseDetail }) {
  return (
    <Facts look="figures" className="course-facts">
      <Fact label="课时">{course.lessonCount}</Fact>
      <Fact label="时长">{formatDuration(course.durationSeconds)}</Fact>
      <Fact label="学过">{formatCount(course.learnerCount)}</Fact>
      <Fact label="浏览">{formatCount(course.viewCount)}</Fact>
    </Facts>
  );
}

interface CatalogueProps {
  course: CourseDetail;
  /** The lesson open at the top, if any. */
  current: number | null;
  progress: CourseProgress | undefined;
  loggedIn: boolean;
  /** A learner tapped a lesson (the link itself puts it in the address). */
  onTap: (lessonId: number) => void;
}

function Catalogue({ course, current, progress, loggedIn, onTap }: CatalogueProps) {
  const done = new Set(
    progress?.lessons.filter((lesson) => lesson.completed).map((lesson) => lesson.lessonId),
  );
  // A lesson is a real link (it can be opened in place, shared, read by a screen reader); a
  // visitor gets the login check instead, a learner's tap also starts playing.
  const handleLesson = (event: MouseEvent, lessonId: number) => {
    if (!loggedIn) {
      event.preventDefault();
      void loginCheck();
      return;
    }
    onTap(lessonId);
  };
  return (
    <Panel title="课程目录" titleId="course-catalogue">
      {course.chapters.map((chapter) => (
        <div key={chapter.id} className="course-chapter">
          <h3>{chapter.title}</h3>
          <ol className="course-lessons">
            {chapter.lessons.map((lesson) => (
              <li key={lesson.id} className="course-lesson">
                <Link
                  className="course-lesson-link"
                  to={href('courseDetail', { id: course.id, lessonId: lesson.id })}
                  replace
                  aria-current={current === lesson.id ? 'true' : undefined}
                  onClick={(event) => handleLesson(event, lesson.id)}
                >
                  <span className="course-lesson-kind">{LESSON_KIND_LABELS[lesson.kind]}</span>
                  <span className="course-lesson-title">{lesson.title}</span>
                  {lesson.kind === 'video' || lesson.kind === 'audio' ? (
                    <span className="course-lesson-duration">
                      {formatDuration(lesson.durationSeconds)}
                    </span>
                  ) : null}
                  {done.has(lesson.id) ? (
                    <span className="course-lesson-done" role="img" aria-label="已学完">
                      ✓
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ol>
        </div>
      ))}
    </Panel>
  );
}

/** The kind of the course's lesson `lessonId`, or null. */
function lessonKindOf(course: CourseDetail, lessonId: number | null): LessonKind | null {
  for (const chapter of course.chapters) {
    const found = chapter.lessons.find((lesson) => lesson.id === lessonId);
    if (found) return found.kind;
  }
  return null;
}

/** `/scourseDetail?id=`: a course's cover, facts, introduction, teacher and chapters. */
export function CourseDetailPage() {
  const [params] = useSearchParams();
  const detail = useDetailById(courseDetailQueryOptions);
  const course = detail.data;
  useRecordView('course', course?.id);
  const navigate = useNavigate();
  const loggedIn = useSyncExternalStore(subscribeLogin, isLoggedIn);
  const progress = useCourseProgress(loggedIn && course ? course.id : null);
  const askedLesson = idParam(params.get('lessonId'));
  // Only a lesson of this course opens; any other id shows the cover.
  const lessonId =
    course && askedLesson !== null && lessonIdsOf(course).includes(askedLesson)
      ? askedLesson
      : null;
  /** The lesson the learner chose by a tap on this page: it starts playing once loaded. */
  const [tapped, setTapped] = useState<number | null>(null);
  const handleStudy = (chosen: number) => {
    setTapped(chosen);
    if (course)
      navigate(href('courseDetail', { id: course.id, lessonId: chosen }), { replace: true });
  };

  return (
    <DetailPage
      detail={detail}
      missing={{
        what: '课程',
        description: '换一门课程看看吧。',
        way: { to: paths.courseList, label: '浏览全部课程' },
      }}
      actions={(item) => <FavouriteAndShare type="course" item={item} />}
    >
      {(course) => (
        <main
          className={
            lessonKindOf(course, lessonId) === 'pdf' ? 'panel-page with-reader' : 'panel-page'
          }
        >
          {lessonId !== null ? (
            <LessonStage
              course={course}
              lessonId={lessonId}
              loggedIn={loggedIn}
              progress={progress}
              autoPlay={tapped === lessonId}
            />
          ) : (
            <DetailCover src={course.cover} height={420} />
          )}
          <Panel as="div">
            <h1 className="detail-title">{course.title}</h1>
            <p className="detail-meta">
              {course.teacher.name} · {course.categoryName}
            </p>
            {course.tags.length > 0 ? (
              <ul className="badge-row course-tags" aria-label="标签">
                {course.tags.map((tag) => (
                  <li key={tag}>
                    <Badge quiet>{tag}</Badge>
                  </li>
                ))}
              </ul>
            ) : null}
            <CourseFigures course={course} />
            <StudyBar
              course={course}
              loggedIn={loggedIn}
              progress={progress.data}
              lessonChosen={lessonId !== null}
              onChoose={handleStudy}
            />
          </Panel>
          <Panel title="课程介绍" titleId="course-intro">
            <RichHtml html={course.introduction} />
          </Panel>
          <Panel title="授课老师" titleId="course-teacher">
            <p className="course-teacher-name">
              {course.teacher.name}
              <small>{course.teacher.title}</small>
            </p>
            <p className="course-teacher-bio">{course.teacher.bio}</p>
          </Panel>
          <Catalogue
            course={course}
            current={lessonId}
            progress={progress.data}
            loggedIn={loggedIn}
            onTap={setTapped}
          />
        </main>
      )}
    </DetailPage>
  );
}
