import { z } from 'zod';
import { idQuery } from './parts.ts';

/** What a medal counts toward its threshold (`team_works` is reserved for teams). */
export const MEDAL_METRICS = [
  'courses_completed',
  'streak_days',
  'learning_hours',
  'activities_attended',
  'books_finished',
  'live_watched',
  'team_works',
] as const;
export const medalMetricSchema = z.enum(MEDAL_METRICS);
export type MedalMetric = z.infer<typeof medalMetricSchema>;

/** A medal as the learner sees it: earned (with the date) or locked (with progress). */
export const medalSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  metric: medalMetricSchema,
  threshold: z.number().int(),
  /** The learner's metric now, at most `threshold`. */
  current: z.number().int(),
  earned: z.boolean(),
  /** ISO 8601, null while locked. */
  earnedAt: z.string().nullable(),
});
export type Medal = z.infer<typeof medalSchema>;

/** `GET /api/medals` (login): every medal, in the rules' order, and how many are earned. */
export const medalListSchema = z.object({
  earnedCount: z.number().int(),
  total: z.number().int(),
  medals: z.array(medalSchema),
});
export type MedalList = z.infer<typeof medalListSchema>;

/** `GET /api/medals/detail?key=` (login). */
export const medalDetailQuerySchema = z.object({
  key: z.string().regex(/^[a-z0-9-]{1,32}$/, '勋章编号不正确'),
});
export type MedalDetailQuery = z.infer<typeof medalDetailQuerySchema>;

/** A milestone of the learner's path (first course, 100 hours, 30 days in a row...). */
export const milestoneSchema = z.object({
  key: z.string(),
  title: z.string(),
  description: z.string(),
  current: z.number().int(),
  target: z.number().int(),
  /** ISO 8601 of when it was reached, null while on the way. */
  reachedAt: z.string().nullable(),
});
export type Milestone = z.infer<typeof milestoneSchema>;

/** What a certificate is for: a completed course or a finished class. */
const certificateSubjectSchema = z.enum(['course', 'class']);

/** A certificate of a completed course or a finished class. */
export const certificateSchema = z.object({
  id: z.number().int(),
  subjectType: certificateSubjectSchema,
  subjectId: z.number().int(),
  title: z.string(),
  /** Study hours, to the tenth. */
  hours: z.number(),
  /** ISO 8601. */
  completedAt: z.string(),
  code: z.string(),
});
export type Certificate = z.infer<typeof certificateSchema>;

/** `GET /api/achievements` (login): milestones and certificates (newest first). */
export const achievementsSchema = z.object({
  milestones: z.array(milestoneSchema),
  certificates: z.array(certificateSchema),
});
export type Achievements = z.infer<typeof achievementsSchema>;

/** `GET /api/certificates/file?id=` (login): the PDF of one of the caller's certificates. */
export const certificateFileQuerySchema = idQuery();

/** `GET /api/certificates/verify?code=` (public). */
export const certificateVerifyQuerySchema = z.object({
  code: z.string().trim().min(1).max(64),
});
export type CertificateVerifyQuery = z.infer<typeof certificateVerifyQuerySchema>;

/** What anyone holding a code learns: the certificate, the holder's name masked (王*兰). */
export const certificateVerificationSchema = z.object({
  code: z.string(),
  holder: z.string(),
  subjectType: certificateSubjectSchema,
  title: z.string(),
  hours: z.number(),
  completedAt: z.string(),
  siteName: z.string(),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;
