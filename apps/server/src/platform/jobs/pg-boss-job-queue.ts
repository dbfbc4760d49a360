import { createHash } from 'node:crypto';
import type { JobState, JobView } from '@portal/contract';
import { CompiledQuery, type Kysely, type RawBuilder, sql } from 'kysely';
import PgBoss from 'pg-boss';
import { isRetryableAbort } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import {
  type AddOptions,
  FinalJobFailure,
  JobFailure,
  type JobKind,
  type JobListQuery,
  type JobQueue,
  kindsOf,
  reasonOf,
  runTry,
} from './job-queue.ts';

export interface PgBossJobQueueOptions {
  /** How often an idle worker polls for its kind (pg-boss's least is 0.5 s). */
  pollMs?: number;
  onError?: (error: unknown, kind: string) => void;
}

/** pg-boss fails a try this long after its own timeout: only when its instance died. */
const EXPIRY_MARGIN_S = 60;

interface JobRow {
  id: string;
  name: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retry_count: number;
  retry_limit: number;
  output: { progress?: number; note?: string; message?: string } | null;
  created_on: Date;
  started_on: Date | null;
  completed_on: Date | null;
}

const STATES: Record<JobRow['state'], JobState> = {
  created: 'queued',
  retry: 'retry',
  active: 'running',
  completed: 'done',
  cancelled: 'failed',
  failed: 'failed',
};

/** pg-boss's state names of one of ours (the console's filter). */
const BOSS_STATES: Record<JobState, JobRow['state'][]> = {
  queued: ['created'],
  retry: ['retry'],
  running: ['active'],
  done: ['completed'],
  failed: ['failed', 'cancelled'],
};

