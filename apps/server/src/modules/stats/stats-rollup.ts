import { shanghaiDay } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { IntervalJob } from '../../platform/interval-job.ts';
import type { JobKind, JobQueue } from '../../platform/jobs/job-queue.ts';
import {
  computeDay,
  computePeriod,
  firstLearningDay,
  readMarks,
  storeKey,
} from './stats-rollup.queries.ts';
import { isFinal, type RollupKey, rollupKeys } from './stats-rollup.rules.ts';

/** The queue name of the rollup rounds. */
export const STATS_ROLLUP_JOB = 'stats-rollup';

/** What one round did: keys computed, and those still due (left for the next round). */
export interface RollupRun {
  computed: number;
  left: number;
}

export interface StatsRollupOptions {
  /** The most keys one round computes (the rest wait for the next). */
  limit?: number;
  now?: () => number;
}

/**
 * The dashboard's rollups (统计汇总): per site, each day's learners and seconds in all and by
 * kind, and each week's and month's distinct learners, from the first day anyone learned to
 * today. A round computes, newest first, every day, week and month not yet final (see
 * {@link isFinal}): today's, this week's and this month's every round, the rest once after
 * they end; the learning tables are read one day or period at a time, outside the short
 * transaction that stores the result. Rounds are added to the job queue every interval under a
 * key of its time slot, so however many instances run, one round runs per interval.
 */
export class StatsRollup {
  private readonly limit: number;
  private readonly now: () => number;
  private ticker: IntervalJob | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    options: StatsRollupOptions = {},
  ) {
    this.limit = options.limit ?? 2_000;
    this.now = options.now ?? Date.now;
  }

  /** The keys not final yet, newest first. */
  async due(now = this.now()): Promise<RollupKey[]> {
    const first = await firstLearningDay(this.db);
    const today = shanghaiDay(now);
    if (first === null || first > today) return [];
    const marks = await readMarks(this.db);
    return rollupKeys(first, today)
      .filter((key) => !isFinal(key, marks.get(key.key)))
      .sort((a, b) => (a.to === b.to ? 0 : a.to < b.to ? 1 : -1));
  }

  /** One round: computes the due keys, up to the limit, newest first. */
  async runOnce(onKey?: (done: number, of: number) => Promise<void>): Promise<RollupRun> {
    const now = this.now();
    const due = await this.due(now);
    const batch = due.slice(0, this.limit);
    for (const [index, key] of batch.entries()) {
      await this.compute(key, now);
      await onKey?.(index + 1, batch.length);
    }
    return { computed: batch.length, left: due.length - batch.length };
  }

  /** Computes one key and stores it, marked computed at `now`. */
  async compute(key: RollupKey, now: number): Promise<void> {
    if (key.unit === 'day') {
      await storeKey(this.db, key, { days: await computeDay(this.db, key.period) }, now);
    } else {
      await storeKey(
        this.db,
        key,
        { periods: await computePeriod(this.db, key.from, key.to) },
        now,
      );
    }
  }

  /** The rounds as a background job (统计汇总). */
  kind(): JobKind {
    return {
      kind: STATS_ROLLUP_JOB,
      title: '统计汇总',
      timeoutMs: 10 * 60_000,
      // The next round comes within the interval and takes up what this one left.
      attempts: 1,
      backoffMs: 1_000,
      run: async (_payload, job) => {
        const run = await this.runOnce(async (done, of) => {
          if (done % 20 === 0 || done === of) await job.progress(done / of, `汇总 ${done}/${of}`);
        });
        await job.progress(1, `汇总 ${run.computed} 项，待汇总 ${run.left} 项`);
      },
    };
  }

  /**
   * Adds a round to `queue` every `intervalMs` (the first at once), until {@link stop}: one job
   * per interval however many instances add it (the round's time slot is its key).
   */
  start(queue: JobQueue, intervalMs: number, onError: (error: unknown) => void): void {
    this.ticker = new IntervalJob(async () => {
      const slot = Math.floor(this.now() / intervalMs);
      await queue.add(STATS_ROLLUP_JOB, {}, { key: `${STATS_ROLLUP_JOB}:${intervalMs}:${slot}` });
    });
    this.ticker.start(intervalMs, onError);
  }

  /** Stops adding rounds. */
  async stop(): Promise<void> {
    await this.ticker?.stop();
    this.ticker = undefined;
  }
}
