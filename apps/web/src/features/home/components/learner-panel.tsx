import type { UserInfo } from '@portal/contract';
import { pictureSources } from '@portal/contract/constants';
import { Link } from 'react-router';
import { formatMinutes } from '@/lib/format-minutes.ts';
import { href, paths } from '@/platform/paths.ts';
import { ListRow, ListRows } from '@/ui/list-row.tsx';
import { Panel } from '@/ui/panel.tsx';
import { ProgressBar } from '@/ui/progress-bar.tsx';
import { useHomeMe } from '../api/get-home-me.ts';
import { AccountLinks } from './home-cards.tsx';

/**
 * The learner's own panel on the entry home: time learned today, the course to continue, and
 * the classes they joined.
 */
export function LearnerPanel({ user }: { user: UserInfo | null }) {
  const me = useHomeMe(true);
  const data = me.data;
  const last = data?.continueLearning ?? null;
  return (
    <Panel raised className="home-card home-panel" label="我的学习">
      <div className="home-panel-head">
        <p className="greeting">您好，{user?.nickname ?? '学员'}</p>
        <p className="home-panel-today">
          今日已学 <strong>{data ? formatMinutes(data.todaySeconds) : '…'}</strong>
        </p>
      </div>
      {me.isPending ? (
        <div className="skeleton-block home-panel-skeleton" role="status" aria-label="加载中" />
      ) : null}
      {me.isError ? (
        <p className="home-panel-empty">
          学习记录没有加载出来。
          <button type="button" className="text-button" onClick={() => me.refetch()}>
            重试
          </button>
        </p>
      ) : null}
      {data && last ? (
        <div className="home-continue">
          <img
            className="home-continue-cover"
            {...pictureSources(last.cover, '112px')}
            src={last.cover}
            alt=""
            width={112}
            height={63}
            decoding="async"
          />
          <div className="home-continue-body">
            <p className="home-continue-kicker">继续学习</p>
            <p className="home-continue-title">{last.title}</p>
            {last.lessonTitle ? (
              <p className="home-continue-lesson">上次学到：{last.lessonTitle}</p>
            ) : null}
            <ProgressBar
              done={last.completedLessons}
              total={last.totalLessons}
              label={`${last.title}的学习进度`}
            />
          </div>
          <Link
            className="link-button primary block"
            to={href('courseDetail', { id: last.courseId, lessonId: last.lessonId })}
          >
            继续学习
          </Link>
        </div>
      ) : null}
      {data && !last ? (
        <div className="home-panel-empty">
          <p>还没有开始学习的课程，挑一门感兴趣的课吧。</p>
          <Link className="link-button primary block" to={paths.courseList}>
            去选课
          </Link>
        </div>
      ) : null}
      {data && data.myClasses.length > 0 ? (
        <div className="home-my-classes">
          <h2 className="home-panel-subtitle">我的班级</h2>
          <ListRows>
            {data.myClasses.map((klass) => (
              <ListRow
                key={klass.id}
                to={href('classDetail', { id: klass.id })}
                title={klass.title}
                strong
                meta={klass.schedule}
              />
            ))}
          </ListRows>
          <Link className="link-button block" to={paths.myClasses}>
            全部班级（{data.myClassCount}）
          </Link>
        </div>
      ) : null}
      <AccountLinks />
    </Panel>
  );
}
