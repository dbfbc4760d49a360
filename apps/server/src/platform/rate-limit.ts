import type { CounterStore, Hit } from './counter-store.ts';
import { AppError, tooMany } from './errors.ts';

/**
 * One ceiling: at most `max` calls per subject (a learner, or an address for calls without a
 * login) in a fixed window of `windowMs`. Several routes may share one limit (and so one count).
 */
export interface RateLimit {
  /** The counter's key prefix, e.g. `signup`; the subject is appended. */
  name: string;
  /** What was done too often, in Chinese, e.g. `报名或取消报名`. */
  action: string;
  max: number;
  windowMs: number;
  /** A fixed message instead of `<action>过于频繁，请 N 秒后再试`. */
  message?: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const limit = (name: string, action: string, max: number, windowMs: number): RateLimit => ({
  name,
  action,
  max,
  windowMs,
});

/**
 * Every ceiling of the portal, in one place. They are set far above what a person does (a
 * player reports every 15 s, a learner taps a signup button a few times a minute) and above
 * what the benches and reliability suites drive per learner (at most 7.5 writes a second for
 * one learner in the open-loop bench, 10 replays a round in the ledger suite), so only a script
 * meets them. Learner writes count per learner: many learners share one address behind a
 * carrier's NAT. Calls without a login count per address, with ceilings high enough for a few
 * hundred people behind one address. docs/reliability-rate-limits.md explains each choice.
 */
export const RateLimits = {
  /** Lesson, live and e-book progress reports: each its own count. */
  lessonProgress: limit('progress:lesson', '学习进度上报', 600, MINUTE),
  liveProgress: limit('progress:live', '直播学习时长上报', 600, MINUTE),
  ebookProgress: limit('progress:ebook', '阅读进度上报', 600, MINUTE),
  /** A live session's viewer heartbeat, per learner. */
  liveHeartbeat: limit('live:heartbeat', '直播心跳', 600, MINUTE),
  /** The same for visitors, per address (viewers behind one NAT send one each 15 s). */
  liveHeartbeatByAddress: limit('live:heartbeat:addr', '直播心跳', 3000, MINUTE),
  /** Signups and cancellations (classes, activities, bases, walks, teams), one count per kind. */
  classSignup: limit('signup:class', '班级报名或取消', 600, MINUTE),
  activitySignup: limit('signup:activity', '活动报名或取消', 600, MINUTE),
  baseBooking: limit('signup:base', '基地预约或取消', 600, MINUTE),
  walkSignup: limit('signup:walk', '人文行走报名或取消', 600, MINUTE),
  teamMembership: limit('signup:team', '加入或退出团队', 600, MINUTE),
  /** Check-ins (activity QR code, walk stops). */
  checkIn: limit('check-in', '签到', 120, MINUTE),
  /** Favourites and browsing history writes. */
  favourites: limit('favourites', '收藏操作', 600, MINUTE),
  /** Reminder subscriptions of a device (提醒推送). */
  push: limit('push', '提醒订阅', 30, MINUTE),
  history: limit('history', '浏览记录操作', 600, MINUTE),
  /** Live reservations. */
  liveReservations: limit('live:reservation', '直播预约操作', 120, MINUTE),
  /** Uploads: avatars, activity applications with files. */
  uploads: limit('upload', '上传', 60, 10 * MINUTE),
  /** Team works: posts (counted once the post is checked) and comments. */
  teamWorkPost: limit('team-work:post', '发布作品', 5, 10 * MINUTE),
  teamWorkComment: limit('team-work:comment', '评论', 10, MINUTE),
  /** Likes, deleting and featuring works and comments. */
  teamWorkActions: limit('team-work:action', '作品操作', 120, MINUTE),
  /** Creating a team; managing one (requests, members, details, invite codes, resources). */
  teamCreate: limit('team:create', '创建团队', 10, HOUR),
  teamManage: limit('team:manage', '团队管理操作', 120, MINUTE),
  /** Delivery requests, and what staff and requesters do with them. */
  deliveryRequest: limit('delivery:request', '提交配送申请', 60, HOUR),
  deliveryActions: limit('delivery:action', '配送申请操作', 120, MINUTE),
  /** Marking articles and messages read. */
  readMarks: limit('read-mark', '标记已读', 300, MINUTE),
  /** Account settings: profile, devices, identities, phone binding, deleting the account. */
  accountSettings: limit('account:settings', '账号设置操作', 60, MINUTE),
  accountDelete: limit('account:delete', '注销账号', 10, HOUR),
  /**
   * Verification codes by SMS (they cost money and reach a stranger's phone): per learner, per
   * address (several accounts of one script), one a minute and five an hour per phone.
   */
  codesByLearner: limit('sms:user', '获取验证码', 30, HOUR),
  codesByAddress: {
    ...limit('sms:addr', '获取验证码', 20, HOUR),
    message: '获取验证码过于频繁，请 1 小时后再试',
  },
  codeResend: {
    ...limit('sms:gap', '获取验证码', 1, MINUTE),
    message: '验证码已发送，请 60 秒后再获取',
  },
  codesByPhone: {
    ...limit('sms:phone', '获取验证码', 5, HOUR),
    message: '该手机号获取验证码过于频繁，请 1 小时后再试',
  },
  /**
   * The account center (`/sso`): failed logins per username and per address (only failures
   * count: a password typed right is never held back), registrations per address.
   */
  loginFailuresByUsername: limit('login:user', '登录失败', 5, 15 * MINUTE),
  loginFailuresByAddress: limit('login:addr-failures', '登录失败', 30, 15 * MINUTE),
  registration: limit('register:addr', '注册', 10, 15 * MINUTE),
  /**
   * Failed ticket exchanges per address: only failures count, since a valid ticket needs a
   * right password (throttled above) and hundreds of learners behind one address (a carrier's
   * NAT, the reliability suites' logins) exchange theirs in the same minute.
   */
  login: limit('login:ticket', '登录', 100, MINUTE),
  /** Logout, per address. */
  logout: limit('logout', '退出登录', 1200, MINUTE),
  /** Certificate verification by code, per address (guessing codes). */
  certificateVerify: {
    ...limit('cert-verify', '证书验证', 30, 10 * MINUTE),
    message: '操作过于频繁，请稍后再试',
  },
} satisfies Record<string, RateLimit>;

/** `42 秒` or `15 分钟`: how long until the window ends, for the message. */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} 秒`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 60 ? `${minutes} 分钟` : `${Math.ceil(minutes / 60)} 小时`;
}

/** The counter key of `limit` for `subject` (a learner id, or `addr:<ip>`). */
export function rateLimitKey(limit: RateLimit, subject: string | number): string {
  return `${limit.name}:${subject}`;
}

/** The subject a call counts under: the learner, else the caller's address. */
export function rateLimitSubject(learnerId: number | null, address: string): string | number {
  return learnerId ?? `addr:${address}`;
}

/**
 * Counts calls against {@link RateLimit}s in the shared counter store (memory, or Redis so that
 * every instance counts together). Past the ceiling it throws code 429 with a message saying
 * what and when to retry, and the `Retry-After` header; the refused call writes nothing.
 */
export class RateLimiter {
  constructor(
    private readonly store: CounterStore,
    /** Told the name of each limit that refuses a call (the metrics count them). */
    private readonly onRefusal: (limit: string) => void = () => {},
  ) {}

  /**
   * Runs `attempt` unless `subject` has failed `limit.max` times in the window (then 429); a
   * failure (an {@link AppError} thrown by `attempt`) counts, a success does not.
   */
  async guardFailures<T>(
    limit: RateLimit,
    subject: string | number,
    attempt: () => Promise<T>,
  ): Promise<T> {
    const key = rateLimitKey(limit, subject);
    if ((await this.store.get(key)) >= limit.max) {
      // The refused call counts too: that is how its window's end is learned.
      throw this.refusal(limit, await this.store.hit(key, limit.windowMs));
    }
    try {
      return await attempt();
    } catch (error) {
      if (error instanceof AppError) await this.store.hit(key, limit.windowMs);
      throw error;
    }
  }

  /** Counts one call of `subject` under `limit`; throws 429 past the ceiling. */
  async consume(limit: RateLimit, subject: string | number): Promise<void> {
    const hit = await this.store.hit(rateLimitKey(limit, subject), limit.windowMs);
    if (hit.count > limit.max) throw this.refusal(limit, hit);
  }

  /** Code 429: what was done too often and when to retry, in words and in `Retry-After`. */
  private refusal(limit: RateLimit, hit: Hit) {
    this.onRefusal(limit.name);
    const seconds = Math.max(1, Math.ceil(hit.resetInMs / 1000));
    return tooMany(
      limit.message ?? `${limit.action}过于频繁，请 ${waitText(seconds)}后再试`,
      seconds,
    );
  }
}
