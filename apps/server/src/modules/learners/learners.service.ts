import {
  LEARNING_KINDS,
  type LearnerDetail,
  type LearnerDisableBody,
  type LearnerEnableBody,
  type LearnerLedgerQuery,
  type LearnerListQuery,
  type LearnerPage,
  type LearnerPointsBody,
  type LearnerPointsResult,
  type LearnerRow,
  type Page,
  type PointsLedgerEntry,
} from '@portal/contract';
import { PARTICIPANT_KINDS } from '@portal/contract/constants';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/database.ts';
import { readPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { isoTime } from '../../platform/time.ts';
import { maskPhone } from '../account/account.service.ts';
import type { LearnerChanges } from '../account/session-cache.ts';
import { listDeviceSessions } from '../account-settings/account-settings.queries.ts';
import { devicesOf } from '../account-settings/account-settings.service.ts';
import type { AuditLog } from '../operators/audit.ts';
import type { Operator } from '../operators/operators.service.ts';
import { seesPhones } from '../participants/participants.service.ts';
import { adjustPoints } from '../points/points.award.ts';
import type { PointsService } from '../points/points.service.ts';
import { dayKey } from '../study/study.rules.ts';
import {
  countLearners,
  disableLearner,
  enableLearner,
  findLearner,
  findLearningTotals,
  type LearnerRowData,
  listLearners,
  listMedals,
  listSignups,
  listTeams,
  revokeSiteSessions,
  sumLearningByKind,
} from './learners.queries.ts';

/** The sign-ups a learner's page lists, newest first. */
export const LEARNER_SIGNUPS_SHOWN = 50;
/** The days of learning time a learner's page breaks down by kind. */
const RECENT_DAYS = 30;
const DAY_MS = 86_400_000;

/** The Chinese answers of the learners desk. */
export const LearnerMessages = {
  alreadyDisabled: '该学员的账号已经停用',
  notDisabled: '该学员的账号没有停用，无需启用',
} as const;

/** Whether an operator may stop and start accounts and correct points: who runs the site. */
export const managesLearners = (operator: Operator) =>
  operator.superAdmin || operator.roles.has('site_admin');

/**
 * The learners desk (学员管理): the operator's site's learners, searched by name or phone; one
 * learner's records there; an account stopped on the site (its devices there signed out at
 * once, no sign-in until started again) and started again; and a correction of their points
 * with a reason, each change in the audit log in its own transaction.
 */
export class LearnersDesk {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    private readonly points: PointsService,
    private readonly audit: AuditLog,
    private readonly sessions: LearnerChanges,
    private readonly now: () => number = Date.now,
  ) {}

  /** A page of the site's learners the query keeps, the latest to join first. */
  async list(operator: Operator, query: LearnerListQuery): Promise<LearnerPage> {
    const filter = { siteKey: operator.siteKey, q: query.q, state: query.state };
    const full = seesPhones(operator);
    const page = await readPage(
      query,
      {
        count: () => countLearners(this.db, this.engine, filter),
        rows: (window) => listLearners(this.db, this.engine, filter, window),
      },
      (rows) => rows.map((row) => rowOf(row, full)),
    );
    return { ...page, phonesMasked: !full };
  }

  /** One learner's records on the site; 404 for someone who never came to it. */
  async detail(operator: Operator, userId: number): Promise<LearnerDetail> {
    const row = await this.learner(operator, userId);
    const { siteKey } = operator;
    const now = this.now();
    const since = dayKey(now - (RECENT_DAYS - 1) * DAY_MS);
    const [totals, recent, signups, medals, teams, sessions] = await Promise.all([
      findLearningTotals(this.db, userId),
      sumLearningByKind(this.db, userId, since),
      listSignups(this.db, siteKey, userId, PARTICIPANT_KINDS, LEARNER_SIGNUPS_SHOWN),
      listMedals(this.db, siteKey, userId),
      listTeams(this.db, siteKey, userId),
      listDeviceSessions(this.db, userId, now, siteKey),
    ]);
    const full = seesPhones(operator);
    const recentSeconds = new Map(recent.map((entry) => [entry.kind, Number(entry.seconds)]));
    return {
      learner: {
        ...rowOf(row, full),
        disabledAt: row.disabled_at === null ? null : isoTime(Number(row.disabled_at)),
        disabledReason: row.disabled_reason,
      },
      phonesMasked: !full,
      canManage: managesLearners(operator),
      learning: {
        seconds: Number(totals?.seconds ?? 0),
        days: Number(totals?.days ?? 0),
        streak: Number(totals?.streak ?? 0),
        longest: Number(totals?.longest ?? 0),
        recent: LEARNING_KINDS.map((kind) => ({ kind, seconds: recentSeconds.get(kind) ?? 0 })),
      },
      signups: signups.map((signup) => ({
        kind: signup.kind,
        itemId: signup.item_id,
        title: signup.title,
        startsAt: signup.starts_at === null ? null : isoTime(signup.starts_at),
        status: signup.status,
        signedAt: isoTime(signup.signed_at),
      })),
      medals: medals.map((medal) => ({
        key: medal.medal_key,
        name: medal.name,
        earnedAt: isoTime(Number(medal.earned_at)),
      })),
      teams: teams.map((team) => ({
        id: team.id,
        name: team.name,
        leader: team.leader_id === userId,
        joinedAt: isoTime(Number(team.joined_at)),
      })),
      devices: devicesOf(sessions, null).map(({ current: _, ...device }) => device),
    };
  }

  /** The learner's points ledger on the site, newest first. */
  async ledger(operator: Operator, query: LearnerLedgerQuery): Promise<Page<PointsLedgerEntry>> {
    await this.learner(operator, query.id);
    return this.points.ledger(operator.siteKey, query.id, query);
  }

  /**
   * Stops the account on the site: no sign-in there until started again, every device there
   * signed out now (the other instances told through the kept sessions), in the audit log.
   */
  async disable(operator: Operator, body: LearnerDisableBody): Promise<LearnerRow> {
    const { siteKey } = operator;
    const before = await this.learner(operator, body.id);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      const stopped = await disableLearner(trx, {
        siteKey,
        userId: body.id,
        reason: body.reason,
        by: operator.userId,
        now,
      });
      if (!stopped) throw conflict(LearnerMessages.alreadyDisabled);
      await revokeSiteSessions(trx, siteKey, body.id, now);
      await this.audit.record(trx, operator, {
        action: 'disable',
        entity: 'learner',
        entityId: body.id,
        summary: `停用学员「${before.nickname}」(#${body.id})，原因：${body.reason}`,
        before: { state: 'active' },
        after: { state: 'disabled', reason: body.reason },
      });
    });
    await this.sessions.forgetLearner(body.id);
    return rowOf(await this.learner(operator, body.id), seesPhones(operator));
  }

  /** Starts a stopped account on the site again (the learner signs in anew), in the audit log. */
  async enable(operator: Operator, body: LearnerEnableBody): Promise<LearnerRow> {
    const before = await this.learner(operator, body.id);
    await this.db.transaction().execute(async (trx) => {
      if (!(await enableLearner(trx, operator.siteKey, body.id))) {
        throw conflict(LearnerMessages.notDisabled);
      }
      await this.audit.record(trx, operator, {
        action: 'enable',
        entity: 'learner',
        entityId: body.id,
        summary: `启用学员「${before.nickname}」(#${body.id})`,
        before: { state: 'disabled', reason: before.disabled_reason },
        after: { state: 'active' },
      });
    });
    return rowOf(await this.learner(operator, body.id), seesPhones(operator));
  }

  /**
   * Corrects the learner's points on the site with a reason their ledger shows: never below a
   * zero balance (409, nothing written), once per submission key, in the audit log.
   */
  async adjustPoints(operator: Operator, body: LearnerPointsBody): Promise<LearnerPointsResult> {
    const learner = await this.learner(operator, body.id);
    const now = this.now();
    const balance = await this.db.transaction().execute(async (trx) => {
      const after = await adjustPoints(trx, {
        siteKey: operator.siteKey,
        userId: body.id,
        key: `adjust:${operator.siteKey}:${body.id}:${body.key}`,
        amount: body.amount,
        reason: body.reason,
        at: now,
      });
      if (after === null) return null;
      const signed = body.amount > 0 ? `+${body.amount}` : String(body.amount);
      await this.audit.record(trx, operator, {
        action: 'adjust',
        entity: 'learner',
        entityId: body.id,
        summary: `调整学员「${learner.nickname}」(#${body.id}) 积分 ${signed}，原因：${body.reason}`,
        before: { points: after - body.amount },
        after: { points: after, amount: body.amount, reason: body.reason },
      });
      return after;
    });
    if (balance !== null) return { balance, applied: true };
    const current = await this.learner(operator, body.id);
    return { balance: Number(current.points), applied: false };
  }

  private async learner(operator: Operator, userId: number) {
    const row = await findLearner(this.db, this.engine, operator.siteKey, userId);
    if (!row) throw notFound('学员');
    return row;
  }
}

/** A learner as the list shows them, the phone masked unless the operator needs it. */
function rowOf(row: LearnerRowData, fullPhone: boolean): LearnerRow {
  return {
    id: row.id,
    nickname: row.nickname,
    phone: fullPhone ? row.username : maskPhone(row.username),
    avatar: row.avatar,
    joinedAt: isoTime(Number(row.joined_at)),
    lastSeenAt: isoTime(Number(row.last_seen_at)),
    points: Number(row.points),
    state: row.disabled_at === null ? 'active' : 'disabled',
  };
}
