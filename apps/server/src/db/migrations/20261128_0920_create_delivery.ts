import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../database.ts';
import { belongsTo, createIndex, idColumn, required, siteKeyColumn } from './columns.ts';

/**
 * Resource delivery (资源配送): the catalogue of deliverable resources (`delivery_resources`),
 * the learners' requests for them (`delivery_requests`), every change of a request
 * (`delivery_request_history`) and who handles a site's requests (`delivery_staff`).
 *
 * - a request's status is held to its six values by a CHECK; the service moves it with an update
 *   conditional on the current status, so two changes made at once cannot both apply;
 * - a rating is 1 to 5 and only on a completed request (CHECKs); it is set once by an update
 *   conditional on its being empty;
 * - `tags` and `lecturer_topics` are JSON arrays of strings.
 *
 * Frozen: never edit, add a new migration.
 */
export function createDelivery(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(engine, db.schema.createTable('delivery_resources'))
        .$call(siteKeyColumn)
        .$call(required({ kind: 'varchar(16)', title: 'varchar(100)' }))
        .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
        .$call(required({ cover: 'varchar(300)' }))
        .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
        .$call(required({ audience_min: 'integer', audience_max: 'integer' }))
        .addColumn('room', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('equipment', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .$call(required({ lead_days: 'integer' }))
        .addColumn('lecturer_name', 'varchar(40)')
        .addColumn('lecturer_title', 'varchar(60)')
        .addColumn('lecturer_topics', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
        .$call(required({ created_at: 'bigint', updated_at: 'bigint' }))
        .addCheckConstraint(
          'delivery_resources_kind_check',
          sql`kind in ('lecturer', 'course', 'kit', 'exhibition')`,
        )
        .addCheckConstraint(
          'delivery_resources_audience_check',
          sql`audience_min >= 1 AND audience_max >= audience_min`,
        )
        .addCheckConstraint('delivery_resources_lead_check', sql`lead_days >= 0`)
        .execute();
      await createIndex(db, 'delivery_resources_site_idx', 'delivery_resources', [
        'site_key',
        'published',
        'kind',
      ]);

      await idColumn(engine, db.schema.createTable('delivery_requests'))
        .$call(siteKeyColumn)
        .addColumn('resource_id', 'integer', (c) =>
          c.notNull().references('delivery_resources.id').onDelete('restrict'),
        )
        .$call(belongsTo('user_id', 'users.id'))
        .$call(
          required({
            status: 'varchar(16)',
            day: 'varchar(10)',
            address: 'varchar(100)',
            audience: 'integer',
            organisation: 'varchar(60)',
            contact_name: 'varchar(20)',
            contact_phone: 'varchar(20)',
          }),
        )
        .addColumn('note', 'varchar(300)', (c) => c.notNull().defaultTo(''))
        .addColumn('scheduled_at', 'bigint')
        .addColumn('scheduled_place', 'varchar(100)')
        .addColumn('reason', 'varchar(200)')
        .addColumn('rating', 'integer')
        .addColumn('rating_comment', 'varchar(300)')
        .addColumn('rated_at', 'bigint')
        .$call(required({ created_at: 'bigint', updated_at: 'bigint' }))
        .addCheckConstraint(
          'delivery_requests_status_check',
          sql`status in ('submitted', 'accepted', 'scheduled', 'completed', 'rejected', 'withdrawn')`,
        )
        .addCheckConstraint('delivery_requests_audience_check', sql`audience >= 1`)
        .addCheckConstraint(
          'delivery_requests_rating_check',
          sql`rating IS NULL OR (rating >= 1 AND rating <= 5 AND status = 'completed')`,
        )
        .addCheckConstraint(
          'delivery_requests_schedule_check',
          sql`status NOT IN ('scheduled', 'completed') OR scheduled_at IS NOT NULL`,
        )
        .execute();
      await createIndex(db, 'delivery_requests_user_idx', 'delivery_requests', [
        'user_id',
        'site_key',
        'id',
      ]);
      await createIndex(db, 'delivery_requests_site_status_idx', 'delivery_requests', [
        'site_key',
        'status',
        'id',
      ]);
      await createIndex(db, 'delivery_requests_resource_idx', 'delivery_requests', ['resource_id']);

      await idColumn(engine, db.schema.createTable('delivery_request_history'))
        .$call(belongsTo('request_id', 'delivery_requests.id'))
        .$call(required({ status: 'varchar(16)', actor: 'varchar(16)' }))
        .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('note', 'varchar(300)', (c) => c.notNull().defaultTo(''))
        .$call(required({ created_at: 'bigint' }))
        .addCheckConstraint(
          'delivery_request_history_status_check',
          sql`status in ('submitted', 'accepted', 'scheduled', 'completed', 'rejected', 'withdrawn')`,
        )
        .addCheckConstraint(
          'delivery_request_history_actor_check',
          sql`actor in ('requester', 'staff')`,
        )
        .execute();
      // A request reaches each status once: a change that slipped past the status check twice
      // would fail here.
      await db.schema
        .createIndex('delivery_request_history_status_key')
        .on('delivery_request_history')
        .columns(['request_id', 'status'])
        .unique()
        .execute();

      await db.schema
        .createTable('delivery_staff')
        .$call(siteKeyColumn)
        .$call(belongsTo('user_id', 'users.id'))
        .addPrimaryKeyConstraint('delivery_staff_pk', ['site_key', 'user_id'])
        .execute();
      await createIndex(db, 'delivery_staff_user_idx', 'delivery_staff', ['user_id']);
    },
  };
}
