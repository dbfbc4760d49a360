import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, MessageReminderRow } from '../../db/schema.ts';
import { IntervalJob } from '../../platform/interval-job.ts';
import { JobFailure, type JobKind, type JobQueue } from '../../platform/jobs/job-queue.ts';
import { MessageTexts } from './message-texts.ts';
import { insertMessage } from './messages.queries.ts';
import {
  claimReminder,
  finishReminder,
  listDueReminderIds,
  lockClaimedReminder,
  subjectStillHeld,
} from './reminders.queries.ts';

/** The queue name of the reminder rounds. */
export const REMINDER_JOB = 'reminders';

/** What one run did. */
export interface ReminderRun {
  sent: number;
  /** Closed without a message: the event already started, or the signup is gone. */
  missed: number;
  /** Deliveries that threw; their reminders are retaken when the claim's lease ends. */
  failed: unknown[];
}

export interface ReminderJobOptions {
  /** This runner's name in `claimed_by` (random unless a test names it). */
  runner?: string;
  /** How long a claim holds; a runner that dies keeps its reminders no longer than this. */
  leaseMs?: number;
  /** Reminders read per scan. */
  batch?: number;
  now?: () => number;
  /** Told of each reminder sent as a message, once it is written (to push it, issue 32). */
  onSent?: (row: MessageReminderRow) => void;
}

/** A reminder is stale once its event starts, and a day-ahead one once the hour-ahead one is due. */
function isStale(row: MessageReminderRow, now: number): boolean {
  const until = row.lead_minutes > 60 ? row.event_at - 60 * 60_000 : row.event_at;
  return now >= until;
}

/**
 * The due-time job: turns due reminders into messages, on time and once, however many server
 * instances run it. Each reminder is claimed with a conditional update (a lease: pending, and
 * free or its holder's lease over), then its message and its `done_at` are written in one
 * transaction that only commits while this runner still holds the claim. So two runners never
 * send one twice (and the message's unique `reminder:<id>` key backs that), a runner that dies
 * after claiming leaves the reminder to be retaken when its lease ends, and reminders that fell
 * due while no server ran go out on the next run, unless their event has already started (or,
 * for the day-ahead one, the hour-ahead one is due): those close as `missed`.
 */
export class ReminderJob {
  readonly runner: string;
  private readonly leaseMs: number;
  private readonly batch: number;
  private readonly now: () => number;
  private readonly onSent: ((row: MessageReminderRow) => void) | undefined;
  /** Adds a round to the queue every interval (see {@link start}). */
  private ticker: IntervalJob | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    options: ReminderJobOptions = {},
  ) {
    this.runner = options.runner ?? `runner-${randomBytes(8).toString('hex')}`;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.batch = options.batch ?? 100;
    this.now = options.now ?? Date.now;
    this.onSent = options.onSent;
  }

  /** Sends every reminder due now that no other runner holds. */
  async runOnce(): Promise<ReminderRun> {
    const run: ReminderRun = { sent: 0, missed: 0, failed: [] };
    const now = this.now();
    // Bounded: a scan skips what others hold, and what this run failed on stays claimed.
    for (let scan = 0; scan < 50; scan += 1) {
      const ids = await listDueReminderIds(this.db, now, this.batch);
      if (ids.length === 0) break;
      for (const id of ids) {
        if (!(await claimReminder(this.db, id, this.runner, now, now + this.leaseMs))) continue;
        try {
          const outcome = await this.deliver(id, now);
          if (outcome) run[outcome] += 1;
        } catch (error) {
          run.failed.push(error);
        }
      }
    }
    return run;
  }

  /**
   * Writes the claimed reminder's message and closes it, in one transaction; once written, the
   * message is pushed to the learner's devices too (`onSent`).
   */
  async deliver(id: number, now: number): Promise<'sent' | 'missed' | undefined> {
    let sent: MessageReminderRow | null = null;
    const outcome = await this.db
      .transaction()
      .execute(async (trx) => {
        const row = await lockClaimedReminder(trx, id, this.runner);
        if (!row) return undefined;
        const wanted = !isStale(row, now) && (await subjectStillHeld(trx, row));
        if (wanted) {
          await insertMessage(trx, {
            site_key: row.site_key,
            user_id: row.user_id,
            kind: 'reminder',
            ...MessageTexts.reminder(row),
            dedupe_key: `reminder:${row.id}`,
            link_type: row.subject_type,
            link_id: row.subject_id,
            created_at: now,
            read_at: null,
          });
        }
        const outcome = wanted ? 'sent' : 'missed';
        sent = wanted ? row : null;
        // Lost the claim meanwhile (lease over, retaken): roll the message back, the holder sends.
        if (!(await finishReminder(trx, id, this.runner, now, outcome))) {
          throw new LostClaim();
        }
        return outcome;
      })
      .catch((error: unknown) => {
        if (error instanceof LostClaim) return undefined;
        throw error;
      });
    if (outcome === 'sent' && sent) this.onSent?.(sent);
    return outcome;
  }

  /**
   * The reminders as a background job (到期提醒): a round is {@link runOnce}; deliveries that threw
   * fail the round with their count (the reminders are retaken when their lease ends).
   */
  kind(onError: (error: unknown) => void): JobKind {
    return {
      kind: REMINDER_JOB,
      title: '到期提醒',
      timeoutMs: 5 * 60_000,
      // The next round comes within the interval: a failed one is not tried again.
      attempts: 1,
      backoffMs: 1_000,
      run: async (_payload, job) => {
        const run = await this.runOnce();
        run.failed.forEach(onError);
        await job.progress(1, `发送 ${run.sent} 条，过期 ${run.missed} 条`);
        if (run.failed.length > 0)
          throw new JobFailure(`${run.failed.length} 条提醒发送失败，稍后重试`);
      },
    };
  }

  /**
   * Adds a round to `queue` every `intervalMs` (the first at once) when a reminder is due, until
   * {@link stop}: one job per interval however many instances add it (the round's time slot is
   * its key), run by whichever instance's queue takes it.
   */
  start(queue: JobQueue, intervalMs: number, onError: (error: unknown) => void): void {
    this.ticker = new IntervalJob(async () => {
      const now = this.now();
      // A round only when a reminder is due: the console lists rounds that had work.
      if ((await listDueReminderIds(this.db, now, 1)).length === 0) return;
      const slot = Math.floor(now / intervalMs);
      await queue.add(REMINDER_JOB, {}, { key: `${REMINDER_JOB}:${intervalMs}:${slot}` });
    });
    this.ticker.start(intervalMs, onError);
  }

  /** Stops adding rounds. */
  async stop(): Promise<void> {
    await this.ticker?.stop();
    this.ticker = undefined;
  }
}

/** Thrown inside the delivery transaction to roll it back. */
class LostClaim extends Error {}
