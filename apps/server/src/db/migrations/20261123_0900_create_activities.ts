import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';
import { belongsTo, createIndex, idColumn, required, siteKeyColumn } from './columns.ts';

/**
 * Activities (活动) and special activities (特色活动): their organisers and the organisers'
 * staff (who may check learners in), learners' applications, and the files a special
 * activity's application carries. The database holds the seat invariant as for classes:
 * `seats_taken` stays within `[0, capacity]` (a CHECK), a learner has at most one application
 * row per activity (a UNIQUE key), and a check-in code names one application (a UNIQUE key).
 * Frozen: never edit, add a new migration.
 */
export function createActivities(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(engine, db.schema.createTable('organisers'))
        .$call(siteKeyColumn)
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addUniqueConstraint('organisers_site_name_key', ['site_key', 'name'])
        .execute();

      await db.schema
        .createTable('organiser_staff')
        .$call(belongsTo('organiser_id', 'organisers.id'))
        .$call(belongsTo('user_id', 'users.id'))
        .addPrimaryKeyConstraint('organiser_staff_pk', ['organiser_id', 'user_id'])
        .execute();
      await createIndex(db, 'organiser_staff_user_idx', 'organiser_staff', ['user_id']);

      await idColumn(engine, db.schema.createTable('activities'))
        .$call(siteKeyColumn)
        .addColumn('organiser_id', 'integer', (c) =>
          c.notNull().references('organisers.id').onDelete('restrict'),
        )
        .$call(
          required({
            kind: 'varchar(16)',
            title: 'varchar(200)',
            cover: 'varchar(500)',
            place: 'varchar(200)',
          }),
        )
        // The learning map (a later issue) has no table yet, hence no foreign key.
        .addColumn('map_place_id', 'integer')
        .$call(required({ contact: 'varchar(50)', capacity: 'integer' }))
        .addColumn('seats_taken', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(
          required({
            signup_start: 'bigint',
            signup_end: 'bigint',
            start_at: 'bigint',
            end_at: 'bigint',
            description: 'text',
            form_fields: 'text',
          }),
        )
        .addColumn('attachment_rule', 'text')
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('activities_capacity_check', sql`capacity > 0`)
        .addCheckConstraint(
          'activities_seats_check',
          sql`seats_taken >= 0 AND seats_taken <= capacity`,
        )
        .addCheckConstraint('activities_published_check', sql`published in (0, 1)`)
        .addCheckConstraint(
          'activities_kind_check',
          sql`kind in ('讲座', '参观', '志愿服务', '比赛', '展览', '特色活动')`,
        )
        .addCheckConstraint('activities_times_check', sql`signup_start <= signup_end`)
        .execute();
      // The list orders by a status derived from these columns (see activities.queries.ts):
      // with all of them in the index, ordering a site's activities reads no table rows.
      const listColumns = [
        'end_at',
        'signup_start',
        'signup_end',
        'start_at',
        'seats_taken',
        'capacity',
        'id',
      ];
      await createIndex(db, 'activities_site_idx', 'activities', [
        'site_key',
        'published',
        ...listColumns,
      ]);
      await createIndex(db, 'activities_site_kind_idx', 'activities', [
        'site_key',
        'kind',
        'published',
        ...listColumns,
      ]);
      await createIndex(db, 'activities_organiser_idx', 'activities', ['organiser_id']);

      await idColumn(engine, db.schema.createTable('activity_applications'))
        .$call(belongsTo('activity_id', 'activities.id'))
        .$call(belongsTo('user_id', 'users.id'))
        .$call(required({ form: 'text', status: 'varchar(16)' }))
        // Shown as a QR at the door; cleared when the application is cancelled.
        .addColumn('checkin_code', 'varchar(64)')
        .addColumn('checked_in_at', 'bigint')
        .$call(required({ applied_at: 'bigint', created_at: 'bigint', updated_at: 'bigint' }))
        .addUniqueConstraint('activity_applications_activity_user_key', ['activity_id', 'user_id'])
        .addUniqueConstraint('activity_applications_checkin_code_key', ['checkin_code'])
        .addCheckConstraint(
          'activity_applications_status_check',
          sql`status in ('active', 'cancelled')`,
        )
        .execute();
      await createIndex(db, 'activity_applications_user_idx', 'activity_applications', [
        'user_id',
        'applied_at',
      ]);

      await idColumn(engine, db.schema.createTable('activity_attachments'))
        .$call(belongsTo('application_id', 'activity_applications.id'))
        .$call(belongsTo('user_id', 'users.id'))
        .$call(required({ name: 'varchar(200)', mime: 'varchar(100)', size: 'integer' }))
        // The file's name in the upload store: random, never derived from what the learner sent.
        .addColumn('storage_key', 'varchar(100)', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await createIndex(db, 'activity_attachments_application_idx', 'activity_attachments', [
        'application_id',
      ]);
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'activity_attachments',
        'activity_applications',
        'activities',
        'organiser_staff',
        'organisers',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
