import type { ClassDetail } from '@portal/contract';
import { signupPhaseAt } from '@portal/contract/constants';
import { Link } from 'react-router';
import { href, paths } from '@/platform/paths.ts';
import { ActionBar, DisabledButton } from '@/ui/actions.tsx';
import {
  liveSignup,
  SeatsNote,
  signupLabel,
  signupNote,
  waitingText,
} from '@/ui/signup-status.tsx';
import { ClassCancel } from './class-cancel.tsx';

/** Why a class without a sign-up of mine takes none now. */
const closedReason: Record<string, string> = {
  未开始: '报名尚未开始',
  进行中: '报名已截止',
  已结束: '班级已结束',
};

/**
 * The bar at the bottom of a class's page: my sign-up when I have one (已报名 with 我的班级;
 * 待审核 or 候补第 N 位 with cancel while the window is open; 未通过 with the reason), else
 * 立即报名 while open, 加入候补 when full (how many wait), or why not.
 */
export function ClassSignupBar({ klass, now = Date.now() }: { klass: ClassDetail; now?: number }) {
  const signup = liveSignup(klass.mySignup);
  if (signup?.status === 'active') {
    return (
      <ActionBar note="您已报名该班级" className="class-action">
        <Link className="link-button primary" to={paths.myClasses}>
          我的班级
        </Link>
      </ActionBar>
    );
  }
  if (signup?.status === 'rejected') {
    return (
      <ActionBar
        state="未通过"
        stateTone="red"
        note={signupNote(signup)}
        stacked
        className="class-action"
      >
        <DisabledButton>报名未通过</DisabledButton>
      </ActionBar>
    );
  }
  if (signup) {
    const waiting = signup.status === 'waiting';
    return (
      <ActionBar
        state={signupLabel(signup)}
        stateTone={waiting ? 'blue' : 'amber'}
        note={signupNote(signup)}
        stacked
        className="class-action"
      >
        <Link className="link-button primary" to={paths.myClasses}>
          我的班级
        </Link>
        {signupPhaseAt(klass, now) === 'open' ? (
          <ClassCancel classId={klass.id} title={klass.title} waiting={waiting} />
        ) : null}
      </ActionBar>
    );
  }
  if (klass.status === '报名中' || klass.status === '已满') {
    const full = klass.status === '已满';
    return (
      <ActionBar
        note={
          <SeatsNote
            text={
              full
                ? `名额已满，${waitingText(klass.waitingCount)}`
                : `剩余 ${klass.seatsLeft} 个名额`
            }
            review={klass.reviewSignups}
          />
        }
        className="class-action"
      >
        <Link className="link-button primary" to={href('classSignup', { id: klass.id })}>
          {full ? '加入候补' : '立即报名'}
        </Link>
      </ActionBar>
    );
  }
  return <ActionBar note={closedReason[klass.status]} className="class-action" />;
}
