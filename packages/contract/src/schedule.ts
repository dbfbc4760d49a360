import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { liveSessionSummarySchema } from './live.ts';
import { cardShape } from './parts.ts';
import { TIMETABLE_MAX_DAYS } from './schedule-rules.ts';

/**
 * `GET /api/live/timetable?from=&days=` (自主选课): the published sessions starting on `days`
 * days from `from` (Asia/Shanghai dates; `from` today by default and at most 13 days ahead).
 */
export const liveTimetableQuerySchema = z.object({
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '请填写 YYYY-MM-DD 格式的日期' })
    .optional(),
  days: z.coerce
    .number({ error: `请填写 1 到 ${TIMETABLE_MAX_DAYS} 的天数` })
    .int({ error: `请填写 1 到 ${TIMETABLE_MAX_DAYS} 的天数` })
    .min(1, { error: `请填写 1 到 ${TIMETABLE_MAX_DAYS} 的天数` })
    .max(TIMETABLE_MAX_DAYS, { error: `最多查看 ${TIMETABLE_MAX_DAYS} 天的课表` })
    .default(TIMETABLE_MAX_DAYS),
});
export type LiveTimetableQuery = z.infer<typeof liveTimetableQuerySchema>;

/** A session of the timetable, with the caller's pick and the picked sessions it overlaps. */
export const timetableSessionSchema = liveSessionSummarySchema.extend({
  /** The caller has it in 我的日程 (reserved); false for a visitor. */
  reserved: z.boolean(),
  /**
   * Ids of the caller's reserved sessions of the answer that overlap this one (时间冲突 when this
   * one is reserved too; picking it would clash otherwise); empty for a visitor.
   */
  clashesWith: z.array(z.number().int()),
});
export type TimetableSession = z.infer<typeof timetableSessionSchema>;

/** One day of the timetable: its date and its sessions by start time. */
export const timetableDaySchema = z.object({
  /** `YYYY-MM-DD` in Asia/Shanghai. */
  date: z.string(),
  sessions: z.array(timetableSessionSchema),
});
export type TimetableDay = z.infer<typeof timetableDaySchema>;

export const liveTimetableSchema = z.object({
  /** Today in Asia/Shanghai, by the server's clock. */
  today: z.string(),
  /** Every day asked for, in order, empty ones too. */
  days: z.array(timetableDaySchema),
});
export type LiveTimetable = z.infer<typeof liveTimetableSchema>;

/** What an entry of 我的日程 is: a reserved live session, a class or an activity signed up for. */
export const SCHEDULE_KINDS = ['live', 'class', 'activity'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

/** An entry of the learner's coming schedule. */
export const scheduleItemSchema = z.object({
  kind: z.enum(SCHEDULE_KINDS),
  /** The head of the session's, class's or activity's card (`id` is theirs). */
  ...cardShape(),
  /** The live channel, or where the class or activity takes place. */
  place: z.string(),
  /** ISO 8601. */
  startsAt: z.string(),
  /** ISO 8601. */
  endsAt: z.string(),
});
export type ScheduleItem = z.infer<typeof scheduleItemSchema>;

/** `GET /api/study/schedule` (login): what has not ended yet, by start time. */
export const myScheduleQuerySchema = pageQuery;
