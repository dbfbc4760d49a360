import type { ActivityDetail } from '@portal/contract';
import { Button } from 'antd-mobile';
import { type MouseEvent, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { loginCheck } from '@/platform/login-check.ts';
import { paths } from '@/platform/paths.ts';
import { ApiError } from '@/platform/request.ts';
import { isLoggedIn, subscribeLogin } from '@/platform/session.ts';
import { ActionBar, DisabledButton } from '@/ui/actions.tsx';
import { useActivityCancel } from '../api/apply-activity.ts';
import { signupHref } from './activity-link.ts';
import { applyActionOf } from './apply-action.ts';

/** 取消报名 with a confirm step: the first tap asks, the second cancels. */
export function CancelApplication({ activityId, title }: { activityId: number; title: string }) {
  const cancel = useActivityCancel();
  const [confirming, setConfirming] = useState(false);
  const handleCancel = () => {
    if (!confirming) {
      setConfirming(true);
      return;
    }
    cancel.mutate(activityId, { onSettled: () => setConfirming(false) });
  };
  return (
    <>
      <span className="action-row">
        <Button
          color={confirming ? 'danger' : 'default'}
          loading={cancel.isPending}
          onClick={handleCancel}
          aria-label={confirming ? `确认取消报名：${title}` : `取消报名：${title}`}
        >
          {confirming ? '确认取消报名' : '取消报名'}
        </Button>
        {confirming && !cancel.isPending ? (
          <button type="button" className="text-button" onClick={() => setConfirming(false)}>
            不取消了
          </button>
        ) : null}
      </span>
      {cancel.error instanceof ApiError ? (
        <p className="signup-error" role="alert">
          {cancel.error.message}
        </p>
      ) : null}
    </>
  );
}

/**
 * The bar at the bottom of an activity's page: 立即报名 while open, 已报名 with 我的活动 and
 * cancel once applied, or a disabled button saying why not. A visitor's 立即报名 first asks
 * them to log in.
 */
export function ApplyBar({ activity }: { activity: ActivityDetail }) {
  const loggedIn = useSyncExternalStore(subscribeLogin, isLoggedIn);
  const action = applyActionOf(activity);

  const handleApply = (event: MouseEvent<HTMLAnchorElement>) => {
    if (loggedIn) return;
    event.preventDefault();
    void loginCheck();
  };

  if (action.kind === 'apply') {
    return (
      <ActionBar note={action.note}>
        <Link className="link-button primary" to={signupHref(activity)} onClick={handleApply}>
          立即报名
        </Link>
      </ActionBar>
    );
  }
  if (action.kind === 'applied') {
    return (
      <ActionBar state={action.label} note={action.note} stacked>
        <Link className="link-button primary" to={paths.myActivities}>
          查看我的活动
        </Link>
        {action.canCancel ? (
          <CancelApplication activityId={activity.id} title={activity.title} />
        ) : null}
      </ActionBar>
    );
  }
  return (
    <ActionBar note={action.note}>
      <DisabledButton>{action.label}</DisabledButton>
    </ActionBar>
  );
}
