import { z } from 'zod';
import { JOB_STATES } from './admin-values.ts';
import { pageOf, pageQuery } from './envelope.ts';

/*
 * The console's background jobs (后台任务, `/api/admin/jobs`): each job with its state, progress,
 * the reason of its last failure, and a retry for a failed one.
 */

export const jobStateSchema = z.enum(JOB_STATES, { error: '请选择一个任务状态' });

/** A job as the console shows it. */
export const jobViewSchema = z.object({
  id: z.string(),
  /** Its kind's queue name, e.g. `reminders`. */
  kind: z.string(),
  /** What the console calls the kind, e.g. 到期提醒. */
  title: z.string(),
  state: jobStateSchema,
  /** From 0 to 1 while it runs (1 once done), null before it reported any. */
  progress: z.number().nullable(),
  /** What it was doing when it last reported (e.g. 转码 540p). */
  note: z.string().nullable(),
  /** The reason of its last failed try, in Chinese. */
  error: z.string().nullable(),
  /** Tries made, and allowed in all. */
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type JobView = z.infer<typeof jobViewSchema>;

/** `GET /api/admin/jobs`: a page of jobs, newest first, of one state or kind if asked. */
export const jobListQuerySchema = pageQuery.extend({
  state: jobStateSchema.optional(),
  kind: z.string().trim().max(40).optional(),
});
export type JobListQuerySchema = z.infer<typeof jobListQuerySchema>;

export const jobPageSchema = pageOf(jobViewSchema).extend({
  /** The kinds of job this server runs, for the filter: queue name and title. */
  kinds: z.array(z.object({ kind: z.string(), title: z.string() })),
});
export type JobPage = z.infer<typeof jobPageSchema>;

/** `POST /api/admin/jobs/retry`: queues a failed job again. */
export const jobRetryBodySchema = z.object({
  id: z.string({ error: '请指定任务' }).trim().min(1, '请指定任务').max(64, '任务编号不正确'),
});
