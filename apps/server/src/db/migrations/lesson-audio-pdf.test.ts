import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testEngines } from '../../testing/test-app.ts';
import { withMigrationDatabase } from './migration-test-database.ts';

const BEFORE = '20261130_1440_create_home_layout';
const MIGRATION = '20261130_1450_lesson_audio_pdf';

describe('the lesson_audio_pdf migration', () => {
  for (const engine of testEngines()) {
    it(`keeps every lesson and learner's progress, then takes audio and PDF lessons [${engine}]`, async () => {
      await withMigrationDatabase(engine, async (db, migrateTo) => {
        await migrateTo(BEFORE);
        await db
          .insertInto('sites')
          .values({ key: 'jingan', name: '静安学习网', sort: 1, created_at: 0 })
          .execute();
        const { id: userId } = await db
          .insertInto('users')
          .values({
            username: '13700001450',
            password_hash: 'x',
            nickname: '王秀兰',
            avatar: null,
            created_at: 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const { id: categoryId } = await db
          .insertInto('course_categories')
          .values({ site_key: 'jingan', name: '智能生活', sort: 0 })
          .returning('id')
          .executeTakeFirstOrThrow();
        const { id: teacherId } = await db
          .insertInto('teachers')
          .values({ site_key: 'jingan', name: '李老师', title: '讲师', bio: '', avatar: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        const { id: courseId } = await db
          .insertInto('courses')
          .values({
            site_key: 'jingan',
            category_id: categoryId,
            teacher_id: teacherId,
            title: '智能手机入门',
            summary: '',
            introduction: '',
            cover: '/files/covers/a.svg',
            published: 1,
            created_at: 1,
            published_at: 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const { id: chapterId } = await db
          .insertInto('course_chapters')
          .values({ course_id: courseId, title: '第一章', sort: 0 })
          .returning('id')
          .executeTakeFirstOrThrow();
        const lesson = async (kind: 'video' | 'article', sort: number) =>
          (
            await db
              .insertInto('course_lessons')
              .values({
                course_id: courseId,
                chapter_id: chapterId,
                title: `第${sort + 1}课`,
                kind,
                duration_seconds: kind === 'video' ? 300 : 0,
                video_url: kind === 'video' ? '/media/demo/lesson.mp4' : null,
                article_html: kind === 'article' ? '<p>图文</p>' : null,
                sort,
              } as never)
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        const videoId = await lesson('video', 0);
        const articleId = await lesson('article', 1);
        const progress = (lessonId: number, position: number, completed: 0 | 1) => ({
          user_id: userId,
          lesson_id: lessonId,
          course_id: courseId,
          position_seconds: position,
          watched_seconds: position,
          completed,
          completed_at: completed ? 5 : null,
          credited_until: 5,
          created_at: 2,
          updated_at: 5,
        });
        await db
          .insertInto('lesson_progress')
          .values([progress(videoId, 123.5, 0), progress(articleId, 0, 1)])
          .execute();
        await db
          .insertInto('course_learners')
          .values({
            user_id: userId,
            course_id: courseId,
            last_lesson_id: videoId,
            started_at: 2,
            last_studied_at: 5,
            completed_at: null,
          })
          .execute();
        // Before: a lesson is a video or an article only.
        await expect(
          sql`update course_lessons set kind = 'audio' where id = ${videoId}`.execute(db),
        ).rejects.toThrow();

        await migrateTo(MIGRATION);

        // The learner's progress and place in the course are still there, untouched.
        const rows = await db
          .selectFrom('lesson_progress')
          .select(['lesson_id', 'position_seconds', 'completed'])
          .orderBy('lesson_id')
          .execute();
        expect(
          rows.map((row) => [row.lesson_id, Number(row.position_seconds), Number(row.completed)]),
        ).toEqual([
          [videoId, 123.5, 0],
          [articleId, 0, 1],
        ]);
        const learner = await db
          .selectFrom('course_learners')
          .select('last_lesson_id')
          .executeTakeFirstOrThrow();
        expect(learner.last_lesson_id).toBe(videoId);
        const lessons = await db
          .selectFrom('course_lessons')
          .select(['id', 'kind', 'video_url', 'audio_url', 'pdf_url', 'page_count', 'sort'])
          .orderBy('sort')
          .execute();
        expect(lessons.map((row) => ({ ...row, page_count: Number(row.page_count) }))).toEqual([
          {
            id: videoId,
            kind: 'video',
            video_url: '/media/demo/lesson.mp4',
            audio_url: null,
            pdf_url: null,
            page_count: 0,
            sort: 0,
          },
          {
            id: articleId,
            kind: 'article',
            video_url: null,
            audio_url: null,
            pdf_url: null,
            page_count: 0,
            sort: 1,
          },
        ]);

        // Audio and PDF lessons are taken; an unknown kind still is not.
        await db
          .insertInto('course_lessons')
          .values([
            {
              course_id: courseId,
              chapter_id: chapterId,
              title: '听一听',
              kind: 'audio',
              duration_seconds: 20,
              audio_url: '/media/uploads/jingan/a.mp3',
              pdf_url: null,
              page_count: 0,
              sort: 2,
            },
            {
              course_id: courseId,
              chapter_id: chapterId,
              title: '读一读',
              kind: 'pdf',
              duration_seconds: 0,
              audio_url: null,
              pdf_url: '/files/admin/jingan/a.pdf',
              page_count: 6,
              sort: 3,
            },
          ])
          .execute();
        await expect(
          sql`update course_lessons set kind = 'podcast' where id = ${videoId}`.execute(db),
        ).rejects.toThrow();

        // The references to lessons still hold both ways: a progress row of no lesson is
        // refused, and removing a lesson removes its progress (the cascade) and clears the
        // learner's last lesson (set null).
        await expect(
          db
            .insertInto('lesson_progress')
            .values({ ...progress(videoId, 0, 0), lesson_id: 999_999 })
            .execute(),
        ).rejects.toThrow();
        await db.deleteFrom('course_lessons').where('id', '=', videoId).execute();
        const left = await db.selectFrom('lesson_progress').select('lesson_id').execute();
        expect(left.map((row) => row.lesson_id)).toEqual([articleId]);
        const cleared = await db
          .selectFrom('course_learners')
          .select('last_lesson_id')
          .executeTakeFirstOrThrow();
        expect(cleared.last_lesson_id).toBeNull();

        // The lessons' indexes came back with the table.
        const indexes =
          engine === 'sqlite'
            ? await sql<{ name: string }>`
                select name from sqlite_master
                where type = 'index' and tbl_name = 'course_lessons' and sql is not null`.execute(
                db,
              )
            : await sql<{ name: string }>`
                select indexname as name from pg_indexes
                where tablename = 'course_lessons' and schemaname = current_schema()
                  and indexname <> 'course_lessons_pkey'`.execute(db);
        expect(indexes.rows.map((row) => row.name).sort()).toEqual([
          'course_lessons_chapter_idx',
          'course_lessons_course_idx',
        ]);
      });
    });
  }
});
