import { type Kysely, type Migration, sql } from 'kysely';
import { createIndex } from './columns.ts';

/** Content tables that already keep `updated_at`: they get the other review columns. */
const TABLES = ['map_places', 'walks', 'delivery_resources'] as const;

/**
 * Review before publication on map places, walks and the delivery catalogue, as on the other
 * content (`addReviewColumns`, whose `updated_at` these tables have had from the start): status,
 * version, author, submitter, the reviewer's note and the time of the first publication. What was
 * published stays so; an unpublished row is taken down (已下线).
 * Frozen: never edit, add a new migration.
 */
export function reviewPlacesWalksDelivery(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of TABLES) {
        await db.schema
          .alterTable(table)
          .addColumn('status', 'varchar(16)', (c) =>
            c
              .notNull()
              .defaultTo('published')
              .check(sql`status in ('draft', 'pending', 'published', 'offline', 'rejected')`),
          )
          .execute();
        await db.schema
          .alterTable(table)
          .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
          .execute();
        for (const column of ['author_id', 'submitted_by']) {
          await db.schema
            .alterTable(table)
            .addColumn(column, 'integer', (c) => c.references('users.id').onDelete('set null'))
            .execute();
        }
        await db.schema.alterTable(table).addColumn('review_note', 'varchar(200)').execute();
        await db.schema.alterTable(table).addColumn('published_at', 'bigint').execute();
        await sql`update ${sql.table(table)} set status = 'offline' where published = 0`.execute(
          db,
        );
        await sql`update ${sql.table(table)} set published_at = created_at where published = 1`.execute(
          db,
        );
        // The console's list: the site's rows, newest change first.
        await createIndex(db, `${table}_console_idx`, table, [
          'site_key',
          'updated_at desc',
          'id desc',
        ]);
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of [...TABLES].reverse()) {
        await db.schema.dropIndex(`${table}_console_idx`).execute();
        for (const column of [
          'published_at',
          'review_note',
          'submitted_by',
          'author_id',
          'version',
          'status',
        ]) {
          await db.schema.alterTable(table).dropColumn(column).execute();
        }
      }
    },
  };
}
