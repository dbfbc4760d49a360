import type { LoginResult, UserInfo } from '@portal/contract';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/database.ts';
import type { Database, NewSessionRow, UserRow } from '../../db/schema.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, invalid, loginRequired } from '../../platform/errors.ts';
import { SideEffects } from '../../platform/side-effects.ts';
import { signedIn } from './account.effects.ts';
import {
  consumeTicket,
  deleteExpired,
  findLiveSession,
  findUserById,
  findUserByUsername,
  insertSession,
  insertSuccessorSession,
  insertTicket,
  insertUser,
  type LiveSession,
  retireSession,
  revokeSessionByHash,
  touchSession,
} from './account.queries.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password.ts';
import { SessionCache } from './session-cache.ts';
import { enterSite } from './site-learners.ts';
import { hashSecret, newDeviceKey, newSecret, successorOf } from './tokens.ts';

export const TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;
/** How long a rotated token still works, so two tabs refreshing at once both stay logged in. */
export const ROTATION_GRACE_MS = 60 * 1000;
export const TICKET_TTL_MS = 2 * 60 * 1000;
/** `last_seen_at` is written at most this often per session, to keep reads free of writes. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;
/** How often expired sessions and tickets are deleted while the server runs. */
const CLEANUP_EVERY_MS = 60 * 60 * 1000;

export interface SessionContext {
  fingerprint: string | null;
  siteKey: string;
  /** The browser's User-Agent (cut to 300 characters), to tell the learner's devices apart. */
  userAgent: string | null;
}

/** The device a session belongs to; a refresh hands it to the new token. */
interface SessionDevice {
  key: string;
  signedInAt: number;
}

/**
 * Masks the middle of a mobile number: `13800000001` -> `138****0001`; a login name that is no
 * phone (the phone was unbound, or the account deleted) answers ''.
 */
export function maskPhone(username: string): string {
  return /^\d{11}$/.test(username) ? `${username.slice(0, 3)}****${username.slice(7)}` : '';
}

/** The public profile the web app stores as `userInfo`. */
export function toUserInfo(
  user: Pick<UserRow, 'id' | 'username' | 'nickname' | 'avatar' | 'created_at'>,
): UserInfo {
  return {
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    avatar: user.avatar,
    phone: maskPhone(user.username),
    createdAt: new Date(user.created_at).toISOString(),
  };
}

/**
 * Accounts, one-time login tickets and bearer-token sessions. Secrets are random and stored
 * only as SHA-256 hashes; tickets are single-use by a conditional update.
 */
