import { labelOf, ssoLoginFormSchema, ssoRegisterFormSchema } from '@portal/contract';
import type { z } from 'zod';
import type { CounterStore } from '../../platform/counter-store.ts';
import { AppError } from '../../platform/errors.ts';
import type { AccountService } from '../account/account.service.ts';
import { FAILURE_WINDOW_MS, LoginThrottle } from './login-throttle.ts';

/** What a login or registration form came to: a one-time ticket, or why not (and its HTTP status). */
export type FormOutcome =
  | { ok: true; ticket: string }
  | { ok: false; status: 400 | 401 | 409 | 429; error: string; retryAfterSeconds?: number };

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${labelOf(issue.path)}：${issue.message}` : '请检查填写的内容';
}

/**
 * The account center's rules: a login checks the password under per-username and per-IP
 * throttles, a registration creates the account; both end in a one-time ticket for the callback.
 */
export class AccountCenter {
  private readonly throttle: LoginThrottle;

  constructor(
    private readonly accounts: AccountService,
    counters: CounterStore,
  ) {
    this.throttle = new LoginThrottle(counters);
  }

  /** Checks a submitted login form from `ip`. */
  async login(form: unknown, ip: string): Promise<FormOutcome> {
    const parsed = ssoLoginFormSchema.safeParse(form);
    if (!parsed.success) return { ok: false, status: 400, error: firstIssue(parsed.error) };
    const { username, password } = parsed.data;
    if (await this.throttle.isBlocked(username, ip)) {
      return {
        ok: false,
        status: 429,
        error: '登录失败次数过多，请 15 分钟后再试',
        retryAfterSeconds: FAILURE_WINDOW_MS / 1000,
      };
    }
    const user = await this.accounts.checkPassword(username, password);
    if (!user) {
      await this.throttle.recordFailure(username, ip);
      return { ok: false, status: 401, error: '手机号或密码错误' };
    }
    await this.throttle.recordSuccess(username);
    return { ok: true, ticket: await this.accounts.issueTicket(user.id) };
  }

  /** Creates the account of a submitted registration form from `ip`; a taken number is 409. */
  async register(form: unknown, ip: string): Promise<FormOutcome> {
    const parsed = ssoRegisterFormSchema.safeParse(form);
    if (!parsed.success) return { ok: false, status: 400, error: firstIssue(parsed.error) };
    const refusal = await this.throttle.registrationRefusal(ip);
    if (refusal) {
      const { message, retryAfterSeconds } = refusal;
      return { ok: false, status: 429, error: message, retryAfterSeconds };
    }
    try {
      const userId = await this.accounts.register(parsed.data);
      return { ok: true, ticket: await this.accounts.issueTicket(userId) };
    } catch (error) {
      if (error instanceof AppError) return { ok: false, status: 409, error: error.message };
      throw error;
    }
  }
}
