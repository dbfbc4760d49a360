import { randomInt } from 'node:crypto';
import { type Bindings, type CodePurpose, PHONE_PATTERN } from '@portal/contract';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, invalid, tooMany } from '../../platform/errors.ts';
import { type RateLimiter, RateLimits } from '../../platform/rate-limit.ts';
import type { CodeSender } from '../../platform/sms.ts';
import { findUserById } from '../account/account.queries.ts';
import { maskPhone } from '../account/account.service.ts';
import type { LearnerChanges } from '../account/session-cache.ts';
import { hashSecret } from '../account/tokens.ts';
import {
  hasExternalIdentity,
  type IdentityService,
  lockLoginName,
} from '../identities/identities.service.ts';
import {
  findAccountByPhone,
  insertPhoneCode,
  latestPhoneCode,
  setLoginName,
  spendTry,
  useCode,
} from './phone-binding.queries.ts';

/** A code works for 5 minutes. */
export const CODE_TTL_MS = 5 * 60 * 1000;
/** Tries per code; the next try is refused even with the right code. */
export const MAX_TRIES = 5;
/** One code per phone per minute. */
export const RESEND_AFTER_MS = RateLimits.codeResend.windowMs;
/** Codes per phone per hour. */
export const MAX_CODES_PER_PHONE = RateLimits.codesByPhone.max;
/** Codes per client address per hour (several people may share an address). */
export const MAX_CODES_PER_ADDRESS = RateLimits.codesByAddress.max;

const codeHash = (phone: string, code: string) => hashSecret(`${phone}:${code}`);

/**
 * The identities an account is signed in with, and binding a phone to it. The phone number is
 * the account's login name (the account center signs in with it), so binding or changing the
 * phone changes the login name, and a number can belong to one account only (the unique key on
 * `users.username`). A phone is proven by a 6-digit code from the {@link CodeSender}; the phone
 * can be unbound only while an external identity bound to the account signs the learner in instead.
 */
