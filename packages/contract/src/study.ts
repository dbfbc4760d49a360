import { z } from 'zod';
import { lessonKindSchema } from './courses.ts';
import { idParam, idQuery, lessonCountShape, recordedAtSchema } from './parts.ts';

/** Seconds in a report: a finite number, never negative (a negative value is bad input). */
const seconds = z.number().min(0).max(Number.MAX_SAFE_INTEGER);

/** What a player reports of a lesson's media or a live session's replay since its previous report. */
const playbackReportShape = () => ({
  /** The playback position, in seconds of the media (of a replay: ignored while live). */
  positionSeconds: seconds,
  /** Seconds actually played (not skipped) since the previous report: a delta, not a total. */
  watchedSeconds: seconds,
  /** The media's real duration as the player saw it; 0 or absent when unknown (articles). */
  durationSeconds: seconds.optional(),
});

/** `GET /api/study/course-progress?courseId=`. */
export const courseProgressQuerySchema = idQuery('courseId');
export type CourseProgressQuery = z.infer<typeof courseProgressQuerySchema>;

/** The learner's progress in one lesson of a course. */
export const lessonProgressSchema = z.object({
  lessonId: z.number().int(),
  /** Where to resume, in seconds of the media (0 when never played). */
  positionSeconds: z.number(),
  completed: z.boolean(),
});
export type LessonProgress = z.infer<typeof lessonProgressSchema>;

/** The learner's progress in a course: every lesson of it, in catalogue order. */
export const courseProgressSchema = z.object({
  courseId: z.number().int(),
  ...lessonCountShape(),
  /** All lessons of the course are complete. */
  completed: z.boolean(),
  /** The lesson the learner studied last, or null before the first report. */
  lastLessonId: z.number().int().nullable(),
  lessons: z.array(lessonProgressSchema),
});
export type CourseProgress = z.infer<typeof courseProgressSchema>;

/**
 * `POST /api/study/progress`: what the player saw since its previous report. The server keeps
 * its own clock: there is no time stamp to send, and the seconds are clamped, never stored as given.
 */
export const progressReportSchema = z.object({
  lessonId: idParam,
  /** When given, the lesson must belong to this course. */
  courseId: idParam.optional(),
  ...playbackReportShape(),
  /**
   * A report made offline and sent later from the phone's outbox (issue 32): when it was made,
   * by the phone's clock. It is credited at that moment, by the same rules as a report sent then;
   * absent for a report sent as it is made (the server's clock).
   */
  recordedAt: recordedAtSchema.optional(),
});
export type ProgressReport = z.infer<typeof progressReportSchema>;

/** The stored state after a report. */
export const progressResultSchema = z.object({
  lessonId: z.number().int(),
  courseId: z.number().int(),
  positionSeconds: z.number(),
  /** Total seconds watched of this lesson, as counted by the server. */
  watchedSeconds: z.number(),
  completed: z.boolean(),
  /** Seconds of this report counted as learning time (after clamping). */
  countedSeconds: z.number(),
  course: z.object({
    ...lessonCountShape(),
    completed: z.boolean(),
  }),
});
export type ProgressResult = z.infer<typeof progressResultSchema>;

/** `GET /api/study/today`: the learner's learning time on today's date in Asia/Shanghai. */
export const todayStudySchema = z.object({
  /** `YYYY-MM-DD` in Asia/Shanghai. */
  day: z.string(),
  seconds: z.number().int(),
});
export type TodayStudy = z.infer<typeof todayStudySchema>;

/** `GET /api/study/lesson?id=`: a lesson's content, for a learner who is logged in. */
export const lessonQuerySchema = idQuery();

export const lessonContentSchema = z.object({
  id: z.number().int(),
  courseId: z.number().int(),
  title: z.string(),
  kind: lessonKindSchema,
  /** The lesson's nominal length (the media may be shorter). */
  durationSeconds: z.number().int(),
  /**
   * `/media/...` of a video lesson, else null: the HLS ladder's master playlist (`.m3u8`) once
   * the media pipeline has transcoded the upload, else the MP4 or playlist as stored.
   */
  videoUrl: z.string().nullable(),
  /**
   * `/media/...` audio-only rendition (M4A) of a video lesson's ladder, for 只听声音 (listen
   * only); null when the video has none (not transcoded) or for the other kinds.
   */
  listenUrl: z.string().nullable(),
  /** `/media/...` poster picture (WebP) of a video lesson's ladder, else null. */
  posterUrl: z.string().nullable(),
  /** Rich HTML of an article lesson (sanitize before showing it), else null. */
  articleHtml: z.string().nullable(),
  /** `/media/...` MP3 or M4A of an audio lesson, else null. */
  audioUrl: z.string().nullable(),
  /** `/files/...` PDF of a PDF lesson (served with byte ranges), else null. */
  pdfUrl: z.string().nullable(),
  /** The pages of a PDF lesson's file (read from it by the server); 0 for the other kinds. */
  pageCount: z.number().int(),
});
export type LessonContent = z.infer<typeof lessonContentSchema>;

/**
 * `POST /api/study/live-progress`: watching of a live session or its replay since the previous
 * report, like `POST /api/study/progress` (no time stamp; seconds are credited by the server's
 * clock). The position is kept for a replay only.
 */
export const liveProgressReportSchema = z.object({
  sessionId: idParam,
  ...playbackReportShape(),
});
export type LiveProgressReport = z.infer<typeof liveProgressReportSchema>;

/** `GET /api/study/live-progress?sessionId=`: where the learner's replay resumes. */
export const liveProgressQuerySchema = idQuery('sessionId');
export type LiveProgressQuery = z.infer<typeof liveProgressQuerySchema>;

/** The learner's watching of a session after a report, or as stored. */
export const liveProgressSchema = z.object({
  sessionId: z.number().int(),
  /** Where the replay resumes, in seconds (0 before any report). */
  positionSeconds: z.number(),
  /** Total seconds watched of this session (live and replay), as counted by the server. */
  watchedSeconds: z.number(),
  /** Seconds of this report counted as learning time (0 when read). */
  countedSeconds: z.number(),
});
export type LiveProgress = z.infer<typeof liveProgressSchema>;
