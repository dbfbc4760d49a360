import type { ClassDetail } from '@portal/contract';
import { ErrorCode } from '@portal/contract/constants';
import { Link, useSearchParams } from 'react-router';
import { idParam } from '@/lib/id-param.ts';
import { href, paths } from '@/platform/paths.ts';
import { useClassDetail } from '@/platform/queries/my-classes.ts';
import { ApiError } from '@/platform/request.ts';
import { ShareButton } from '@/platform/share-button.tsx';
import { FavouriteButton, useRecordView } from '@/ui/favourite-button.tsx';
import { PageHeader } from '@/ui/page-header.tsx';
import { PageSkeleton } from '@/ui/page-skeleton.tsx';
import { RichHtml } from '@/ui/rich-html.tsx';
import { StateView } from '@/ui/state-view.tsx';
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
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const detail = useClassDetail(id);
  const klass = detail.data;
  useRecordView('class', klass?.id);
  const missing =
    id === null || (detail.error instanceof ApiError && detail.error.code === ErrorCode.notFound);

  return (
    <>
      <PageHeader
        right={
          klass ? (
            <>
              <FavouriteButton contentType="class" contentId={klass.id} />
              <ShareButton title={klass.title} pic={klass.cover} />
            </>
          ) : null
        }
      />
      {missing ? (
        <main className="page-body">
          <StateView kind="missing" title="班级不存在或已下线" description="看看其他课程吧。">
            <Link className="link-button primary" to={paths.home}>
              回到首页
            </Link>
          </StateView>
        </main>
      ) : null}
      {!missing && detail.isPending ? <PageSkeleton /> : null}
      {!missing && detail.isError ? (
        <main className="page-body">
          <StateView kind="error" title="班级没有加载出来" description="请检查网络后重试。">
            <button type="button" className="link-button primary" onClick={() => detail.refetch()}>
              重试
            </button>
          </StateView>
        </main>
      ) : null}
      {klass ? (
        <main className="class-detail">
          <img className="class-detail-cover" src={klass.cover} alt="" width={750} height={420} />
          <section className="class-card">
            <h1>{klass.title}</h1>
            <ClassStatusBadge status={klass.status} />
            <ClassFacts klass={klass} />
          </section>
          {klass.courses.length > 0 ? (
            <section className="class-card" aria-labelledby="class-courses">
              <h2 id="class-courses">学习课程</h2>
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
            </section>
          ) : null}
          <section className="class-card" aria-labelledby="class-intro">
            <h2 id="class-intro">班级介绍</h2>
            <RichHtml html={klass.introduction} />
          </section>
          <SignupAction klass={klass} />
        </main>
      ) : null}
    </>
  );
}