export class PhoneBindingService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly limiter: RateLimiter,
    private readonly sender: CodeSender,
    private readonly identities: IdentityService,
    /** Told when the login name changes, once written. */
    private readonly sessions: LearnerChanges,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The bound phone (masked) and the external identity, each with whether it may be unbound:
   * one may go only while the other remains a way in.
   */
  async bindings(user: AuthUser): Promise<Bindings> {
    const phone = await this.boundPhone(user.id);
    const external = await this.identities.binding(user.id);
    const provider = this.identities.external;
    return {
      phone: phone ? maskPhone(phone) : null,
      canUnbind: phone !== null && external.bound,
      external: {
        configured: provider !== null,
        name: provider?.name ?? '统一身份认证',
        loginUrl: provider?.loginUrl ?? null,
        bound: external.bound,
        displayName: external.displayName,
        boundAt: external.boundAt === null ? null : new Date(external.boundAt).toISOString(),
        canUnbind: external.bound && phone !== null,
      },
    };
  }

  /**
   * Sends a code: for `bind`, to the new `phone`; for `unbind`, to the bound phone. Limited per
   * learner, per phone (one a minute, five an hour) and per client address.
   */
  async sendCode(user: AuthUser, purpose: CodePurpose, phone: string | undefined, address: string) {
    const target =
      purpose === 'bind' ? await this.checkNewPhone(user, phone) : await this.checkUnbind(user);
    await this.checkSendingLimits(user.id, target, address);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = this.now();
    await insertPhoneCode(this.db, {
      user_id: user.id,
      phone: target,
      purpose,
      code_hash: codeHash(target, code),
      created_at: now,
      expires_at: now + CODE_TTL_MS,
    });
    await this.sender.send({ phone: target, code, purpose });
    return { resendAfterSeconds: RESEND_AFTER_MS / 1000 };
  }

  /** Binds `phone` (or changes the bound phone to it) with the code sent to it. */
  async bind(user: AuthUser, phone: string, code: string): Promise<Bindings> {
    const row = await latestPhoneCode(this.db, user.id, phone, 'bind');
    await this.checkCode(row, phone, code);
    try {
      await this.db.transaction().execute(async (trx) => {
        if (!(row && (await useCode(trx, row.id, this.now())))) {
          throw invalid('验证码已使用，请重新获取');
        }
        await setLoginName(trx, user.id, phone);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('该手机号已绑定其他账号');
      throw error;
    }
    await this.sessions.forgetLearner(user.id);
    return this.bindings(user);
  }

  /** Unbinds the phone with the code sent to it, when another way in remains. */
  async unbind(user: AuthUser, code: string): Promise<Bindings> {
    const phone = await this.checkUnbind(user);
    const row = await latestPhoneCode(this.db, user.id, phone, 'unbind');
    await this.checkCode(row, phone, code);
    await this.db.transaction().execute(async (trx) => {
      // The account's lock first: an unbinding of the external identity at the same time waits.
      await lockLoginName(trx, user.id);
      if (!(await hasExternalIdentity(trx, user.id))) throw this.onlyWayIn();
      if (!(row && (await useCode(trx, row.id, this.now())))) {
        throw invalid('验证码已使用，请重新获取');
      }
      await setLoginName(trx, user.id, `u${user.id}`);
    });
    await this.sessions.forgetLearner(user.id);
    return this.bindings(user);
  }

  private async boundPhone(userId: number): Promise<string | null> {
    const row = await findUserById(this.db, userId);
    return row && row.deleted_at === null && PHONE_PATTERN.test(row.username) ? row.username : null;
  }

  private async checkNewPhone(user: AuthUser, phone: string | undefined): Promise<string> {
    if (!phone) throw invalid('缺少手机号');
    if ((await this.boundPhone(user.id)) === phone) throw invalid('手机号：已是当前绑定的手机号');
    if (await findAccountByPhone(this.db, phone)) throw conflict('该手机号已绑定其他账号');
    return phone;
  }

  /** The bound phone, when it may be unbound; otherwise why not. */
  private async checkUnbind(user: AuthUser): Promise<string> {
    const phone = await this.boundPhone(user.id);
    if (!phone) throw conflict('当前账号没有绑定手机号');
    if (!(await hasExternalIdentity(this.db, user.id))) throw this.onlyWayIn();
    return phone;
  }

  private onlyWayIn() {
    const name = this.identities.external?.name;
    const alternative = name ? `，或先绑定${name}` : '';
    return conflict(`手机号是当前账号唯一的登录方式，不能解绑；可以更换为新的手机号${alternative}`);
  }

  private async checkSendingLimits(userId: number, phone: string, address: string) {
    await this.limiter.consume(RateLimits.codesByLearner, userId);
    await this.limiter.consume(RateLimits.codesByAddress, address);
    await this.limiter.consume(RateLimits.codeResend, phone);
    await this.limiter.consume(RateLimits.codesByPhone, phone);
  }

  /** Checks a typed code against the latest one sent; every try counts, right or wrong. */
  private async checkCode(
    row: { id: number; code_hash: string; expires_at: number; tries: number } | undefined,
    phone: string,
    code: string,
  ) {
    if (!row) throw invalid('验证码：请先获取发送到该手机号的验证码');
    if (row.expires_at <= this.now()) throw invalid('验证码已过期，请重新获取');
    if (!(await spendTry(this.db, row.id, MAX_TRIES))) {
      throw tooMany('验证码错误次数过多，请重新获取');
    }
    if (codeHash(phone, code) !== row.code_hash) {
      const left = Math.max(0, MAX_TRIES - row.tries - 1);
      throw invalid(
        left > 0 ? `验证码错误，还可以再试 ${left} 次` : '验证码错误次数过多，请重新获取',
      );
    }
  }
}
