import { randomBytes } from 'node:crypto';
import type { JobView } from '@portal/contract';
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { Database, JobsTable } from '../../db/schema.ts';
import { isoTime, isoTimeOrNull } from '../time.ts';
import {
  type AddOptions,
  backoffAfter,
  FinalJobFailure,
  type JobKind,
  type JobListQuery,
  type JobQueue,
  kindsOf,
  reasonOf,
  runTry,
} from './job-queue.ts';

export interface SqliteJobQueueOptions {
  /** How often an idle runner looks for due jobs (an add on this instance wakes it at once). */
  pollMs?: number;
  /** This runner's name in `runner` (random unless a test names it). */
  runner?: string;
  /** How long finished jobs are kept before they are deleted (their keys free again). */
  keepMs?: number;
  now?: () => number;
  /** Tries that threw something other than a JobFailure (logged, not shown). */
  onError?: (error: unknown, kind: string) => void;
}

/** A claim outlives its try's timeout by this much, so only a runner that died loses it. */
const LEASE_MARGIN_MS = 60_000;
const DEFAULT_KEEP_MS = 7 * 24 * 3_600_000;

type Row = Selectable<JobsTable>;

/** Due at `now`: waiting (queued, or to retry) and its time come, or held under a lease that ended. */
const isDue = (now: number) => (eb: ExpressionBuilder<Database, 'jobs'>) =>
  eb.or([
    eb.and([eb('state', 'in', ['queued', 'retry']), eb('run_after', '<=', now)]),
    eb.and([eb('state', '=', 'running'), eb('lease_until', '<', now)]),
  ]);

/**
 * The job queue of the SQLite default: the `jobs` table, worked by every instance on the same
 * file. A runner claims a due job with one conditional update (queued or waiting to retry and
 * due, or running under a lease that ended: its runner died), so two runners never take one job;
 * its outcome is written only while it still holds the claim. One job of a kind at a time per
 * runner; different kinds run side by side.
 */
export class SqliteJobQueue implements JobQueue {
  readonly engine = 'sqlite' as const;
  private readonly defined = new Map<string, JobKind>();
  private readonly runner: string;
  private readonly pollMs: number;
  private readonly keepMs: number;
  private readonly now: () => number;
  private readonly onError: (error: unknown, kind: string) => void;
  private readonly stopping = new AbortController();
  /** Per kind: the loop working it, and how to wake it early. */
  private readonly loops = new Map<string, { done: Promise<void>; wake: () => void }>();
  private started = false;
  private lastPrune = 0;

  constructor(
    private readonly db: Kysely<Database>,
    options: SqliteJobQueueOptions = {},
  ) {
    this.runner = options.runner ?? `runner-${randomBytes(8).toString('hex')}`;
    this.pollMs = options.pollMs ?? 1_000;
    this.keepMs = options.keepMs ?? DEFAULT_KEEP_MS;
    this.now = options.now ?? Date.now;
    this.onError = options.onError ?? (() => undefined);
  }

  kinds() {
    return kindsOf(this.defined);
  }

  define<Payload extends object>(kind: JobKind<Payload>): void {
    if (this.started) throw new Error(`job kind ${kind.kind} defined after the queue started`);
    this.defined.set(kind.kind, kind as unknown as JobKind);
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    for (const kind of this.defined.values()) this.loops.set(kind.kind, this.loop(kind));
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    for (const loop of this.loops.values()) loop.wake();
    await Promise.all([...this.loops.values()].map((loop) => loop.done));
    this.loops.clear();
  }

  async add(kind: string, payload: object, options: AddOptions = {}): Promise<string | null> {
    const definition = this.kindOf(kind);
    const now = this.now();
    const row = await (options.trx ?? this.db)
      .insertInto('jobs')
      .values({
        kind,
        payload: JSON.stringify(payload),
        dedupe_key: options.key ?? null,
        state: 'queued',
        max_attempts: definition.attempts,
        run_after: now + (options.delayMs ?? 0),
        created_at: now,
      })
      .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return null;
    if (!options.delayMs) this.loops.get(kind)?.wake();
    return String(row.id);
  }

