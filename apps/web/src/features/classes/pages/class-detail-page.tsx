import { href } from '@/platform/paths.ts';
import { classDetailQueryOptions } from '@/platform/queries/my-classes.ts';
import { StatusBadge } from '@/ui/badge.tsx';
import { DetailPage, FavouriteAndShare, useDetailById } from '@/ui/detail-page.tsx';
import { useRecordView } from '@/ui/favourite-button.tsx';
import { ListRow, ListRows } from '@/ui/list-row.tsx';
import { DetailCover, Panel } from '@/ui/panel.tsx';
import { RichHtml } from '@/ui/rich-html.tsx';
import { HOME_WAY } from '@/ui/state-view.tsx';
import { ClassFacts } from '../components/class-facts.tsx';
import { ClassSignupBar } from '../components/class-signup-bar.tsx';

/** `/classDetails?id=`: a class's facts, seats, courses, introduction and the way to sign up. */
export function ClassDetailPage() {
  const detail = useDetailById(classDetailQueryOptions);
  useRecordView('class', detail.data?.id);

  return (
    <DetailPage
      detail={detail}
      missing={{ what: '班级', description: '看看其他课程吧。', way: HOME_WAY }}
      actions={(klass) => <FavouriteAndShare type="class" item={klass} />}
    >
      {(klass) => (
        <main className="panel-page">
          <DetailCover src={klass.cover} height={420} />
          <Panel>
            <h1 className="detail-title">{klass.title}</h1>
            <StatusBadge status={klass.status} />
            <ClassFacts klass={klass} />
          </Panel>
          {klass.courses.length > 0 ? (
            <Panel title="学习课程" titleId="class-courses">
              <ListRows>
                {klass.courses.map((course) => (
                  <ListRow
                    key={course.id}
                    to={href('courseDetail', { id: course.id })}
                    thumb={course.cover}
                    title={course.title}
                    meta={`${course.lessonCount} 课时`}
                  />
                ))}
              </ListRows>
            </Panel>
          ) : null}
          <Panel title="班级介绍" titleId="class-intro">
            <RichHtml html={klass.introduction} />
          </Panel>
          <ClassSignupBar klass={klass} />
        </main>
      )}
    </DetailPage>
  );
}
