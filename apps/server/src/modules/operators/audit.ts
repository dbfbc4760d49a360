import type { AuditEntry, AuditExport, AuditQuery, Page } from '@portal/contract';
import {
  AUDIT_ACTION_NAMES,
  AUDIT_ENTITY_NAMES,
  AUDIT_EXPORT_MAX,
  type AuditAction,
  type AuditEntity,
  shanghaiDay,
  shanghaiMidnight,
} from '@portal/contract/constants';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { readPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { csvText } from '../../platform/csv.ts';
import { invalid } from '../../platform/errors.ts';
import { isoTime } from '../../platform/time.ts';

/** Who made a change and from where: the part of an operator the log keeps. */
export interface Actor {
  userId: number;
  nickname: string;
  siteKey: string;
  ip: string;
}

/** One change as a service states it; `before` and `after` are the record's plain snapshots. */
export interface AuditChange {
  action: AuditAction;
  entity: AuditEntity;
  entityId: number | null;
  summary: string;
  before: unknown;
  after: unknown;
}

const DAY_MS = 86_400_000;

/**
 * The epoch-ms range of a `from`/`to` day filter (Shanghai days, both inclusive); 400 when the
 * days are no dates or out of order.
 */
export function dayRange(from: string | undefined, to: string | undefined) {
  const start = from === undefined ? null : shanghaiMidnight(from);
  const end = to === undefined ? null : shanghaiMidnight(to);
  if (start === null && from !== undefined) throw invalid('起始日期：不是有效的日期');
  if (end === null && to !== undefined) throw invalid('截止日期：不是有效的日期');
  if (start !== null && end !== null && end < start) {
    throw invalid('截止日期：不能早于起始日期');
  }
  return { start, end: end === null ? null : end + DAY_MS };
}

/**
 * The audit log: every change an operator makes, written in the transaction of the change (a
 * refused change writes nothing, its entry included); append-only in the database.
 */
export class AuditLog {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Writes one entry inside `trx`, the transaction of the change itself. */
  async record(trx: Kysely<Database>, actor: Actor, change: AuditChange): Promise<void> {
    await trx
      .insertInto('audit_log')
      .values({
        site_key: actor.siteKey,
        actor_id: actor.userId,
        actor_name: actor.nickname.slice(0, 50),
        action: change.action,
        entity: change.entity,
        entity_id: change.entityId,
        summary: change.summary.slice(0, 200),
        before_json: change.before === null ? null : JSON.stringify(change.before),
        after_json: change.after === null ? null : JSON.stringify(change.after),
        ip: actor.ip.slice(0, 64),
        created_at: this.now(),
      })
      .execute();
  }

  private filtered(siteKey: string, query: Omit<AuditQuery, 'page' | 'size'>) {
    const { start, end } = dayRange(query.from, query.to);
    let builder: SelectQueryBuilder<Database, 'audit_log', object> = this.db
      .selectFrom('audit_log')
      .where('site_key', '=', siteKey);
    if (query.entity) builder = builder.where('entity', '=', query.entity);
    if (query.entityId) builder = builder.where('entity_id', '=', query.entityId);
    if (query.action) builder = builder.where('action', '=', query.action);
    if (query.actorId) builder = builder.where('actor_id', '=', query.actorId);
    if (start !== null) builder = builder.where('created_at', '>=', start);
    if (end !== null) builder = builder.where('created_at', '<', end);
    return builder;
  }

  private rows(siteKey: string, query: Omit<AuditQuery, 'page' | 'size'>) {
    return this.filtered(siteKey, query).selectAll().orderBy('id', 'desc');
  }

  /** One page of the site's log, newest first. */
  async list(siteKey: string, query: AuditQuery): Promise<Page<AuditEntry>> {
    return readPage(
      query,
      {
        count: async () =>
          Number(
            (
              await this.filtered(siteKey, query)
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirst()
            )?.n ?? 0,
          ),
        rows: ({ limit, offset }) =>
          this.rows(siteKey, query).limit(limit).offset(offset).execute(),
      },
      (rows) =>
        rows.map((row) => ({
          id: row.id,
          at: isoTime(row.created_at),
          siteKey: row.site_key,
          actorId: row.actor_id,
          actorName: row.actor_name,
          action: row.action,
          entity: row.entity,
          entityId: row.entity_id,
          summary: row.summary,
          before: row.before_json,
          after: row.after_json,
          ip: row.ip,
        })),
    );
  }

  /** The filtered log as CSV (at most {@link AUDIT_EXPORT_MAX} rows, newest first). */
  async exportCsv(siteKey: string, query: Omit<AuditQuery, 'page' | 'size'>): Promise<AuditExport> {
    const rows = await this.rows(siteKey, query)
      .limit(AUDIT_EXPORT_MAX + 1)
      .execute();
    const kept = rows.slice(0, AUDIT_EXPORT_MAX);
    const header = [
      '编号',
      '时间',
      '操作人',
      '操作人编号',
      '操作',
      '记录类型',
      '记录编号',
      '内容',
      '修改前',
      '修改后',
      '来源地址',
    ];
    const lines = kept.map((row) => [
      row.id,
      isoTime(row.created_at),
      row.actor_name,
      row.actor_id,
      AUDIT_ACTION_NAMES[row.action],
      AUDIT_ENTITY_NAMES[row.entity],
      row.entity_id,
      row.summary,
      row.before_json,
      row.after_json,
      row.ip,
    ]);
    return {
      filename: `操作日志-${siteKey}-${shanghaiDay(this.now())}.csv`,
      csv: csvText([header, ...lines]),
      rows: kept.length,
      truncated: rows.length > AUDIT_EXPORT_MAX,
    };
  }
}