  async list(query: JobListQuery): Promise<{ list: JobView[]; total: number }> {
    let select = this.db.selectFrom('jobs');
    if (query.state) select = select.where('state', '=', query.state);
    if (query.kind) select = select.where('kind', '=', query.kind);
    const [rows, count] = await Promise.all([
      select
        .selectAll()
        .orderBy('id', 'desc')
        .limit(query.size)
        .offset((query.page - 1) * query.size)
        .execute(),
      select.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list: rows.map((row) => this.view(row)), total: Number(count.n) };
  }

  async find(id: string): Promise<JobView | null> {
    const key = Number(id);
    if (!Number.isSafeInteger(key)) return null;
    const row = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', key)
      .executeTakeFirst();
    return row ? this.view(row) : null;
  }

  async retry(id: string): Promise<boolean> {
    const key = Number(id);
    if (!Number.isSafeInteger(key)) return false;
    const result = await this.db
      .updateTable('jobs')
      .set((eb) => ({
        state: 'retry',
        // One more try, its tries so far still counted (as pg-boss does).
        max_attempts: eb('attempts', '+', 1),
        run_after: this.now(),
        runner: null,
        lease_until: null,
        progress: null,
        note: null,
        finished_at: null,
      }))
      .where('id', '=', key)
      .where('state', '=', 'failed')
      .executeTakeFirst();
    const retried = Number(result.numUpdatedRows) === 1;
    if (retried) {
      const row = await this.db
        .selectFrom('jobs')
        .select('kind')
        .where('id', '=', key)
        .executeTakeFirst();
      if (row) this.loops.get(row.kind)?.wake();
    }
    return retried;
  }

  private kindOf(kind: string): JobKind {
    const definition = this.defined.get(kind);
    if (!definition) throw new Error(`unknown job kind: ${kind}`);
    return definition;
  }

  private view(row: Row): JobView {
    return {
      id: String(row.id),
      kind: row.kind,
      title: this.defined.get(row.kind)?.title ?? row.kind,
      state: row.state,
      progress: row.progress,
      note: row.note,
      error: row.error,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
      createdAt: isoTime(row.created_at),
      startedAt: isoTimeOrNull(row.started_at),
      finishedAt: isoTimeOrNull(row.finished_at),
    };
  }

  /** Works `kind` until the queue stops: a due job at a time, else a pause (or a wake). */
  private loop(kind: JobKind) {
    let wake: () => void = () => undefined;
    const done = (async () => {
      while (!this.stopping.signal.aborted) {
        let worked = false;
        try {
          worked = await this.workOne(kind);
          await this.prune();
        } catch (error) {
          this.onError(error, kind.kind);
        }
        if (worked || this.stopping.signal.aborted) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.pollMs);
          timer.unref();
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    })();
    return { done, wake: () => wake() };
  }

  /** Claims and runs one due job of `kind`; false when none was due. */
  private async workOne(kind: JobKind): Promise<boolean> {
    const now = this.now();
    const claimed = await this.claim(kind, now);
    if (!claimed) return false;
    if (claimed.attempts > claimed.max_attempts) {
      // Its runners died on every try (a restart mid-run counts as one).
      const reason = '任务多次中断，未能完成';
      await this.settle(claimed, { state: 'failed', error: reason, finished_at: now });
      await kind.failed?.(JSON.parse(claimed.payload) as object, reason);
      return true;
    }
    try {
      await runTry(
        kind,
        JSON.parse(claimed.payload) as object,
        {
          id: String(claimed.id),
          attempt: claimed.attempts,
          progress: async (fraction, note) => {
            await this.db
              .updateTable('jobs')
              .set({
                progress: Math.min(1, Math.max(0, fraction)),
                ...(note === undefined ? {} : { note: note.slice(0, 200) }),
              })
              .where('id', '=', claimed.id)
              .where('runner', '=', this.runner)
              .where('state', '=', 'running')
              .execute();
          },
        },
        this.stopping.signal,
      );
      await this.settle(claimed, {
        state: 'done',
        progress: 1,
        error: null,
        finished_at: this.now(),
      });
    } catch (error) {
      if (this.stopping.signal.aborted) {
        // Stopped mid-try: given back at once, the try not counted against it.
        await this.settle(claimed, {
          state: 'queued',
          attempts: claimed.attempts - 1,
          run_after: this.now(),
        });
        return true;
      }
      this.onError(error, kind.kind);
      const last = claimed.attempts >= claimed.max_attempts || error instanceof FinalJobFailure;
      const at = this.now();
      const reason = reasonOf(error);
      await this.settle(claimed, {
        state: last ? 'failed' : 'retry',
        error: reason,
        run_after: at + backoffAfter(kind, claimed.attempts),
        ...(last ? { finished_at: at } : {}),
      });
      if (last) await kind.failed?.(JSON.parse(claimed.payload) as object, reason);
    }
    return true;
  }

  /** Takes the next due job of `kind` (or one whose runner's lease ended) for this runner. */
  private async claim(kind: JobKind, now: number): Promise<Row | undefined> {
    const due = this.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', kind.kind)
      .where(isDue(now))
      .orderBy('run_after')
      .orderBy('id')
      .limit(1);
    return (
      this.db
        .updateTable('jobs')
        .set((eb) => ({
          state: 'running',
          attempts: eb('attempts', '+', 1),
          runner: this.runner,
          lease_until: now + kind.timeoutMs + LEASE_MARGIN_MS,
          started_at: now,
        }))
        .where('id', '=', due)
        // Checked again on the row itself: another runner may have claimed it meanwhile.
        .where(isDue(now))
        .returningAll()
        .executeTakeFirst()
    );
  }

  /** Writes a try's outcome, only while this runner still holds the job. */
  private async settle(claimed: Row, values: Partial<Omit<Row, 'id'>>) {
    await this.db
      .updateTable('jobs')
      .set({ ...values, runner: null, lease_until: null })
      .where('id', '=', claimed.id)
      .where('runner', '=', this.runner)
      .where('state', '=', 'running')
      .execute();
  }

  /** Deletes finished jobs older than `keepMs`, at most once a minute. */
  private async prune() {
    const now = this.now();
    if (now - this.lastPrune < 60_000) return;
    this.lastPrune = now;
    await this.db
      .deleteFrom('jobs')
      .where('state', 'in', ['done', 'failed'])
      .where('finished_at', '<', now - this.keepMs)
      .execute();
  }
}
