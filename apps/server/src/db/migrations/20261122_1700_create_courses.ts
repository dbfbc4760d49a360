import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';
import { idColumn } from './columns.ts';

/**
 * Courses and what they are made of: categories, teachers, tags, chapters and lessons.
 * Frozen: never edit, add a new migration.
 */
export function createCourses(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(engine, db.schema.createTable('course_categories'))
        .addColumn('site_key', 'varchar(32)', (c) =>
          c.notNull().references('sites.key').onDelete('cascade'),
        )
        .addColumn('name', 'varchar(50)', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('course_categories_site_idx')
        .on('course_categories')
        .columns(['site_key', 'sort', 'id'])
        .execute();

      await idColumn(engine, db.schema.createTable('teachers'))
        .addColumn('site_key', 'varchar(32)', (c) =>
          c.notNull().references('sites.key').onDelete('cascade'),
        )
        .addColumn('name', 'varchar(50)', (c) => c.notNull())
        .addColumn('title', 'varchar(100)', (c) => c.notNull())
        .addColumn('bio', 'text', (c) => c.notNull())
        .addColumn('avatar', 'varchar(500)')
        .execute();
      await db.schema.createIndex('teachers_site_idx').on('teachers').column('site_key').execute();

      await idColumn(engine, db.schema.createTable('courses'))
        .addColumn('site_key', 'varchar(32)', (c) =>
          c.notNull().references('sites.key').onDelete('cascade'),
        )
        .addColumn('category_id', 'integer', (c) => c.notNull().references('course_categories.id'))
        .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teachers.id'))
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('summary', 'varchar(500)', (c) => c.notNull())
        .addColumn('introduction', 'text', (c) => c.notNull())
        .addColumn('cover', 'varchar(500)', (c) => c.notNull())
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lesson_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('duration_seconds', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('view_count', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('learner_count', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('published_at', 'bigint')
        .execute();
      // One index per list order, so a page is read straight off the index at any scale.
      await db.schema
        .createIndex('courses_newest_idx')
        .on('courses')
        .columns(['site_key', 'published', 'published_at desc', 'id desc'])
        .execute();
      await db.schema
        .createIndex('courses_popular_idx')
        .on('courses')
        .columns(['site_key', 'published', 'learner_count desc', 'id desc'])
        .execute();
      await db.schema
        .createIndex('courses_category_newest_idx')
        .on('courses')
        .columns(['site_key', 'category_id', 'published', 'published_at desc', 'id desc'])
        .execute();
      await db.schema
        .createIndex('courses_category_popular_idx')
        .on('courses')
        .columns(['site_key', 'category_id', 'published', 'learner_count desc', 'id desc'])
        .execute();
      await db.schema
        .createIndex('courses_teacher_idx')
        .on('courses')
        .column('teacher_id')
        .execute();
      await db.schema
        .createIndex('courses_category_idx')
        .on('courses')
        .column('category_id')
        .execute();

      await db.schema
        .createTable('course_tags')
        .addColumn('course_id', 'integer', (c) =>
          c.notNull().references('courses.id').onDelete('cascade'),
        )
        .addColumn('tag', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('course_tags_pk', ['course_id', 'tag'])
        .execute();
      await db.schema.createIndex('course_tags_tag_idx').on('course_tags').column('tag').execute();

      await idColumn(engine, db.schema.createTable('course_chapters'))
        .addColumn('course_id', 'integer', (c) =>
          c.notNull().references('courses.id').onDelete('cascade'),
        )
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('course_chapters_course_idx')
        .on('course_chapters')
        .columns(['course_id', 'sort', 'id'])
        .execute();

      await idColumn(engine, db.schema.createTable('course_lessons'))
        .addColumn('course_id', 'integer', (c) =>
          c.notNull().references('courses.id').onDelete('cascade'),
        )
        .addColumn('chapter_id', 'integer', (c) =>
          c.notNull().references('course_chapters.id').onDelete('cascade'),
        )
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('duration_seconds', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('video_url', 'varchar(500)')
        .addColumn('article_html', 'text')
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addCheckConstraint('course_lessons_kind_check', sql`kind in ('video', 'article')`)
        .execute();
      await db.schema
        .createIndex('course_lessons_course_idx')
        .on('course_lessons')
        .columns(['course_id', 'sort', 'id'])
        .execute();
      await db.schema
        .createIndex('course_lessons_chapter_idx')
        .on('course_lessons')
        .column('chapter_id')
        .execute();
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
