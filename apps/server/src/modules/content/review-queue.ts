import type { AdminReviewItem, AdminReviewQuery, Page } from '@portal/contract';
import type { AuditEntity } from '@portal/contract/constants';
import { type Kysely, sql } from 'kysely';
import { readPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { IntervalJob } from '../../platform/interval-job.ts';
import { isoTime } from '../../platform/time.ts';
import type { ReviewDesk, ReviewRow, ReviewTable } from './review-desk.ts';

/** One reviewed kind as the queue knows it. */
interface QueuedKind {
  entity: AuditEntity;
  table: ReviewTable;
  desk: ReviewDesk<unknown, ReviewRow>;
}

/** What one run of the due-time job did. */
export interface ScheduleRun {
  published: number;
  /** Could no longer be published: left waiting for review, the schedule dropped and logged. */
  dropped: number;
}

/**
 * Every kind reviewed before publication, in one place: the review inbox (待审核) lists what of a
 * site waits across kinds, and the due-time job publishes what reviewers scheduled. Each kind's
 * review routes register its desk (`reviewRoutes`).
 */
export class ReviewQueue {
  private readonly kinds = new Map<AuditEntity, QueuedKind>();
  private readonly job = new IntervalJob(() => this.runOnce());

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  register(kind: QueuedKind) {
    this.kinds.set(kind.entity, kind);
  }

  /** The records of one kind waiting for review on the site: new ones and published ones' edits. */
  private waiting(kind: QueuedKind, siteKey: string) {
    return this.db
      .selectFrom(`${kind.table} as t` as 'articles as t')
      .leftJoin('content_edits as e', (join) =>
        join.onRef('e.entity_id', '=', 't.id').on('e.entity', '=', kind.entity),
      )
      .leftJoin('publish_schedule as s', (join) =>
        join.onRef('s.entity_id', '=', 't.id').on('s.entity', '=', kind.entity),
      )
      .leftJoin('users as u', (join) =>
        join.on((eb) =>
          eb(
            'u.id',
            '=',
            eb
              .case()
              .when('e.status', '=', 'pending')
              .then(eb.ref('e.submitted_by'))
              .else(eb.ref('t.submitted_by'))
              .end(),
          ),
        ),
      )
      .where('t.site_key', '=', siteKey)
      .where((eb) => eb.or([eb('t.status', '=', 'pending'), eb('e.status', '=', 'pending')]))
      .select((eb) => [
        sql<AuditEntity>`${kind.entity}`.as('entity'),
        't.id',
        eb
          .case()
          .when('e.status', '=', 'pending')
          .then(sql<string>`'edit'`)
          .else(sql<string>`'new'`)
          .end()
          .as('change'),
        sql.ref<string>(`t.${kind.desk.titleColumn}`).as('title'),
        'e.data as edit_data',
        'u.nickname as submitted_by',
        eb
          .case()
          .when('e.status', '=', 'pending')
          .then(eb.ref('e.updated_at'))
          .else(eb.ref('t.updated_at'))
          .end()
          .as('submitted_at'),
        's.publish_at',
      ]);
  }

  private union(siteKey: string, entity?: AuditEntity) {
    const kinds = [...this.kinds.values()].filter((kind) => !entity || kind.entity === entity);
    const [first, ...rest] = kinds.map((kind) => this.waiting(kind, siteKey));
    if (!first) return null;
    return rest.reduce((all, next) => all.unionAll(next), first);
  }

  /** What of the site waits for review, of every kind (or one), the longest waiting first. */
  async pending(siteKey: string, query: AdminReviewQuery): Promise<Page<AdminReviewItem>> {
    const union = this.union(siteKey, query.entity);
    return readPage(
      query,
      {
        count: async () => {
          if (!union) return 0;
          const row = await this.db
            .selectFrom(union.as('q'))
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow();
          return Number(row.n);
        },
        rows: ({ limit, offset }) =>
          union
            ? this.db
                .selectFrom(union.as('q'))
                .selectAll()
                .orderBy('submitted_at')
                .orderBy('entity')
                .orderBy('id')
                .limit(limit)
                .offset(offset)
                .execute()
            : Promise.resolve([]),
      },
      (rows) =>
        rows.map((row) => ({
          entity: row.entity,
          id: Number(row.id),
          // An edit is listed under the title it will have.
          title: row.edit_data ? this.titleOf(row.entity, row.edit_data, row.title) : row.title,
          change: row.change === 'edit' ? ('edit' as const) : ('new' as const),
          submittedBy: row.submitted_by ?? null,
          submittedAt: isoTime(Number(row.submitted_at)),
          publishAt: row.publish_at === null ? null : isoTime(Number(row.publish_at)),
        })),
    );
  }

  /** The title of a waiting edit (its form as stored), as its kind names it; `fallback` if none. */
  private titleOf(entity: AuditEntity, data: string, fallback: string): string {
    const desk = this.kinds.get(entity)?.desk;
    try {
      return desk?.titleOf(JSON.parse(data)) || fallback;
    } catch {
      return fallback;
    }
  }

  /** Publishes every scheduled record whose time has come (those of kinds it knows). */
  async runOnce(): Promise<ScheduleRun> {
    const run: ScheduleRun = { published: 0, dropped: 0 };
    const due = await this.db
      .selectFrom('publish_schedule')
      .select(['id', 'site_key', 'entity', 'entity_id', 'publish_at', 'reviewer_id'])
      .where('publish_at', '<=', this.now())
      .orderBy('publish_at')
      .limit(100)
      .execute();
    for (const entry of due) {
      const kind = this.kinds.get(entry.entity);
      if (!kind) continue;
      const outcome = await kind.desk.publishScheduled(entry);
      if (outcome !== 'taken') run[outcome] += 1;
    }
    return run;
  }

  /** Runs the job every `intervalMs` (and at once) until {@link stop}; failures go to `onError`. */
  start(intervalMs: number, onError: (error: unknown) => void): void {
    this.job.start(intervalMs, onError);
  }

  /** Stops the interval and waits for a run in progress. */
  stop(): Promise<void> {
    return this.job.stop();
  }
}
