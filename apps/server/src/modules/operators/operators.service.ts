import type { AdminSession, OperatorGrantBody, Operator as OperatorView } from '@portal/contract';
import { OPERATOR_ROLE_NAMES, type OperatorRole } from '@portal/contract/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, forbidden, invalid } from '../../platform/errors.ts';
import { ReviewQueue } from '../content/review-queue.ts';
import type { AuditLog } from './audit.ts';
import {
  deleteRole,
  findAccountByUsername,
  insertRole,
  listOperatorRows,
  listRolesOf,
} from './operators.queries.ts';

/** The roles a 站点管理员 holds on their site by being one. */
const SITE_ROLES: readonly OperatorRole[] = [
  'site_admin',
  'editor',
  'reviewer',
  'checkin',
  'delivery',
];

/** An operator acting on one site in one call: who, their roles there, and from where. */
export interface Operator {
  userId: number;
  nickname: string;
  siteKey: string;
  /** The roles held on this site, those a 站点管理员 or 超级管理员 holds by being one included. */
  roles: ReadonlySet<OperatorRole>;
  superAdmin: boolean;
  /** The address of the call, for the audit log. */
  ip: string;
}

/** Whether an operator holding `held` (on one site) may act as `role` there. */
function holds(held: ReadonlySet<OperatorRole>, superAdmin: boolean, role: OperatorRole): boolean {
  if (superAdmin) return true;
  if (held.has(role)) return true;
  return held.has('site_admin') && SITE_ROLES.includes(role);
}

/** Every role an operator holding `held` on a site may act as there. */
function effectiveRoles(held: ReadonlySet<OperatorRole>, superAdmin: boolean): OperatorRole[] {
  if (held.size === 0 && !superAdmin) return [];
  return (['super_admin', ...SITE_ROLES] as OperatorRole[]).filter((role) =>
    holds(held, superAdmin, role),
  );
}

const notOperator = () => forbidden('你不是本站的操作员，请联系站点管理员开通权限');

/**
 * Who may do what in the operators' console: the roles of accounts per site, checked on every
 * `/api/admin` call, and granted or taken back by a site's 站点管理员.
 */
export class OperatorService {
  /** Every reviewed kind: the review inbox and scheduled publication (kinds register). */
  readonly reviews: ReviewQueue;

  constructor(
    private readonly db: Kysely<Database>,
    readonly audit: AuditLog,
    private readonly sites: () => Promise<Array<{ key: string; name: string }>>,
    private readonly now: () => number = Date.now,
  ) {
    this.reviews = new ReviewQueue(db, now);
  }

  /** The operator's sites and roles; a learner without any role gets an empty list of sites. */
  async session(user: AuthUser): Promise<AdminSession> {
    const rows = await listRolesOf(this.db, user.id);
    const superAdmin = rows.some((row) => row.role === 'super_admin');
    const sites = await this.sites();
    return {
      userId: user.id,
      nickname: user.nickname,
      avatar: user.avatar,
      superAdmin,
      // The roles in effect on each site (a 站点管理员 holds every role of the site).
      sites: sites.flatMap((site) => {
        const held = new Set(
          rows.filter((row) => row.site_key === site.key).map((row) => row.role),
        );
        const roles = effectiveRoles(held, superAdmin);
        return roles.length === 0 ? [] : [{ key: site.key, name: site.name, roles }];
      }),
    };
  }

  /**
   * The operator of a call on `siteKey` holding one of `roles` there (a 站点管理员 holds every
   * role of their site, a 超级管理员 every role of every site); 403 otherwise.
   */
  async require(
    user: AuthUser,
    siteKey: string,
    roles: readonly OperatorRole[],
    ip: string,
  ): Promise<Operator> {
    const rows = await listRolesOf(this.db, user.id);
    const superAdmin = rows.some((row) => row.role === 'super_admin');
    const held = new Set(rows.filter((row) => row.site_key === siteKey).map((row) => row.role));
    if (!superAdmin && held.size === 0) throw notOperator();
    if (!roles.some((role) => holds(held, superAdmin, role))) {
      const names = roles.map((role) => OPERATOR_ROLE_NAMES[role]).join('或');
      throw forbidden(`此操作需要${names}权限`);
    }
    const effective = new Set(effectiveRoles(held, superAdmin));
    return {
      userId: user.id,
      nickname: user.nickname,
      siteKey,
      roles: effective,
      superAdmin,
      ip,
    };
  }

  /** The site's operators with their roles there (超级管理员 listed too). */
  async list(siteKey: string): Promise<OperatorView[]> {
    const byUser = new Map<number, OperatorView>();
    for (const row of await listOperatorRows(this.db, siteKey)) {
      const entry = byUser.get(row.user_id) ?? {
        userId: row.user_id,
        username: row.username,
        nickname: row.nickname,
        roles: [],
      };
      entry.roles.push(row.role);
      byUser.set(row.user_id, entry);
    }
    return [...byUser.values()];
  }

  /** Grants a role of the operator's site to an account (站点管理员); 超级管理员 is not granted here. */
  async grant(operator: Operator, body: OperatorGrantBody): Promise<OperatorView[]> {
    if (body.role === 'super_admin') throw invalid('角色：超级管理员不能在站点内授予');
    const account = await findAccountByUsername(this.db, body.username);
    if (!account) throw invalid('账号：没有这个账号，请先让对方注册');
    await this.db.transaction().execute(async (trx) => {
      const granted = await insertRole(trx, {
        userId: account.id,
        siteKey: operator.siteKey,
        role: body.role,
        by: operator.userId,
        at: this.now(),
      });
      if (!granted) throw conflict(`${account.nickname}已是本站${OPERATOR_ROLE_NAMES[body.role]}`);
      await this.audit.record(trx, operator, {
        action: 'grant',
        entity: 'operator',
        entityId: account.id,
        summary: `${account.nickname}（${body.username}）：${OPERATOR_ROLE_NAMES[body.role]}`,
        before: null,
        after: { username: body.username, role: body.role },
      });
    });
    return this.list(operator.siteKey);
  }

  /** Takes a role of the operator's site back; a 站点管理员 cannot take their own away. */
  async revoke(operator: Operator, body: OperatorGrantBody): Promise<OperatorView[]> {
    if (body.role === 'super_admin') throw invalid('角色：超级管理员不能在站点内收回');
    const account = await findAccountByUsername(this.db, body.username);
    if (!account) throw invalid('账号：没有这个账号');
    if (account.id === operator.userId && body.role === 'site_admin') {
      throw conflict('不能收回自己的站点管理员权限，请让另一位站点管理员操作');
    }
    await this.db.transaction().execute(async (trx) => {
      const revoked = await deleteRole(trx, {
        userId: account.id,
        siteKey: operator.siteKey,
        role: body.role,
      });
      if (!revoked) throw conflict(`${account.nickname}不是本站${OPERATOR_ROLE_NAMES[body.role]}`);
      await this.audit.record(trx, operator, {
        action: 'revoke',
        entity: 'operator',
        entityId: account.id,
        summary: `${account.nickname}（${body.username}）：${OPERATOR_ROLE_NAMES[body.role]}`,
        before: { username: body.username, role: body.role },
        after: null,
      });
    });
    return this.list(operator.siteKey);
  }
}
