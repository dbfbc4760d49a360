import type { Kysely, Migration } from 'kysely';
import { addReviewColumns, dropReviewColumns } from './columns.ts';

/** The content tables reviewed before publication after articles and courses. */
const TABLES = ['classes', 'activities', 'live_sessions', 'ebooks', 'topics'] as const;

/**
 * Review before publication on classes, activities (special activities among them), live
 * sessions, e-books and topics, as on articles and courses (`addReviewColumns`): what was
 * published stays so; an unpublished row is taken down (已下线).
 * Frozen: never edit, add a new migration.
 */
export function reviewMoreContent(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of TABLES) await addReviewColumns(db, table);
    },
    async down(db: Kysely<unknown>) {
      for (const table of [...TABLES].reverse()) await dropReviewColumns(db, table);
    },
  };
}
