import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';
import { belongsTo, createIndex, idColumn, required, siteKeyColumn } from './columns.ts';

/**
 * Courses and what they are made of: categories, teachers, tags, chapters and lessons.
 * Frozen: never edit, add a new migration.
 */
export function createCourses(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(engine, db.schema.createTable('course_categories'))
        .$call(siteKeyColumn)
        .addColumn('name', 'varchar(50)', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await createIndex(db, 'course_categories_site_idx', 'course_categories', [
        'site_key',
        'sort',
        'id',
      ]);

      await idColumn(engine, db.schema.createTable('teachers'))
        .$call(siteKeyColumn)
        .$call(required({ name: 'varchar(50)', title: 'varchar(100)', bio: 'text' }))
        .addColumn('avatar', 'varchar(500)')
        .execute();
      await createIndex(db, 'teachers_site_idx', 'teachers', ['site_key']);

      await idColumn(engine, db.schema.createTable('courses'))
        .$call(siteKeyColumn)
        .addColumn('category_id', 'integer', (c) => c.notNull().references('course_categories.id'))
        .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teachers.id'))
        .$call(
          required({
            title: 'varchar(200)',
            summary: 'varchar(500)',
            introduction: 'text',
            cover: 'varchar(500)',
          }),
        )
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lesson_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('duration_seconds', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('view_count', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('learner_count', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('published_at', 'bigint')
        .execute();
      // One index per list order, so a page is read straight off the index at any scale.
      await createIndex(db, 'courses_newest_idx', 'courses', [
        'site_key',
        'published',
        'published_at desc',
        'id desc',
      ]);
      await createIndex(db, 'courses_popular_idx', 'courses', [
        'site_key',
        'published',
        'learner_count desc',
        'id desc',
      ]);
      await createIndex(db, 'courses_category_newest_idx', 'courses', [
        'site_key',
        'category_id',
        'published',
        'published_at desc',
        'id desc',
      ]);
      await createIndex(db, 'courses_category_popular_idx', 'courses', [
        'site_key',
        'category_id',
        'published',
        'learner_count desc',
        'id desc',
      ]);
      await createIndex(db, 'courses_teacher_idx', 'courses', ['teacher_id']);
      await createIndex(db, 'courses_category_idx', 'courses', ['category_id']);

      await db.schema
        .createTable('course_tags')
        .$call(belongsTo('course_id', 'courses.id'))
        .addColumn('tag', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('course_tags_pk', ['course_id', 'tag'])
        .execute();
      await createIndex(db, 'course_tags_tag_idx', 'course_tags', ['tag']);

      await idColumn(engine, db.schema.createTable('course_chapters'))
        .$call(belongsTo('course_id', 'courses.id'))
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await createIndex(db, 'course_chapters_course_idx', 'course_chapters', [
        'course_id',
        'sort',
        'id',
      ]);

      await idColumn(engine, db.schema.createTable('course_lessons'))
        .$call(belongsTo('course_id', 'courses.id'))
        .$call(belongsTo('chapter_id', 'course_chapters.id'))
        .$call(required({ title: 'varchar(200)', kind: 'varchar(16)' }))
        .addColumn('duration_seconds', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('video_url', 'varchar(500)')
        .addColumn('article_html', 'text')
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addCheckConstraint('course_lessons_kind_check', sql`kind in ('video', 'article')`)
        .execute();
      await createIndex(db, 'course_lessons_course_idx', 'course_lessons', [
        'course_id',
        'sort',
        'id',
      ]);
      await createIndex(db, 'course_lessons_chapter_idx', 'course_lessons', ['chapter_id']);
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'course_lessons',
        'course_chapters',
        'course_tags',
        'courses',
        'teachers',
        'course_categories',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
