import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';
import { createIndex } from './columns.ts';

/**
 * Review before publication on the visit programmes of the experience bases (参观项目), as on
 * the other content: the site they belong to (their base's, so the console finds them by site),
 * `published` (what learners see, with its slots), status, version, author, submitter, the
 * reviewer's note and the time of the first publication; `updated_at` they have had from the
 * start. Every programme there was is published (learners saw them all).
 *
 * `site_key` references its site as on other tables; SQLite adds such a column only nullable,
 * so it is NOT NULL on PostgreSQL alone (the console writes it with every programme).
 * Frozen: never edit, add a new migration.
 */
export function reviewBaseProgrammes(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('base_programmes')
        .addColumn('site_key', 'varchar(32)', (c) => c.references('sites.key').onDelete('cascade'))
        .execute();
      await sql`update base_programmes set site_key =
        (select p.site_key from map_places p where p.id = base_programmes.place_id)`.execute(db);
      if (engine === 'postgres') {
        await db.schema
          .alterTable('base_programmes')
          .alterColumn('site_key', (c) => c.setNotNull())
          .execute();
      }
      await db.schema
        .alterTable('base_programmes')
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .alterTable('base_programmes')
        .addColumn('status', 'varchar(16)', (c) =>
          c
            .notNull()
            .defaultTo('published')
            .check(sql`status in ('draft', 'pending', 'published', 'offline', 'rejected')`),
        )
        .execute();
      await db.schema
        .alterTable('base_programmes')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      for (const column of ['author_id', 'submitted_by']) {
        await db.schema
          .alterTable('base_programmes')
          .addColumn(column, 'integer', (c) => c.references('users.id').onDelete('set null'))
          .execute();
      }
      await db.schema
        .alterTable('base_programmes')
        .addColumn('review_note', 'varchar(200)')
        .execute();
      await db.schema.alterTable('base_programmes').addColumn('published_at', 'bigint').execute();
      await sql`update base_programmes set published_at = created_at`.execute(db);
      // The console's list: the site's programmes, newest change first.
      await createIndex(db, 'base_programmes_console_idx', 'base_programmes', [
        'site_key',
        'updated_at desc',
        'id desc',
      ]);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('base_programmes_console_idx').execute();
      for (const column of [
        'published_at',
        'review_note',
        'submitted_by',
        'author_id',
        'version',
        'status',
        'published',
        'site_key',
      ]) {
        await db.schema.alterTable('base_programmes').dropColumn(column).execute();
      }
    },
  };
}
