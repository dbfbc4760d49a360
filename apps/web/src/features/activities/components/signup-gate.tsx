import type { ActivityApplyResult, ActivityDetail } from '@portal/contract';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { paths } from '@/platform/paths.ts';
import { SignupPage, SignupSummary } from '@/ui/signup-form.tsx';
import {
  SignupFormNotices,
  submittedText,
  waitingText,
  waitingTitle,
} from '@/ui/signup-status.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { MISSING_ACTIVITY, useActivityOfKind } from './activity-detail.ts';
import { detailHref, signupHref } from './activity-link.ts';
import { activityTimeText } from './activity-time.ts';
import { applyActionOf } from './apply-action.ts';

const MY_ACTIVITIES = { to: paths.myActivities, label: '我的活动' };

/**
 * The activity being applied for, above the form: when and where, the seats (or how many wait
 * when full), and what joining the waiting list or a review means.
 */
export function ActivitySummary({
  activity,
  raced = false,
}: {
  activity: ActivityDetail;
  raced?: boolean;
}) {
  const full = activity.status === '已满';
  const seats = full
    ? `名额已满，${waitingText(activity.waitingCount)}`
    : raced
      ? '名额已满'
      : `剩余 ${activity.seatsLeft} 个名额`;
  return (
    <>
      <SignupSummary
        title={activity.title}
        lines={[
          `${activityTimeText(activity.startAt, activity.endAt, true)} · ${activity.place}`,
          seats,
        ]}
      />
      <SignupFormNotices full={full} review={activity.reviewSignups} />
    </>
  );
}

function BackToActivity({ activity }: { activity: ActivityDetail }) {
  return (
    <Link className="link-button" to={detailHref(activity)}>
      返回活动
    </Link>
  );
}

/** The view once the application went through: 报名成功, 报名已提交 (待审核) or 已加入候补. */
function AppliedView({
  activity,
  result,
}: {
  activity: ActivityDetail;
  result: ActivityApplyResult;
}) {
  const submitted = submittedText(result.myApplication);
  return (
    <StateView
      kind="empty"
      title={submitted?.title ?? '报名成功'}
      description={
        submitted?.description ??
        `您已报名“${activity.title}”。活动当天请在“我的活动”中出示签到码。`
      }
      way={MY_ACTIVITIES}
    >
      <BackToActivity activity={activity} />
    </StateView>
  );
}

/**
 * What shows instead of the form: the result once sent, my application when I have one, or why
 * the activity takes none (a full one still takes the waiting list).
 */
function signupStop(activity: ActivityDetail, result: ActivityApplyResult | undefined): ReactNode {
  if (result) return <AppliedView activity={activity} result={result} />;
  const action = applyActionOf(activity);
  const back = { to: detailHref(activity), label: '返回活动' };
  switch (action.kind) {
    case 'applied':
      return (
        <StateView
          kind="empty"
          title="您已报名该活动"
          description={action.note}
          way={MY_ACTIVITIES}
        >
          <BackToActivity activity={activity} />
        </StateView>
      );
    case 'queued':
      return (
        <StateView
          kind="empty"
          title={waitingTitle(action)}
          description={action.note}
          way={MY_ACTIVITIES}
        >
          <BackToActivity activity={activity} />
        </StateView>
      );
    case 'rejected':
      return (
        <StateView kind="empty" title="您的报名未通过审核" description={action.note} way={back} />
      );
    case 'disabled':
      return (
        <StateView
          kind="empty"
          title={`${action.label}，暂不能报名`}
          description={action.note}
          way={back}
        />
      );
    default:
      return null;
  }
}

/**
 * The frame of a signup page (/activityApply and /extensionSignup): the activity by its `id`,
 * with every state before the form designed: unknown, loading, failed, the other kind's page
 * (sent there), already applied (or in review, in line, refused), not open. The form shows only
 * while the activity is 报名中 or 已满 (for the waiting list), and the result once `result`.
 */
export function SignupGate({
  special,
  result,
  children,
}: {
  special: boolean;
  /** The application went through: what it became (报名成功, 待审核, 候补第 N 位). */
  result: ActivityApplyResult | undefined;
  children: (activity: ActivityDetail) => ReactNode;
}) {
  const { detail, elsewhere } = useActivityOfKind(special);
  if (elsewhere) return <Navigate to={signupHref(elsewhere)} replace />;
  return (
    <SignupPage
      detail={detail}
      missing={MISSING_ACTIVITY}
      className="activity-signup"
      stop={(item) => signupStop(item, result)}
    >
      {children}
    </SignupPage>
  );
}