export class AccountService {
  /** Resolves a ticket that is not one of the account center's (the external provider's). */
  private externalTickets: ((ticket: string) => Promise<number>) | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
    private readonly effects: SideEffects = new SideEffects(),
    /** The live sessions read lately (shared with the services that change learners). */
    readonly sessions: SessionCache<LiveSession> = new SessionCache(),
  ) {}

  /**
   * Lets the login exchange take the external identity provider's tickets too: a ticket that is
   * not one of the account center's is handed to `resolve`, which answers the account it signs in
   * (or throws why not).
   */
  acceptExternalTickets(resolve: (ticket: string) => Promise<number>) {
    this.externalTickets = resolve;
  }

  /** The user whose password matches, or null; takes the same time for unknown usernames. */
  async checkPassword(username: string, password: string): Promise<UserRow | null> {
    const user = await findUserByUsername(this.db, username);
    const ok = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
    return user && ok ? user : null;
  }

  /** Creates an account; a taken username answers 409. */
  async register(input: { username: string; password: string; nickname?: string | undefined }) {
    if (await findUserByUsername(this.db, input.username))
      throw conflict('该手机号已注册，请直接登录');
    const passwordHash = await hashPassword(input.password);
    try {
      return await insertUser(this.db, {
        username: input.username,
        password_hash: passwordHash,
        nickname: input.nickname || `学员${input.username.slice(-4)}`,
        avatar: null,
        created_at: this.now(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('该手机号已注册，请直接登录');
      throw error;
    }
  }

  /** A one-time ticket the account center hands to the callback. */
  async issueTicket(userId: number): Promise<string> {
    const ticket = newSecret();
    const now = this.now();
    await insertTicket(this.db, {
      ticket_hash: hashSecret(ticket),
      user_id: userId,
      created_at: now,
      expires_at: now + TICKET_TTL_MS,
    });
    return ticket;
  }

  /**
   * Exchanges a ticket for a session: the account center's own tickets first, then the external
   * provider's when one is configured; a used, expired or unknown ticket is refused. A sign-in
   * to the portal joins the learner to the site (or is refused when stopped there).
   */
  async login(
    ticket: string,
    context: SessionContext,
    app: 'portal' | 'console' = 'portal',
  ): Promise<LoginResult> {
    let userId = await consumeTicket(this.db, hashSecret(ticket), this.now());
    if (userId === null && this.externalTickets) userId = await this.externalTickets(ticket);
    if (userId === null) throw invalid('登录票据无效或已过期，请重新登录');
    const user = await findUserById(this.db, userId);
    if (!user) throw invalid('登录票据无效或已过期，请重新登录');
    const token = newSecret();
    await this.db.transaction().execute(async (trx) => {
      const now = this.now();
      // A learner stopped on this site (停用) is refused here, before any session exists; the
      // console's staff sign in to work, not to learn (its roles guard what they may do).
      if (app === 'portal') await enterSite(trx, context.siteKey, userId, now);
      await insertSession(trx, sessionRow(userId, token, context, now, null));
    });
    return { token, userInfo: toUserInfo(user) };
  }

  /**
   * Redeems one of the account center's tickets for another portal that uses this account center
   * as its identity provider: the person's stable id and nickname, once per ticket.
   */
  async redeemForProvider(ticket: string): Promise<{ subject: string; name: string }> {
    const userId = await consumeTicket(this.db, hashSecret(ticket), this.now());
    const user = userId === null ? undefined : await findUserById(this.db, userId);
    if (!user || user.deleted_at !== null) throw invalid('认证票据无效或已过期，请重新认证');
    return { subject: String(user.id), name: user.nickname };
  }

  /** The learner behind a token, or null for a missing, unknown, expired or revoked one. */
  async authenticate(token: string | null): Promise<AuthUser | null> {
    const row = await this.liveSession(token);
    return row ? toAuthUser(row) : null;
  }

  /**
   * The live session of a token with its learner and device, seen now; null when none. Read
   * through the kept sessions ({@link SessionCache}), which every change of a session or its
   * learner forgets; the expiry is checked here, as the query checks it.
   */
  private async liveSession(token: string | null) {
    if (!token) return null;
    const now = this.now();
    const hash = hashSecret(token);
    const row = await this.sessions.read(hash, () => findLiveSession(this.db, hash, now));
    if (!row || row.expires_at <= now) return null;
    if (now - row.last_seen_at > TOUCH_EVERY_MS) {
      await touchSession(this.db, row.session_id, now);
      row.last_seen_at = now;
    }
    return row;
  }

  /**
   * Swaps a valid token for its successor and retires it after a grace period; null when the
   * token is not valid (the client then forgets it). The successor is derived from the token
   * and the session's successor key ({@link successorOf}), so every refresh of one token (two
   * tabs at start, a retried request) answers the same one, and only the first writes: a
   * device keeps one live token, and a replay cannot pile up sessions.
   */
  async refresh(token: string | null, context: SessionContext): Promise<string | null> {
    const session = await this.liveSession(token);
    if (!session || token === null) return null;
    // Refreshed before, during its grace period: its successor is stored already.
    if (session.successor_key !== null) return successorOf(token, session.successor_key);
    const user = toAuthUser(session);
    const successor = await this.db.transaction().execute(async (trx) => {
      const now = this.now();
      const key = await retireSession(
        trx,
        user.sessionId,
        now,
        now + ROTATION_GRACE_MS,
        newSecret(),
      );
      if (key === null) return null;
      // Seen on the site today; a learner stopped there meanwhile is refused (and rolled back).
      await enterSite(trx, context.siteKey, user.id, now);
      // The first refresh of the day is the day's sign-in (points reward it once a day).
      await this.effects.record(trx, signedIn(context.siteKey, user.id, now));
      const next = successorOf(token, key);
      // As read with the token: a session's device key and sign-in time never change.
      await insertSuccessorSession(
        trx,
        sessionRow(user.id, next, context, now, {
          key: session.device_key ?? newDeviceKey(),
          signedInAt: session.signed_in_at ?? now,
        }),
      );
      return next;
    });
    // Rotated: its expiry is now the grace period's end, and its successor is stored.
    await this.sessions.forgetToken(hashSecret(token));
    return successor;
  }

  /** Revokes the token; a token that is already invalid is fine. */
  async logout(token: string | null): Promise<void> {
    if (!token) return;
    const hash = hashSecret(token);
    await revokeSessionByHash(this.db, hash, this.now());
    await this.sessions.forgetToken(hash);
  }

  /**
   * Deletes expired sessions and tickets hourly until the returned function stops it; a failed
   * round is told to `onError` and the next one tries again. The timer never keeps the process up.
   */
  scheduleCleanup(onError: (error: unknown) => void): () => void {
    const timer = setInterval(() => {
      deleteExpired(this.db, this.now()).catch(onError);
    }, CLEANUP_EVERY_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  async profile(user: AuthUser | null): Promise<UserInfo> {
    if (!user) throw loginRequired();
    return toUserInfo({ ...user, created_at: user.createdAt });
  }
}

/** The row of a new session of `token` on `device` (a new device when null). */
function sessionRow(
  userId: number,
  token: string,
  context: SessionContext,
  now: number,
  device: SessionDevice | null,
): NewSessionRow {
  return {
    user_id: userId,
    token_hash: hashSecret(token),
    fingerprint: context.fingerprint,
    site_key: context.siteKey,
    created_at: now,
    expires_at: now + TOKEN_TTL_MS,
    last_seen_at: now,
    rotated_at: null,
    revoked_at: null,
    device_key: device?.key ?? newDeviceKey(),
    user_agent: context.userAgent?.slice(0, 300) ?? null,
    signed_in_at: device?.signedInAt ?? now,
    successor_key: null,
  };
}

/** The learner of a live session, as the routes see them. */
function toAuthUser(row: NonNullable<Awaited<ReturnType<typeof findLiveSession>>>): AuthUser {
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    avatar: row.avatar,
    createdAt: row.created_at,
    sessionId: row.session_id,
  };
}
