import { type ClassStatus, ErrorCode, type SignupStatus } from '@portal/contract/constants';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { ApiError } from '@/platform/request.ts';
import { Badge, type BadgeTone } from './badge.tsx';
import { Callout } from './callout.tsx';
import { FactNote } from './facts.tsx';
import './signup-status.css';

/**
 * Where a learner's sign-up of a class or an activity stands (the contract's `mySignup` and
 * `myApplication` both fit): its status, their place on the waiting list, the reviewer's reason.
 */
export interface SignupState {
  status: SignupStatus;
  place: number | null;
  reason: string | null;
}

/** A sign-up the learner still has: anything but none or cancelled. */
export function liveSignup<T extends SignupState>(
  signup: T | null | undefined,
): (T & { status: Exclude<SignupStatus, 'cancelled'> }) | null {
  if (!signup || signup.status === 'cancelled') return null;
  return { ...signup, status: signup.status };
}

/** What an item's page says before the learner signs up for one that reviews its sign-ups. */
export const REVIEW_HINT = '报名需审核，审核通过后报名成功';

/** The line of a sign-up waiting for the reviewer. */
export const PENDING_NOTE = '报名已提交，等待工作人员审核，名额已为您保留';

/** The line of a sign-up on the waiting list. */
export const WAITING_NOTE = '有名额空出时按候补顺序为您递补，届时会发消息通知您';

/** A sign-up's status in a word or two: 已报名, 待审核, 候补第 2 位, 未通过, 已取消. */
export function signupLabel(signup: Pick<SignupState, 'status' | 'place'>): string {
  switch (signup.status) {
    case 'active':
      return '已报名';
    case 'pending':
      return '待审核';
    case 'waiting':
      return signup.place === null ? '候补中' : `候补第 ${signup.place} 位`;
    case 'rejected':
      return '未通过';
    case 'cancelled':
      return '已取消';
  }
}

/** The colour of a sign-up's status: confirmed green, waiting for review amber, in line blue. */
export const signupTone: Record<SignupStatus, BadgeTone> = {
  active: 'green',
  pending: 'amber',
  waiting: 'blue',
  rejected: 'red',
  cancelled: 'grey',
};

/** What a sign-up that is not (yet) confirmed means for the learner; null for the others. */
export function signupNote(signup: SignupState): string | null {
  switch (signup.status) {
    case 'pending':
      return PENDING_NOTE;
    case 'waiting':
      return WAITING_NOTE;
    case 'rejected':
      return signup.reason ? `未通过原因：${signup.reason}` : '很抱歉，您的报名未通过审核';
    default:
      return null;
  }
}

/** How many are on the waiting list, as the seats line says it. */
export const waitingText = (count: number) => (count > 0 ? `已有 ${count} 人候补` : '目前无人候补');

/**
 * The seats of a class or an activity as its facts say them: 共 30 人，剩余 5 个; once full,
 * 已报满 with how many wait (a full item takes more in line).
 */
export function SeatsFact({
  item,
}: {
  item: { capacity: number; seatsLeft: number; status: ClassStatus; waitingCount: number };
}) {
  if (item.status !== '已满') {
    return (
      <>
        共 {item.capacity} 人，剩余 <strong>{item.seatsLeft}</strong> 个
      </>
    );
  }
  return (
    <>
      共 {item.capacity} 人，<strong className="text-alert">已报满</strong>
      <FactNote>{waitingText(item.waitingCount)}，可加入候补</FactNote>
    </>
  );
}

/** A sign-up's status as a badge (已报名 green, 待审核 amber, 候补第 N 位 blue, 未通过 red). */
export function SignupBadge({ signup }: { signup: Pick<SignupState, 'status' | 'place'> }) {
  return (
    <Badge tone={signupTone[signup.status]} className="signup-badge">
      {signupLabel(signup)}
    </Badge>
  );
}

const noteTone = { pending: 'warning', waiting: 'info', rejected: 'danger' } as const;

/**
 * The line under a sign-up that is not confirmed: waiting for review, on the waiting list, or
 * refused with the reviewer's reason; nothing for the others.
 */
export function SignupNote({ signup }: { signup: SignupState }) {
  const note = signupNote(signup);
  if (note === null || signup.status === 'active' || signup.status === 'cancelled') return null;
  return (
    <Callout compact tone={noteTone[signup.status]} className="signup-note">
      <p>{note}</p>
    </Callout>
  );
}

