import type {
  CourseProgress,
  LessonContent,
  Page,
  ProgressReport,
  ProgressResult,
  StudyCourse,
  StudyCoursesQuery,
  TodayStudy,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import { readPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { reportMoment } from '../../platform/recorded-at.ts';
import { SideEffects } from '../../platform/side-effects.ts';
import { isoTime, isoTimeOrNull } from '../../platform/time.ts';
import { learningCredited } from './learning-effects.ts';
import { lockLearnerClock } from './learning-time.ts';
import {
  completeCourseLearner,
  countCompletedLessons,
  countCourseCompletion,
  countStudyCourseRows,
  findCourseLearner,
  findLearningSeconds,
  findLessonProgress,
  findPublishedLesson,
  incrementLearnerCount,
  insertCourseLearner,
  insertLessonProgress,
  isPublishedCourse,
  listCourseLessonIds,
  listLessonProgress,
  listStudyCourseRows,
  touchCourseLearner,
  updateLessonProgress,
} from './study.queries.ts';
import { clampPosition, dayKey, effectiveDuration, isComplete, isPlayed } from './study.rules.ts';

/** Positions and watched totals are answered to the tenth of a second. */
const tenth = (seconds: number) => Math.round(seconds * 10) / 10;

/**
 * A learner's study: lesson content, progress per lesson and per course, and learning time per
 * day. Every report is checked against the server's own clock (see `study.rules.ts`).
 */
export class StudyService {
  constructor(
    private readonly db: Kysely<Database>,
    // Looked up on each call (not bound once), so tests can move the clock.
    private readonly now: () => number = () => Date.now(),
    private readonly effects: SideEffects = new SideEffects(),
  ) {}

  /** A lesson of a published course of the site, with its video, audio, PDF or article. */
  async lesson(siteKey: string, lessonId: number): Promise<LessonContent> {
    const row = await findPublishedLesson(this.db, siteKey, lessonId);
    if (!row) throw notFound('课时');
    return {
      id: row.id,
      courseId: row.course_id,
      title: row.title,
      kind: row.kind,
      durationSeconds: Number(row.duration_seconds),
      videoUrl: row.kind === 'video' ? (row.hls_url ?? row.video_url) : null,
      listenUrl: row.kind === 'video' ? row.listen_url : null,
      posterUrl: row.kind === 'video' ? row.poster_url : null,
      articleHtml: row.kind === 'article' ? (row.article_html ?? '') : null,
      audioUrl: row.kind === 'audio' ? row.audio_url : null,
      pdfUrl: row.kind === 'pdf' ? row.pdf_url : null,
      pageCount: row.kind === 'pdf' ? Number(row.page_count) : 0,
    };
  }

  /** The learner's progress in every lesson of a published course of the site. */
  async courseProgress(siteKey: string, userId: number, courseId: number): Promise<CourseProgress> {
    if (!(await isPublishedCourse(this.db, siteKey, courseId))) throw notFound('课程');
    const [lessons, rows, learner] = await Promise.all([
      listCourseLessonIds(this.db, courseId),
      listLessonProgress(this.db, userId, courseId),
      findCourseLearner(this.db, userId, courseId),
    ]);
    const byLesson = new Map(rows.map((row) => [row.lesson_id, row]));
    const progress = lessons.map(({ id }) => {
      const row = byLesson.get(id);
      return {
        lessonId: id,
        positionSeconds: tenth(Number(row?.position_seconds ?? 0)),
        completed: Number(row?.completed ?? 0) === 1,
      };
    });
    const completedLessons = progress.filter((lesson) => lesson.completed).length;
    return {
      courseId,
      completedLessons,
      totalLessons: progress.length,
      completed: progress.length > 0 && completedLessons === progress.length,
      lastLessonId: learner?.last_lesson_id ?? null,
      lessons: progress,
    };
  }

  /**
   * Records what the player reports for a lesson of a published course of the site: the
   * position (clamped to the duration), watched time (credited against the server's clock, per
   * lesson and per learner), completion (never undone), the learner's time today, and the
   * course's learner count (once per learner). One transaction per report; a learner's reports
   * are serialized by their clock row, so concurrent reports never double-count.
   */
  async report(siteKey: string, userId: number, report: ProgressReport): Promise<ProgressResult> {
    const lesson = await findPublishedLesson(this.db, siteKey, report.lessonId);
    if (!lesson || (report.courseId !== undefined && report.courseId !== lesson.course_id)) {
      throw notFound('课时');
    }
    const courseId = lesson.course_id;
    if (reportMoment(report.recordedAt, this.now()) === null) {
      throw invalid('这条离线学习记录已超过 7 天，不再计入学习时长');
    }
    // A report made offline is credited at the moment it was made (issue 32).
    const at = (now: number) => reportMoment(report.recordedAt, now) ?? now;
    return this.db.transaction().execute(async (trx) => {
      const clock = await lockLearnerClock(trx, userId, this.now, 'course', at);
      const { now } = clock;
      const previous = await findLessonProgress(trx, userId, lesson.id);

      const played = isPlayed(lesson.kind);
      const duration = effectiveDuration(
        Number(lesson.duration_seconds),
        played ? report.durationSeconds : undefined,
      );
      const position = played ? clampPosition(report.positionSeconds, duration) : 0;
      const { item: lessonCredit, countedMs } = await clock.credit(
        report.watchedSeconds * 1000,
        previous ? Number(previous.credited_until) : null,
      );
      if (countedMs > 0) {
        await this.effects.record(trx, learningCredited(siteKey, userId, 'lesson', lesson.id, now));
      }
      const watched = Number(previous?.watched_seconds ?? 0) + lessonCredit.creditedMs / 1000;
      const wasCompleted = Number(previous?.completed ?? 0) === 1;
      const completed = isComplete({
        kind: lesson.kind,
        positionSeconds: position,
        watchedSeconds: watched,
        durationSeconds: duration,
        wasCompleted,
      });

      const changes = {
        position_seconds: position,
        watched_seconds: watched,
        completed: completed ? 1 : 0,
        credited_until: lessonCredit.creditedUntil,
        updated_at: now,
        ...(completed && !wasCompleted ? { completed_at: now } : {}),
      };
      if (previous) {
        await updateLessonProgress(trx, userId, lesson.id, changes);
      } else {
        await insertLessonProgress(trx, {
          user_id: userId,
          lesson_id: lesson.id,
          course_id: courseId,
          completed_at: null,
          ...changes,
          created_at: now,
        });
      }
      // Most reports are of a course already started: one update. The first report inserts
      // the row, and only the insert that wrote it counts the learner.
      const touched = await touchCourseLearner(trx, userId, courseId, lesson.id, now);
      if (!touched) {
        const started = await insertCourseLearner(trx, {
          user_id: userId,
          course_id: courseId,
          last_lesson_id: lesson.id,
          now,
        });
        if (started) await incrementLearnerCount(trx, courseId);
        else await touchCourseLearner(trx, userId, courseId, lesson.id, now);
      }

      if (completed && !wasCompleted) {
        await this.effects.record(trx, {
          kind: 'lesson.complete',
          siteKey,
          learnerId: userId,
          key: `lesson.complete:${lesson.id}:${userId}`,
          detail: { lessonId: lesson.id, title: lesson.title, at: now },
        });
      }

      const course = await countCourseCompletion(trx, userId, courseId);
      const courseCompleted =
        course.totalLessons > 0 && course.completedLessons >= course.totalLessons;
      if (courseCompleted && (await completeCourseLearner(trx, userId, courseId, now))) {
        await this.effects.record(trx, {
          kind: 'course.complete',
          siteKey,
          learnerId: userId,
          key: `course.complete:${courseId}:${userId}`,
          detail: { courseId, title: lesson.course_title, at: now },
        });
      }

      return {
        lessonId: lesson.id,
        courseId,
        positionSeconds: tenth(position),
        watchedSeconds: tenth(watched),
        completed,
        countedSeconds: countedMs / 1000,
        course: { ...course, completed: courseCompleted },
      };
    });
  }

  /** The learner's learning time on today's date in Asia/Shanghai, in whole seconds. */
  async today(userId: number): Promise<TodayStudy> {
    const day = dayKey(this.now());
    const seconds = await findLearningSeconds(this.db, userId, day);
    return { day, seconds: Math.floor(seconds) };
  }

  /**
   * One page of the courses the learner is studying (started, not complete) or has completed
   * at published courses of the site, the latest studied first, with their progress.
   */
  courses(siteKey: string, userId: number, query: StudyCoursesQuery): Promise<Page<StudyCourse>> {
    const filter = { siteKey, userId, state: query.state };
    return readPage(
      query,
      {
        count: () => countStudyCourseRows(this.db, filter),
        rows: (window) => listStudyCourseRows(this.db, { ...filter, ...window }),
      },
      (rows) => this.withProgress(userId, rows),
    );
  }

  /** The course the learner studied last and has not completed (home's 继续学习), or null. */
  async continueLearning(siteKey: string, userId: number): Promise<StudyCourse | null> {
    const rows = await listStudyCourseRows(this.db, {
      siteKey,
      userId,
      state: 'learning',
      limit: 1,
      offset: 0,
    });
    return (await this.withProgress(userId, rows))[0] ?? null;
  }

  private async withProgress(
    userId: number,
    rows: Awaited<ReturnType<typeof listStudyCourseRows>>,
  ): Promise<StudyCourse[]> {
    if (rows.length === 0) return [];
    const done = await countCompletedLessons(
      this.db,
      userId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => {
      const total = Number(row.lesson_count);
      return {
        courseId: row.id,
        title: row.title,
        cover: row.cover,
        teacherName: row.teacher_name,
        lessonId: row.last_lesson_id,
        lessonTitle: row.last_lesson_title,
        completedLessons: Math.min(done.get(row.id) ?? 0, total),
        totalLessons: total,
        lastStudiedAt: isoTime(row.last_studied_at),
        completedAt: isoTimeOrNull(row.completed_at),
      };
    });
  }
}
