import type { Kysely, Migration } from 'kysely';
import { addReviewColumns, dropReviewColumns } from './columns.ts';

/**
 * Review before publication on courses, as on articles (`20261130_0900_create_operators`):
 * their status, version, author, submitter, the reviewer's note and the time of the last change.
 * What was published stays so; an unpublished course is taken down (已下线).
 * Frozen: never edit, add a new migration.
 */
export function reviewCourses(): Migration {
  return {
    up: (db: Kysely<unknown>) => addReviewColumns(db, 'courses'),
    down: (db: Kysely<unknown>) => dropReviewColumns(db, 'courses'),
  };
}
