import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';
import { belongsTo, createIndex, idColumn, required, siteKeyColumn } from './columns.ts';

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
        .$call(
          required({
            title: 'varchar(200)',
            cover: 'varchar(500)',
            term: 'varchar(50)',
            schedule: 'varchar(100)',
            place: 'varchar(200)',
            teacher_name: 'varchar(50)',
            capacity: 'integer',
          }),
        )
        .addColumn('seats_taken', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(
          required({
            signup_start: 'bigint',
            signup_end: 'bigint',
            start_at: 'bigint',
            end_at: 'bigint',
            introduction: 'text',
            form_fields: 'text',
          }),
        )
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
        .$call(
          required({
            form: 'text',
            status: 'varchar(16)',
            signed_up_at: 'bigint',
            created_at: 'bigint',
            updated_at: 'bigint',
          }),
        )
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
