import type { ActivityDetail } from '@portal/contract';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { paths } from '@/platform/paths.ts';
import { SignupPage, SignupSummary } from '@/ui/signup-form.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { MISSING_ACTIVITY, useActivityOfKind } from './activity-detail.ts';
import { detailHref, signupHref } from './activity-link.ts';
import { activityTimeText } from './activity-time.ts';
import { applyActionOf } from './apply-action.ts';

const MY_ACTIVITIES = { to: paths.myActivities, label: '我的活动' };

/** The activity being applied for, above the form. */
export function ActivitySummary({ activity }: { activity: ActivityDetail }) {
  return (
    <SignupSummary
      title={activity.title}
      lines={[
        `${activityTimeText(activity.startAt, activity.endAt, true)} · ${activity.place}`,
        `剩余 ${activity.seatsLeft} 个名额`,
      ]}
    />
  );
}

function BackToActivity({ activity }: { activity: ActivityDetail }) {
  return (
    <Link className="link-button" to={detailHref(activity)}>
      返回活动
    </Link>
  );
}

/** What shows instead of the form: the success view once `done`, already applied, not open. */
function signupStop(activity: ActivityDetail, done: boolean): ReactNode {
  if (done) {
    return (
      <StateView
        kind="empty"
        title="报名成功"
        description={`您已报名“${activity.title}”。活动当天请在“我的活动”中出示签到码。`}
        way={MY_ACTIVITIES}
      >
        <BackToActivity activity={activity} />
      </StateView>
    );
  }
  const action = applyActionOf(activity);
  if (action.kind === 'applied') {
    return (
      <StateView kind="empty" title="您已报名该活动" description={action.note} way={MY_ACTIVITIES}>
        <BackToActivity activity={activity} />
      </StateView>
    );
  }
  if (action.kind === 'disabled') {
    return (
      <StateView
        kind="empty"
        title={`${action.label}，暂不能报名`}
        description={action.note}
        way={{ to: detailHref(activity), label: '返回活动' }}
      />
    );
  }
  return null;
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
  const { detail, elsewhere } = useActivityOfKind(special);
  if (elsewhere) return <Navigate to={signupHref(elsewhere)} replace />;
  return (
    <SignupPage
      detail={detail}
      missing={MISSING_ACTIVITY}
      className="activity-signup"
      stop={(item) => signupStop(item, done)}
    >
      {children}
    </SignupPage>
  );
}
