import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';
import { belongsTo, createIndex, idColumn, siteKeyColumn } from './columns.ts';

/**
 * Classes (班级), the courses each studies, and learners' signups. The database holds the seat
 * invariant itself: `seats_taken` stays within `[0, capacity]` (a CHECK) and a learner has at
 * most one signup row per class (a UNIQUE key). Frozen: never edit, add a new migration.
 */
export function createClasses(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(engine, db.schema.createTable('classes'))
        .$call(siteKeyColumn)
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('cover', 'varchar(500)', (c) => c.notNull())
        .addColumn('term', 'varchar(50)', (c) => c.notNull())
        .addColumn('schedule', 'varchar(100)', (c) => c.notNull())
        .addColumn('place', 'varchar(200)', (c) => c.notNull())
        .addColumn('teacher_name', 'varchar(50)', (c) => c.notNull())
        .addColumn('capacity', 'integer', (c) => c.notNull())
        .addColumn('seats_taken', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('signup_start', 'bigint', (c) => c.notNull())
        .addColumn('signup_end', 'bigint', (c) => c.notNull())
        .addColumn('start_at', 'bigint', (c) => c.notNull())
        .addColumn('end_at', 'bigint', (c) => c.notNull())
        .addColumn('introduction', 'text', (c) => c.notNull())
        .addColumn('form_fields', 'text', (c) => c.notNull())
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('classes_capacity_check', sql`capacity > 0`)
        .addCheckConstraint(
          'classes_seats_check',
          sql`seats_taken >= 0 AND seats_taken <= capacity`,
        )
        .addCheckConstraint('classes_published_check', sql`published in (0, 1)`)
        .execute();
      await createIndex(db, 'classes_site_idx', 'classes', [
        'site_key',
        'published',
        'start_at',
        'id',
      ]);

      await db.schema
        .createTable('class_courses')
        .$call(belongsTo('class_id', 'classes.id'))
        .$call(belongsTo('course_id', 'courses.id'))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('class_courses_pk', ['class_id', 'course_id'])
        .execute();
      await createIndex(db, 'class_courses_course_idx', 'class_courses', ['course_id']);

      await idColumn(engine, db.schema.createTable('class_signups'))
        .$call(belongsTo('class_id', 'classes.id'))
        .$call(belongsTo('user_id', 'users.id'))
        .addColumn('form', 'text', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('signed_up_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('class_signups_class_user_key', ['class_id', 'user_id'])
        .addCheckConstraint('class_signups_status_check', sql`status in ('active', 'cancelled')`)
        .execute();
      await createIndex(db, 'class_signups_user_idx', 'class_signups', [
        'user_id',
        'status',
        'signed_up_at',
      ]);
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['class_signups', 'class_courses', 'classes']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
