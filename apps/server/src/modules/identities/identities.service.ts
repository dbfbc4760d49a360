import { PHONE_PATTERN } from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import { isUniqueViolation } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, invalid } from '../../platform/errors.ts';
import type { ExternalIdentityProvider } from './external-idp.ts';
import {
  deleteIdentityOfUser,
  findAccountOfSubject,
  findIdentityOfUser,
  insertIdentity,
} from './identities.queries.ts';

/** The provider key of the configured external identity provider in `user_identities`. */
export const EXTERNAL = 'external';

/** The external identity bound to an account, as the bindings page shows it. */
export interface ExternalBinding {
  bound: boolean;
  displayName: string | null;
  boundAt: number | null;
}

/**
 * Takes the account's row lock (PostgreSQL) or the write lock (SQLite) and answers its login
 * name: the unbinding of either way in runs after it, so two unbinds at once queue and the second
 * sees the first (an account never ends without a way in).
 */
export async function lockLoginName(trx: Transaction<Database>, userId: number) {
  const { rows } = await sql<{ username: string }>`update users set username = username
    where id = ${userId} and deleted_at is null returning username`.execute(trx);
  return rows[0]?.username ?? null;
}

/** Whether `userId` has an external identity bound (read inside an unbind's transaction). */
export async function hasExternalIdentity(db: Kysely<Database>, userId: number) {
  return (await findIdentityOfUser(db, userId, EXTERNAL)) !== undefined;
}

/**
 * The external identity provider's side of an account: binding the person behind a provider
 * ticket to the learner (or changing it), unbinding it while the phone remains a way in, and
 * signing in with it. An identity that is bound to no account does not sign in: a learner binds
 * it first from an account they can already enter, so every account keeps its password.
 */
export class IdentityService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly provider: ExternalIdentityProvider | null,
    private readonly now: () => number = Date.now,
  ) {}

  /** The provider's name and login page, or null when none is configured. */
  get external() {
    return this.provider?.config ?? null;
  }

  async binding(userId: number): Promise<ExternalBinding> {
    const row = await findIdentityOfUser(this.db, userId, EXTERNAL);
    return {
      bound: row !== undefined,
      displayName: row?.display_name ?? null,
      boundAt: row ? Number(row.bound_at) : null,
    };
  }

  /** Binds the person behind `ticket` to the learner, replacing an identity bound before. */
  async bind(user: AuthUser, ticket: string): Promise<void> {
    const provider = this.requireProvider();
    const person = await provider.redeem(ticket);
    try {
      await this.db.transaction().execute(async (trx) => {
        const owner = await findAccountOfSubject(trx, EXTERNAL, person.subject);
        if (owner && owner.id !== user.id) {
          throw conflict(`该${provider.name}账号已绑定其他学员账号`);
        }
        await deleteIdentityOfUser(trx, user.id, EXTERNAL);
        await insertIdentity(trx, {
          user_id: user.id,
          provider: EXTERNAL,
          subject: person.subject,
          display_name: person.name,
          bound_at: this.now(),
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`该${provider.name}账号已绑定其他学员账号`);
      throw error;
    }
  }

  /** Unbinds the external identity while the phone (and its password) remains a way in. */
  async unbind(user: AuthUser): Promise<void> {
    const provider = this.requireProvider();
    await this.db.transaction().execute(async (trx) => {
      const loginName = await lockLoginName(trx, user.id);
      if (!(await hasExternalIdentity(trx, user.id))) {
        throw conflict(`当前账号没有绑定${provider.name}`);
      }
      if (!loginName || !PHONE_PATTERN.test(loginName)) {
        throw conflict(`${provider.name}是当前账号唯一的登录方式，不能解绑；请先绑定手机号`);
      }
      await deleteIdentityOfUser(trx, user.id, EXTERNAL);
    });
  }

  /**
   * The account a provider ticket signs in, for the login exchange; 400 when the person has
   * bound no account here.
   */
  async accountOf(ticket: string): Promise<number> {
    const provider = this.requireProvider();
    const person = await provider.redeem(ticket);
    const owner = await findAccountOfSubject(this.db, EXTERNAL, person.subject);
    if (!owner || owner.deleted_at !== null) {
      throw invalid(
        `该${provider.name}账号还没有绑定本站账号：请先用手机号登录，在「账号设置」的「绑定账号」中绑定后再使用`,
      );
    }
    return owner.id;
  }

  private requireProvider(): ExternalIdentityProvider {
    if (!this.provider) throw conflict('本站没有接入统一身份认证');
    return this.provider;
  }
}
