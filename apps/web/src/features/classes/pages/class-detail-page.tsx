import type { ClassDetail } from '@portal/contract';
import { Link } from 'react-router';
import { href, paths } from '@/platform/paths.ts';
import { classDetailQueryOptions } from '@/platform/queries/my-classes.ts';
import { DetailPage, DetailSection, FavouriteAndShare, useDetailById } from '@/ui/detail-page.tsx';
import { useRecordView } from '@/ui/favourite-button.tsx';
import { RichHtml } from '@/ui/rich-html.tsx';
import { HOME_WAY } from '@/ui/state-view.tsx';
import { ClassFacts, ClassStatusBadge } from '../components/class-facts.tsx';
import '../classes.css';

/** The action at the bottom: sign up while open, otherwise why not. */
function SignupAction({ klass }: { klass: ClassDetail }) {
  if (klass.mySignup?.status === 'active') {
    return (
      <div className="class-action">
        <span className="class-action-note">您已报名该班级</span>
        <Link className="link-button primary" to={paths.myClasses}>
          我的班级
        </Link>
      </div>
    );
  }
  if (klass.status === '报名中') {
    return (
      <div className="class-action">
        <span className="class-action-note">剩余 {klass.seatsLeft} 个名额</span>
        <Link className="link-button primary" to={href('classSignup', { id: klass.id })}>
          立即报名
        </Link>
      </div>
    );
  }
  const reason: Record<string, string> = {
    未开始: '报名尚未开始',
    已满: '名额已满',
    进行中: '报名已截止',
    已结束: '班级已结束',
  };
  return (
    <div className="class-action">
      <span className="class-action-note">{reason[klass.status]}</span>
    </div>
  );
}

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
        <main className="class-detail">
          <img className="class-detail-cover" src={klass.cover} alt="" width={750} height={420} />
          <section className="class-card">
            <h1>{klass.title}</h1>
            <ClassStatusBadge status={klass.status} />
            <ClassFacts klass={klass} />
          </section>
          {klass.courses.length > 0 ? (
            <DetailSection className="class-card" id="class-courses" title="学习课程">
              <ul className="class-courses">
                {klass.courses.map((course) => (
                  <li key={course.id}>
                    <Link to={href('courseDetail', { id: course.id })}>
                      <img src={course.cover} alt="" width={96} height={60} loading="lazy" />
                      <span>
                        {course.title}
                        <small>{course.lessonCount} 课时</small>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </DetailSection>
          ) : null}
          <DetailSection className="class-card" id="class-intro" title="班级介绍">
            <RichHtml html={klass.introduction} />
          </DetailSection>
          <SignupAction klass={klass} />
        </main>
      )}
    </DetailPage>
  );
}