/**
 * The note beside 立即报名 or 加入候补 (the seats left, or how many wait), with 报名需审核 on a
 * line of its own when the item reviews its sign-ups.
 */
export function SeatsNote({ text, review }: { text: string; review: boolean }) {
  return (
    <>
      {text}
      {review ? <span className="review-hint">{REVIEW_HINT}</span> : null}
    </>
  );
}

/**
 * Over a signup form: that a full item takes the learner on its waiting list, and that the
 * item reviews its sign-ups.
 */
export function SignupFormNotices({ full, review }: { full: boolean; review: boolean }) {
  return (
    <>
      {full ? (
        <Callout compact tone="info">
          <p>提交后您将进入候补名单，{WAITING_NOTE}。</p>
        </Callout>
      ) : null}
      {review ? (
        <Callout compact tone="warning">
          <p>{REVIEW_HINT}。</p>
        </Callout>
      ) : null}
    </>
  );
}

/**
 * How a signup form sends: to the waiting list when the item is full, or when it filled up while
 * the learner was filling in (`error`, the last try's failure, is {@link isFullRefusal}: `raced`,
 * and the button then says 加入候补).
 */
export function waitlistMode(status: ClassStatus, error: unknown) {
  const raced = isFullRefusal(error);
  return { raced, waitlist: status === '已满' || raced };
}

/**
 * Just above a signup form's button once the sign-up lost the last seat ({@link isFullRefusal}):
 * the button now joins the waiting list.
 */
export function FullRefusalNote({ shown }: { shown: boolean }) {
  if (!shown) return null;
  return (
    <Callout compact tone="warning" role="status">
      <p>名额刚刚报满了。您可以加入候补，{WAITING_NOTE}。</p>
    </Callout>
  );
}

/**
 * The title of a signup page for a learner who already signed up and waits: for the reviewer,
 * or in line (with their place).
 */
export function waitingTitle(signup: Pick<SignupState, 'status' | 'place'>): string {
  if (signup.status === 'pending') return '您的报名正在审核';
  return signup.place === null ? '您已在候补名单中' : `您已在候补名单中，排第 ${signup.place} 位`;
}

/** The success view of a sign-up that went through as `pending` or `waiting`; null otherwise. */
export function submittedText(
  signup: Pick<SignupState, 'status' | 'place'>,
): { title: string; description: string } | null {
  if (signup.status === 'pending') {
    return {
      title: '报名已提交，等待审核',
      description: '名额已为您保留，工作人员审核通过后即报名成功，审核结果会发消息通知您。',
    };
  }
  if (signup.status === 'waiting') {
    return {
      title: signup.place === null ? '已加入候补' : `已加入候补，您是第 ${signup.place} 位`,
      description: `${WAITING_NOTE}。`,
    };
  }
  return null;
}

/**
 * Whether a sign-up was refused because the item filled up meanwhile (it lost the last seat):
 * the server's 409 名额已满, which the learner can answer by joining the waiting list.
 */
export const isFullRefusal = (error: unknown) =>
  error instanceof ApiError && error.code === ErrorCode.conflict && error.message === '名额已满';

/**
 * 取消报名 (or 取消候补 for a learner on the waiting list) with a confirm step: the first tap
 * asks, the second calls `onConfirm`; 不取消了 steps back. The failure's message shows under it.
 */
export function CancelSignupButton({
  waiting,
  title,
  pending,
  error,
  onConfirm,
}: {
  /** On the waiting list: the words are 取消候补. */
  waiting: boolean;
  /** The item's title, for the button's accessible name. */
  title: string;
  /** The cancel is being sent: the button spins. */
  pending: boolean;
  /** The last try's failure message, if any. */
  error: string | null;
  /** Called on the confirming tap, with a function that steps back out of the confirm state. */
  onConfirm: (done: () => void) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const what = waiting ? '取消候补' : '取消报名';
  const handleCancel = () => {
    if (!confirming) {
      setConfirming(true);
      return;
    }
    onConfirm(() => setConfirming(false));
  };
  return (
    <>
      <span className="action-row">
        <Button
          color={confirming ? 'danger' : 'default'}
          loading={pending}
          onClick={handleCancel}
          aria-label={confirming ? `确认${what}：${title}` : `${what}：${title}`}
        >
          {confirming ? `确认${what}` : what}
        </Button>
        {confirming && !pending ? (
          <button type="button" className="text-button" onClick={() => setConfirming(false)}>
            不取消了
          </button>
        ) : null}
      </span>
      {error ? (
        <p className="signup-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
