import type { Device, UserInfo } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { keepAvatar } from '../../platform/avatar-image.ts';
import type { CounterStore } from '../../platform/counter-store.ts';
import { AppError, conflict, invalid, notFound, tooMany } from '../../platform/errors.ts';
import type { StoreFolder } from '../../platform/file-store.ts';
import type { ReceivedFile, UploadStore } from '../../platform/upload-store.ts';
import { findUserById } from '../account/account.queries.ts';
import { toUserInfo } from '../account/account.service.ts';
import { hashPassword, verifyPassword } from '../account/password.ts';
import type { LearnerChanges } from '../account/session-cache.ts';
import { ATTACHMENT_AREA } from '../activities/activities.service.ts';
import {
  activeSignups,
  anonymiseUser,
  deviceKeyOf,
  erasePersonalData,
  listDeviceSessions,
  revokeDevice,
  revokeOtherDevices,
  setNickname,
  setPasswordHash,
  swapAvatar,
} from './account-settings.queries.ts';
import { describeDevice } from './device-name.ts';

/** Where received avatars wait (private) before the resized copy is made. */
export const AVATAR_INCOMING_AREA = 'avatar-incoming';
/** Wrong passwords (change or deletion) allowed per account in the window before a pause. */
const MAX_PASSWORD_FAILURES = 5;
const PASSWORD_FAILURE_WINDOW_MS = 15 * 60 * 1000;
const AVATAR_URL = /^\/files\/avatars\/([A-Za-z0-9_-]{22}\.webp)$/;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Cancels one signup through its area's own rules (seats freed, caches retired); refuses (an
 * `AppError`) when the signup window has closed.
 */
export interface SignupCanceller {
  cancelClass(siteKey: string, userId: number, classId: number): Promise<unknown>;
  cancelActivity(siteKey: string, userId: number, activityId: number): Promise<unknown>;
}

/**
 * The learner's own account: nickname, avatar, password, signed-in devices and deletion (注销).
 * Every change is the signed-in learner's own; another learner's device is "not found".
 */
