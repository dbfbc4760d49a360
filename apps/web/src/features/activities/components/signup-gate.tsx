import type { ActivityDetail } from '@portal/contract';
import { ErrorCode } from '@portal/contract/constants';
import type { ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { idParam } from '@/lib/id-param.ts';
import { paths } from '@/platform/paths.ts';
import { ApiError } from '@/platform/request.ts';
import { PageHeader } from '@/ui/page-header.tsx';
import { PageSkeleton } from '@/ui/page-skeleton.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useActivityDetail } from '../api/get-activity-detail.ts';
import { detailHref, isSpecial, signupHref } from './activity-link.ts';
import { activityTimeText } from './activity-time.ts';
import { applyActionOf } from './apply-action.ts';

/** The activity being applied for, above the form. */
export function SignupSummary({ activity }: { activity: ActivityDetail }) {
  return (
    <div className="signup-summary">
      <p className="signup-summary-title">{activity.title}</p>
      <p className="signup-summary-line">
        {activityTimeText(activity.startAt, activity.endAt, true)} · {activity.place}
      </p>
      <p className="signup-summary-line">剩余 {activity.seatsLeft} 个名额</p>
    </div>
  );
}

/** The answer after a successful application, with the ways on. */
export function SignupDone({ activity }: { activity: ActivityDetail }) {
  return (
    <StateView
      kind="empty"
      title="报名成功"
      description={`您已报名“${activity.title}”。活动当天请在“我的活动”中出示签到码。`}
    >
      <Link className="link-button primary" to={paths.myActivities}>
        我的活动
      </Link>
      <Link className="link-button" to={detailHref(activity)}>
        返回活动
      </Link>
    </StateView>
  );
}

/**
 * The frame of a signup page (/activityApply and /extensionSignup): the activity by its `id`,
 * with every state before the form designed: unknown, loading, failed, the other kind's page
 * (sent there), already applied, not open. The form shows only while the activity is 报名中,
 * and the success view once `done`.
 */
export function SignupGate({
  special,
  done,
  children,
}: {
  special: boolean;
  /** The application went through: the success view (the refreshed activity shows it applied). */
  done: boolean;
  children: (activity: ActivityDetail) => ReactNode;
}) {
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const detail = useActivityDetail(id);
  const activity = detail.data;
  const missing =
    id === null || (detail.error instanceof ApiError && detail.error.code === ErrorCode.notFound);

  if (activity && isSpecial(activity) !== special) {
    return <Navigate to={signupHref(activity)} replace />;
  }
  const body = (() => {
    if (missing) {
      return (
        <StateView kind="missing" title="活动不存在或已下线" description="看看其他活动吧。">
          <Link className="link-button primary" to={paths.activity}>
            去看看活动
          </Link>
        </StateView>
      );
    }
    if (!activity && detail.isError) {
      return (
        <StateView kind="error" title="活动没有加载出来" description="请检查网络后重试。">
          <button type="button" className="link-button primary" onClick={() => detail.refetch()}>
            重试
          </button>
        </StateView>
      );
    }
    if (!activity) return <PageSkeleton />;
    if (done) return <SignupDone activity={activity} />;
    const action = applyActionOf(activity);
    if (action.kind === 'applied') {
      return (
        <StateView kind="empty" title="您已报名该活动" description={action.note}>
          <Link className="link-button primary" to={paths.myActivities}>
            我的活动
          </Link>
          <Link className="link-button" to={detailHref(activity)}>
            返回活动
          </Link>
        </StateView>
      );
    }
    if (action.kind === 'disabled') {
      return (
        <StateView kind="empty" title={`${action.label}，暂不能报名`} description={action.note}>
          <Link className="link-button primary" to={detailHref(activity)}>
            返回活动
          </Link>
        </StateView>
      );
    }
    return children(activity);
  })();
  return (
    <>
      <PageHeader />
      <main className="page-body activity-signup">{body}</main>
    </>
  );
}