/** A key as a job id: the same key always names the same job (pg-boss ignores a second insert). */
function idOfKey(key: string): string {
  const hex = createHash('sha256').update(`portal-job:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** pg-boss's way to run its SQL, through one of our connections (the pool, or a transaction). */
function executorOf(db: Kysely<Database>) {
  return async (text: string, values: unknown[]) => {
    const result = await db.executeQuery(CompiledQuery.raw(text, values));
    return { rows: result.rows as unknown[] };
  };
}

/** Runs `work`, again (up to 5 tries) when PostgreSQL aborts it as a deadlock's victim. */
async function retryOnDeadlock(work: () => Promise<unknown>) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await work();
      return;
    } catch (error) {
      if (attempt >= 5 || !isRetryableAbort(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100 * attempt));
    }
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The job queue on PostgreSQL: pg-boss (MIT), in the portal's own schema and through its pool.
 * pg-boss hands each job to one worker of all the instances (`SKIP LOCKED`), tries it again with
 * exponential back-off, fails a try whose instance died once it expires, and keeps finished jobs
 * (moved to its archive after a while). A running job's progress is kept in its `output` until
 * its outcome replaces it.
 */
export class PgBossJobQueue implements JobQueue {
  readonly engine = 'postgres' as const;
  private readonly defined = new Map<string, JobKind>();
  private readonly workers = new Map<string, string>();
  private readonly stopping = new AbortController();
  private readonly pollMs: number;
  private readonly onError: (error: unknown, kind: string) => void;
  private installed: Promise<{ boss: PgBoss; schema: string }> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    options: PgBossJobQueueOptions = {},
  ) {
    this.pollMs = Math.max(500, options.pollMs ?? 1_000);
    this.onError = options.onError ?? (() => undefined);
  }

  kinds() {
    return kindsOf(this.defined);
  }

  define<Payload extends object>(kind: JobKind<Payload>): void {
    if (this.workers.size > 0)
      throw new Error(`job kind ${kind.kind} defined after the queue started`);
    this.defined.set(kind.kind, kind as unknown as JobKind);
  }

  async start(): Promise<void> {
    const { boss } = await this.ready();
    for (const kind of this.defined.values()) {
      if (this.workers.has(kind.kind)) continue;
      const id = await boss.work<object>(
        kind.kind,
        { batchSize: 1, pollingIntervalSeconds: this.pollMs / 1000, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          return this.runJob(kind, job);
        },
      );
      this.workers.set(kind.kind, id);
    }
  }

  async stop(): Promise<void> {
    if (this.stopping.signal.aborted) return;
    this.stopping.abort();
    const installed = this.installed;
    if (!installed) return;
    const { boss } = await installed;
    // Running tries are aborted by `stopping`; pg-boss waits for them to settle.
    await boss.stop({ graceful: true, wait: true, close: false, timeout: 15_000 });
  }

  async add(kind: string, payload: object, options: AddOptions = {}): Promise<string | null> {
    if (!this.defined.has(kind)) throw new Error(`unknown job kind: ${kind}`);
    const { boss } = await this.ready();
    const trx = options.trx;
    const id = await boss.send(kind, payload, {
      ...(options.key ? { id: idOfKey(options.key) } : {}),
      ...(options.delayMs ? { startAfter: Math.ceil(options.delayMs / 1000) } : {}),
      ...(trx ? { db: { executeSql: executorOf(trx) } } : {}),
    });
    const worker = this.workers.get(kind);
    if (id && worker && !options.delayMs) boss.notifyWorker(worker);
    return id;
  }

  async list(query: JobListQuery): Promise<{ list: JobView[]; total: number }> {
    const { schema } = await this.ready();
    const all = this.allJobs(schema);
    const where = sql.join(
      [
        sql`true`,
        ...(query.state ? [sql`state::text in (${sql.join(BOSS_STATES[query.state])})`] : []),
        ...(query.kind ? [sql`name = ${query.kind}`] : []),
      ],
      sql` and `,
    );
    const [rows, count] = await Promise.all([
      sql<JobRow>`select * from (${all}) jobs where ${where}
        order by created_on desc, id limit ${query.size} offset ${(query.page - 1) * query.size}`.execute(
        this.db,
      ),
      sql<{ n: number }>`select count(*) as n from (${all}) jobs where ${where}`.execute(this.db),
    ]);
    return { list: rows.rows.map((row) => this.view(row)), total: Number(count.rows[0]?.n ?? 0) };
  }

  async find(id: string): Promise<JobView | null> {
    if (!UUID.test(id)) return null;
    const { schema } = await this.ready();
    // Each table filtered by its uuid key (its index), before the ids are read as text.
    const { rows } =
      await sql<JobRow>`select * from (${this.allJobs(schema, sql`id = ${id}::uuid`)}) jobs
      limit 1`.execute(this.db);
    return rows[0] ? this.view(rows[0]) : null;
  }

  async retry(id: string): Promise<boolean> {
    const job = await this.find(id);
    if (job?.state !== 'failed') return false;
    const { boss, schema } = await this.ready();
    // Only a failed job still in the queue (not yet archived) can be queued again.
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.id(schema, 'job')}
      where id = ${id}::uuid and state = 'failed'`.execute(this.db);
    if (Number(rows[0]?.n ?? 0) === 0) return false;
    await boss.retry(job.kind, id);
    const worker = this.workers.get(job.kind);
    if (worker) boss.notifyWorker(worker);
    return true;
  }

  /** pg-boss installed in the connection's schema (once), and its queues created. */
  private ready() {
    this.installed ??= (async () => {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
        this.db,
      );
      const schema = rows[0]?.schema ?? 'public';
      const boss = new PgBoss({
        db: { executeSql: executorOf(this.db) },
        schema,
        // Finished jobs stay in the queue an hour, then in the archive a week.
        archiveCompletedAfterSeconds: 3_600,
        archiveFailedAfterSeconds: 7 * 24 * 3_600,
        deleteAfterDays: 7,
        schedule: false,
      });
      boss.on('error', (error) => this.onError(error, 'pg-boss'));
      // Instances starting together may deadlock on pg-boss's install or a queue's creation
      // (each queue is a partition): the loser tries again once the winner is done.
      await retryOnDeadlock(() => boss.start());
      for (const kind of this.defined.values()) {
        const options = {
          name: kind.kind,
          retryLimit: kind.attempts - 1,
          retryDelay: Math.max(1, Math.round(kind.backoffMs / 1000)),
          retryBackoff: true,
          expireInSeconds: Math.ceil(kind.timeoutMs / 1000) + EXPIRY_MARGIN_S,
        };
        await retryOnDeadlock(async () => {
          if (await boss.getQueue(kind.kind)) await boss.updateQueue(kind.kind, options);
          else await boss.createQueue(kind.kind, options);
        });
      }
      return { boss, schema };
    })();
    return this.installed;
  }

  /** The jobs of the queue and of its archive (those of `where` only, when given). */
  private allJobs(schema: string, where: RawBuilder<unknown> = sql`true`) {
    const columns = sql.raw(
      'id::text as id, name, state::text as state, retry_count, retry_limit, output, created_on, started_on, completed_on',
    );
    return sql`select ${columns} from ${sql.id(schema, 'job')} where ${where}
      union all select ${columns} from ${sql.id(schema, 'archive')} where ${where}`;
  }

  private async runJob(kind: JobKind, job: PgBoss.JobWithMetadata<object>) {
    const { schema } = await this.ready();
    // The last note stays with the finished job (pg-boss replaces its output with the result).
    let lastNote: string | null = null;
    try {
      await runTry(
        kind,
        job.data ?? {},
        {
          id: job.id,
          attempt: job.retryCount + 1,
          progress: async (fraction, note) => {
            if (note !== undefined) lastNote = note.slice(0, 200);
            const output = { progress: Math.min(1, Math.max(0, fraction)), note: lastNote };
            await sql`update ${sql.id(schema, 'job')} set output = ${JSON.stringify(output)}::jsonb
              where name = ${kind.kind} and id = ${job.id}::uuid and state = 'active'`.execute(
              this.db,
            );
          },
        },
        this.stopping.signal,
      );
    } catch (error) {
      if (!(error instanceof JobFailure)) this.onError(error, kind.kind);
      const reason = reasonOf(error);
      const final = error instanceof FinalJobFailure && !this.stopping.signal.aborted;
      if (final) {
        // No try left: pg-boss fails (rather than retries) a job whose tries reach its limit.
        await sql`update ${sql.id(schema, 'job')} set retry_limit = retry_count
          where name = ${kind.kind} and id = ${job.id}::uuid and state = 'active'`.execute(this.db);
      }
      // The last try (pg-boss fails the job once it throws): the kind hears of it.
      if ((final || job.retryCount >= job.retryLimit) && !this.stopping.signal.aborted) {
        await kind.failed?.(job.data ?? {}, reason);
      }
      // Only the reason is kept (pg-boss stores what is thrown): no stack in the console's table.
      throw { message: reason };
    }
    return { progress: 1, note: lastNote };
  }

  private view(row: JobRow): JobView {
    const state = STATES[row.state];
    const output = row.output ?? {};
    const failed = row.state === 'failed' || row.state === 'retry' || row.state === 'cancelled';
    return {
      id: row.id,
      kind: row.name,
      title: this.defined.get(row.name)?.title ?? row.name,
      state,
      progress: state === 'done' ? 1 : typeof output.progress === 'number' ? output.progress : null,
      note: failed ? null : (output.note ?? null),
      error: failed ? (output.message ?? (row.state === 'cancelled' ? '已取消' : null)) : null,
      // pg-boss counts the retries made; a running or finished job has made one try more.
      attempts: row.retry_count + (state === 'queued' || state === 'retry' ? 0 : 1),
      maxAttempts: row.retry_limit + 1,
      createdAt: new Date(row.created_on).toISOString(),
      startedAt: row.started_on ? new Date(row.started_on).toISOString() : null,
      finishedAt:
        (state === 'done' || state === 'failed') && row.completed_on
          ? new Date(row.completed_on).toISOString()
          : null,
    };
  }
}
