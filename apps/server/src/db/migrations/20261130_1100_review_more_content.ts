import { type Kysely, type Migration, sql } from 'kysely';
import { addReviewColumns, dropReviewColumns } from './columns.ts';

/** The content tables reviewed before publication after articles and courses. */
const TABLES = ['classes', 'activities', 'live_sessions', 'ebooks', 'topics'] as const;

/**
 * Review before publication on classes, activities (special activities among them), live
 * sessions, e-books and topics, as on articles and courses (`addReviewColumns`), with the time
 * each was first published: what was published stays so; an unpublished row is taken down (已下线).
 * Frozen: never edit, add a new migration.
 */
export function reviewMoreContent(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of TABLES) {
        await addReviewColumns(db, table);
        // When it was first published (null until then): what was published, at its creation.
        await db.schema.alterTable(table).addColumn('published_at', 'bigint').execute();
        await sql`update ${sql.table(table)} set published_at = created_at where status = 'published'`.execute(
          db,
        );
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of [...TABLES].reverse()) {
        await db.schema.alterTable(table).dropColumn('published_at').execute();
        await dropReviewColumns(db, table);
      }
    },
  };
}
