import type { Kysely, Migration } from 'kysely';
import { createIndex } from './columns.ts';

/**
 * `teams_site_updated_idx (site_key, updated_at)`: the rankings keep a period's top teams with
 * their names for a few seconds, and ask at every call whether any team of the site changed
 * since (`max(updated_at)`), which this index answers from its last entry.
 * Frozen: never edit, add a new migration.
 */
export function indexTeamChanges(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await createIndex(db, 'teams_site_updated_idx', 'teams', ['site_key', 'updated_at']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('teams_site_updated_idx').execute();
    },
  };
}