export class AccountSettingsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly counters: CounterStore,
    readonly uploads: UploadStore,
    private readonly avatars: StoreFolder,
    private readonly signups: SignupCanceller,
    /** Told of every change of the learner or their sessions, once written. */
    private readonly sessions: LearnerChanges,
    private readonly now: () => number = Date.now,
  ) {}

  /** Renames the learner; answers the new profile. */
  async rename(user: AuthUser, nickname: string): Promise<UserInfo> {
    await setNickname(this.db, user.id, nickname);
    await this.sessions.forgetLearner(user.id);
    return this.profileOf(user.id);
  }

  /**
   * Keeps an uploaded picture as the avatar: checked by its content (JPEG, PNG or WebP, and it
   * must decode), resized to a square and stored under a fresh name; the old file is removed.
   */
  async changeAvatar(user: AuthUser, files: readonly ReceivedFile[]): Promise<UserInfo> {
    const { key, url } = await keepAvatar(files, this.avatars, '头像');
    const previous = await this.swapInAvatar(user.id, url).catch(async (error: unknown) => {
      // No kept file without its row.
      await this.avatars.files.remove([key]).catch(() => undefined);
      throw error;
    });
    if (previous === undefined) {
      await this.avatars.files.remove([key]);
      throw conflict('头像正在更新，请稍后再试');
    }
    await this.sessions.forgetLearner(user.id);
    await this.removeAvatarFile(previous);
    return this.profileOf(user.id);
  }

  /**
   * Changes the password after checking the old one; every other device is signed out, this
   * one stays. A wrong old password changes nothing.
   */
  async changePassword(user: AuthUser, oldPassword: string, newPassword: string) {
    await this.checkOwnPassword(user.id, oldPassword, '原密码不正确');
    if (oldPassword === newPassword) throw invalid('新密码：不能与原密码相同');
    const hash = await hashPassword(newPassword);
    const keep = await deviceKeyOf(this.db, user.sessionId);
    await this.db.transaction().execute(async (trx) => {
      await setPasswordHash(trx, user.id, hash);
      await revokeOtherDevices(trx, user.id, keep, this.now());
    });
    await this.sessions.forgetLearner(user.id);
  }

  /** The learner's signed-in devices, the latest seen first; this one marked `current`. */
  async devices(user: AuthUser): Promise<Device[]> {
    const [rows, current] = await Promise.all([
      listDeviceSessions(this.db, user.id, this.now()),
      deviceKeyOf(this.db, user.sessionId),
    ]);
    return devicesOf(rows, current);
  }

  /** Signs one of the learner's devices out (this one too, if named); another's is not found. */
  async signOutDevice(user: AuthUser, deviceId: string) {
    const revoked = await revokeDevice(this.db, user.id, deviceId, this.now());
    if (revoked === 0) throw notFound('设备');
    await this.sessions.forgetLearner(user.id);
  }

  /** Signs every device but this one out. */
  async signOutOthers(user: AuthUser) {
    const keep = await deviceKeyOf(this.db, user.sessionId);
    await revokeOtherDevices(this.db, user.id, keep, this.now());
    await this.sessions.forgetLearner(user.id);
  }

  /**
   * Deletes the account (注销) after the password is typed again: the user row is anonymised
   * (已注销用户, phone freed, no password, no avatar), personal data erased, every token
   * revoked; learning records stay only as anonymous aggregates. A second deletion is refused.
   */
  async deleteAccount(user: AuthUser, password: string) {
    const row = await findUserById(this.db, user.id);
    if (!row || row.deleted_at !== null) throw conflict('该账号已注销');
    await this.checkOwnPassword(user.id, password, '密码不正确，账号未注销');
    await this.releaseSeats(user.id);
    const attachments = await this.db.transaction().execute(async (trx) => {
      if (!(await anonymiseUser(trx, user.id, this.now()))) throw conflict('该账号已注销');
      return erasePersonalData(trx, user.id);
    });
    await this.sessions.forgetLearner(user.id);
    await this.uploads.remove(ATTACHMENT_AREA, attachments);
    await this.removeAvatarFile(row.avatar);
  }

  /**
   * Frees the seats the learner still holds where cancelling is still allowed; a signup whose
   * window has closed stays (anonymised) as the record of who came.
   */
  private async releaseSeats(userId: number) {
    const { classes, activities } = await activeSignups(this.db, userId);
    const attempts = [
      ...classes.map((row) => this.signups.cancelClass(row.site_key, userId, row.id)),
      ...activities.map((row) => this.signups.cancelActivity(row.site_key, userId, row.id)),
    ];
    for (const result of await Promise.allSettled(attempts)) {
      if (result.status === 'rejected' && !(result.reason instanceof AppError)) throw result.reason;
    }
  }

  private async profileOf(userId: number): Promise<UserInfo> {
    const row = await findUserById(this.db, userId);
    if (!row) throw notFound('账号');
    return toUserInfo(row);
  }

  /** Checks the learner's password under a per-account failure limit. */
  private async checkOwnPassword(userId: number, password: string, wrong: string) {
    const key = `password:user:${userId}`;
    if ((await this.counters.get(key)) >= MAX_PASSWORD_FAILURES) {
      throw tooMany('密码错误次数过多，请 15 分钟后再试');
    }
    const row = await findUserById(this.db, userId);
    if (!row || !(await verifyPassword(password, row.password_hash))) {
      await this.counters.increment(key, PASSWORD_FAILURE_WINDOW_MS);
      throw invalid(wrong);
    }
    await this.counters.reset(key);
  }

  /** Sets the avatar URL and answers the one it replaced (undefined when it kept changing). */
  private async swapInAvatar(userId: number, url: string) {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const row = await findUserById(this.db, userId);
      if (!row || row.deleted_at !== null) return undefined;
      if (await swapAvatar(this.db, userId, row.avatar, url)) return row.avatar;
    }
    return undefined;
  }

  /** Removes a kept avatar file by its URL (only one of ours). */
  private async removeAvatarFile(url: string | null) {
    const name = url ? AVATAR_URL.exec(url)?.[1] : undefined;
    if (name) await this.avatars.files.remove([`${this.avatars.folder}${name}`]);
  }
}

/**
 * The devices of a learner's live sessions (latest seen first), `current` the one with that
 * device key: one entry a device, as last seen (a device may hold a few live tokens, two tabs).
 */
export function devicesOf(
  rows: Awaited<ReturnType<typeof listDeviceSessions>>,
  current: string | null,
): Device[] {
  const devices = new Map<string, Device>();
  for (const row of rows) {
    const id = row.device_key ?? `s${row.id}`;
    if (devices.has(id)) continue;
    devices.set(id, {
      id,
      description: describeDevice(row.user_agent),
      signedInAt: iso(row.signed_in_at ?? row.created_at),
      lastSeenAt: iso(row.last_seen_at),
      current: row.device_key !== null && id === current,
    });
  }
  return [...devices.values()];
}
