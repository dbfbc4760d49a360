import type { JobState, JobView } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/*
 * Background jobs (后台任务): work that runs apart from any request (the reminders now; the
 * media pipeline's transcodes and extractions), kept in the database so that it survives a
 * restart, run once however many instances are up, tried again with a growing pause after a
 * failure, stopped when it runs too long, and reporting its progress to the console.
 *
 * One interface, two queues: PostgreSQL's is pg-boss (`pg-boss-job-queue.ts`), a maintained queue
 * that several instances share through the database; SQLite's, the single-machine default, is a
 * table of its own (`sqlite-job-queue.ts`) with the same rules.
 */

/** What a running job may do besides its work. */
export interface JobContext {
  /** The job's id in the queue (a string on both engines). */
  id: string;
  /** 1 on the first try. */
  attempt: number;
  /** Aborted when the job runs past its kind's timeout or the queue stops: stop the work. */
  signal: AbortSignal;
  /** How far it got, from 0 to 1, with a short note for the console (e.g. '转码 540p'). */
  progress(fraction: number, note?: string): Promise<void>;
}

/** A kind of job: what it does and how it is tried. */
export interface JobKind<Payload extends object = object> {
  /** The queue's name, e.g. `reminders`: letters, digits and `-`. */
  kind: string;
  /** What the console calls it, e.g. '到期提醒'. */
  title: string;
  /** Longest a try may run before it fails (and is tried again) as timed out. */
  timeoutMs: number;
  /** Tries in all, the first included. */
  attempts: number;
  /** The pause before the second try; each later pause doubles it. */
  backoffMs: number;
  /** Throws to fail the try: a {@link JobFailure} names the reason the console shows. */
  run(payload: Payload, job: JobContext): Promise<void>;
  /** After the last try failed (the job is failed until retried), with the reason shown. */
  failed?(payload: Payload, reason: string): Promise<void>;
}

/** A failure whose message (in Chinese) is the reason the console shows for the job. */
export class JobFailure extends Error {
  override name = 'JobFailure';
}

/**
 * A failure another try would only repeat (a corrupt upload, a video over the length limit):
 * the job fails at once, whatever tries it has left; the console's retry still queues it.
 */
export class FinalJobFailure extends JobFailure {
  override name = 'FinalJobFailure';
}

/** How a job is added. */
export interface AddOptions {
  /**
   * Names the job once: another add with the same key while the job is kept adds nothing (an
   * upload's transcode, a reminder round's time slot), on every instance.
   */
  key?: string;
  /** Not before this many ms from now. */
  delayMs?: number;
  /**
   * Added in this transaction (of the write that calls for the job): it exists only once the
   * transaction commits, and not at all if it rolls back.
   */
  trx?: Kysely<Database>;
}

/** Which jobs a console page lists. */
export interface JobListQuery {
  state?: JobState | undefined;
  kind?: string | undefined;
  page: number;
  size: number;
}

export interface JobQueue {
  readonly engine: 'sqlite' | 'postgres';
  /** Declares a kind before {@link start}; its jobs run on this instance from then on. */
  define<Payload extends object>(kind: JobKind<Payload>): void;
  /** The kinds defined, with their titles (the console's filter). */
  kinds(): { kind: string; title: string }[];
  /** Starts working the defined kinds (and creates the queue's storage where needed). */
  start(): Promise<void>;
  /** Stops taking jobs, aborts those running and waits for them to settle. */
  stop(): Promise<void>;
  /** Adds a job of a defined kind; its id, or null when its key names a job already kept. */
  add(kind: string, payload: object, options?: AddOptions): Promise<string | null>;
  /** The jobs kept, newest first. */
  list(query: JobListQuery): Promise<{ list: JobView[]; total: number }>;
  find(id: string): Promise<JobView | null>;
  /** Queues a failed job again (等待重试) for one more try; false when it is not failed. */
  retry(id: string): Promise<boolean>;
}

/** The pause before try `attempt + 1` after try `attempt` failed: `backoffMs` doubled each time. */
export function backoffAfter(kind: JobKind, attempt: number): number {
  return kind.backoffMs * 2 ** Math.max(0, attempt - 1);
}

/** The reason kept for a failed try: a {@link JobFailure}'s own, else a plain one in Chinese. */
export function reasonOf(error: unknown): string {
  if (error instanceof JobFailure) return error.message.slice(0, 500);
  if (error instanceof JobTimeout) return error.message;
  return '任务出错，已记录日志';
}

/** A try that ran past its kind's timeout. */
export class JobTimeout extends JobFailure {
  constructor(ms: number) {
    super(`超时：运行超过 ${formatDuration(ms)}`);
  }
}

function formatDuration(ms: number): string {
  if (ms >= 60_000) return `${Math.round(ms / 60_000)} 分钟`;
  return `${Math.max(1, Math.round(ms / 1000))} 秒`;
}

/**
 * Runs one try of `kind`: aborted and failed as {@link JobTimeout} after its timeout, and aborted
 * when `stopping` is (the queue stops). Resolves when the work has settled either way.
 */
export async function runTry(
  kind: JobKind,
  payload: object,
  context: Omit<JobContext, 'signal'>,
  stopping: AbortSignal,
): Promise<void> {
  const controller = new AbortController();
  const onStop = () => controller.abort(new JobFailure('服务停止，任务将重试'));
  stopping.addEventListener('abort', onStop, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new JobTimeout(kind.timeoutMs);
      controller.abort(error);
      reject(error);
    }, kind.timeoutMs);
  });
  const work = kind.run(payload, { ...context, signal: controller.signal });
  try {
    await Promise.race([work, timedOut]);
    if (controller.signal.aborted) throw controller.signal.reason;
  } finally {
    clearTimeout(timer);
    stopping.removeEventListener('abort', onStop);
    // A timed-out try is told to stop; its end is awaited so nothing of it outlives the try.
    await work.catch(() => undefined);
  }
}

/** The kinds of a queue as the console lists them. */
export function kindsOf(kinds: Map<string, JobKind>): { kind: string; title: string }[] {
  return [...kinds.values()].map(({ kind, title }) => ({ kind, title }));
}
