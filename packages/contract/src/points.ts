import { z } from 'zod';
import { pageQuery } from './envelope.ts';

/**
 * Where each points rule's task is done, as the name of a portal page (a key of the web app's
 * `paths`), so the 去完成 link needs no address from the server. A rule not listed goes home.
 */
export const POINTS_TASK_PAGES: Readonly<Record<string, string>> = {
  login: 'home',
  learning_minute: 'courseList',
  lesson_complete: 'courseList',
  course_complete: 'study',
  activity_checkin: 'activityList',
  ebook_pages: 'ebookList',
  article_read: 'news',
  class_finish: 'myClasses',
  team_work: 'myTeam',
};

/** `GET /api/points/summary` (login): the balance on the site and what today earned. */
export const pointsSummarySchema = z.object({
  balance: z.number().int(),
  /** Points earned today (Asia/Shanghai), deductions not counted. */
  todayEarned: z.number().int(),
  /** Today's date in Asia/Shanghai (YYYY-MM-DD). */
  day: z.string(),
});
export type PointsSummary = z.infer<typeof pointsSummarySchema>;

/** One rule as today's task: progress in units against the daily cap. */
export const pointsTaskSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** What a unit is (分钟, 次, 个...). */
  unit: z.string(),
  pointsPerUnit: z.number().int(),
  dailyCap: z.number().int(),
  /** Units awarded today (never above the cap). */
  doneUnits: z.number().int(),
  pointsToday: z.number().int(),
  done: z.boolean(),
  /** The page where the task is done: a key of the web app's `paths` ({@link POINTS_TASK_PAGES}). */
  page: z.string(),
});
export type PointsTask = z.infer<typeof pointsTaskSchema>;

/** `GET /api/points/tasks` (login): today's tasks, in the rules' order. */
export const pointsTasksSchema = z.object({
  day: z.string(),
  tasks: z.array(pointsTaskSchema),
});
export type PointsTasks = z.infer<typeof pointsTasksSchema>;

export const POINTS_LEDGER_TYPES = ['earned', 'spent'] as const;
export type PointsLedgerType = (typeof POINTS_LEDGER_TYPES)[number];

/** `GET /api/points/ledger?type=earned|spent&page&size` (login): newest first. */
export const pointsLedgerQuerySchema = pageQuery.extend({
  type: z.enum(POINTS_LEDGER_TYPES).optional(),
});
export type PointsLedgerQuery = z.infer<typeof pointsLedgerQuerySchema>;

/** One row of the ledger, with the balance right after it. */
export const pointsLedgerEntrySchema = z.object({
  id: z.number().int(),
  ruleKey: z.string(),
  /** The rule's name (每日登录...) */
  ruleName: z.string(),
  /** What was learned (the course's, lesson's, activity's title), or empty. */
  title: z.string(),
  /** Positive for an award, negative for a deduction. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  /** The Asia/Shanghai date it counts for (YYYY-MM-DD): the web groups by it. */
  day: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type PointsLedgerEntry = z.infer<typeof pointsLedgerEntrySchema>;
