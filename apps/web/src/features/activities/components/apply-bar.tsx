import type { ActivityDetail } from '@portal/contract';
import { type MouseEvent, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { loginCheck } from '@/platform/login-check.ts';
import { paths } from '@/platform/paths.ts';
import { ApiError } from '@/platform/request.ts';
import { isLoggedIn, subscribeLogin } from '@/platform/session.ts';
import { ActionBar, DisabledButton } from '@/ui/actions.tsx';
import { CancelSignupButton, SeatsNote } from '@/ui/signup-status.tsx';
import { useActivityCancel } from '../api/apply-activity.ts';
import { signupHref } from './activity-link.ts';
import { applyActionOf } from './apply-action.ts';

/** 取消报名 (or 取消候补 for a learner on the waiting list), asking first. */
export function CancelApplication({
  activityId,
  title,
  waiting = false,
}: {
  activityId: number;
  title: string;
  waiting?: boolean;
}) {
  const cancel = useActivityCancel();
  return (
    <CancelSignupButton
      waiting={waiting}
      title={title}
      pending={cancel.isPending}
      error={cancel.error instanceof ApiError ? cancel.error.message : null}
      onConfirm={(done) => cancel.mutate(activityId, { onSettled: done })}
    />
  );
}

/**
 * The bar at the bottom of an activity's page: 立即报名 while open, 加入候补 when full (how many
 * wait), 已报名 with 我的活动 and cancel once applied, 待审核 or 候补第 N 位 with cancel, 未通过
 * with the reason, or a disabled button saying why not. A visitor's 立即报名 or 加入候补 first
 * asks them to log in.
 */
export function ApplyBar({ activity }: { activity: ActivityDetail }) {
  const loggedIn = useSyncExternalStore(subscribeLogin, isLoggedIn);
  const action = applyActionOf(activity);

  const handleApply = (event: MouseEvent<HTMLAnchorElement>) => {
    if (loggedIn) return;
    event.preventDefault();
    void loginCheck();
  };

  switch (action.kind) {
    case 'apply':
    case 'waitlist':
      return (
        <ActionBar note={<SeatsNote text={action.note} review={action.review} />}>
          <Link className="link-button primary" to={signupHref(activity)} onClick={handleApply}>
            {action.kind === 'apply' ? '立即报名' : '加入候补'}
          </Link>
        </ActionBar>
      );
    case 'applied':
    case 'queued': {
      const waiting = action.kind === 'queued' && action.status === 'waiting';
      const tone = action.kind === 'applied' ? 'green' : waiting ? 'blue' : 'amber';
      return (
        <ActionBar state={action.label} stateTone={tone} note={action.note} stacked>
          <Link className="link-button primary" to={paths.myActivities}>
            查看我的活动
          </Link>
          {action.canCancel ? (
            <CancelApplication activityId={activity.id} title={activity.title} waiting={waiting} />
          ) : null}
        </ActionBar>
      );
    }
    case 'rejected':
      return (
        <ActionBar state="未通过" stateTone="red" note={action.note} stacked>
          <DisabledButton>报名未通过</DisabledButton>
        </ActionBar>
      );
    case 'disabled':
      return (
        <ActionBar note={action.note}>
          <DisabledButton>{action.label}</DisabledButton>
        </ActionBar>
      );
  }
}
