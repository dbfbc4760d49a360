import type { Kysely, Migration } from 'kysely';

/** The rule tables the console edits. */
const TABLES = ['points_rules', 'medal_rules'] as const;

/**
 * The points and medal rules become the console's to edit (积分与勋章规则): each rule carries a
 * version, raised by every change, so a change made against an older one answers 409 instead of
 * overwriting another operator's; and the time of its last change.
 * Frozen: never edit, add a new migration.
 */
export function versionRules(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of TABLES) {
        await db.schema
          .alterTable(table)
          .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
          .execute();
        await db.schema
          .alterTable(table)
          .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
          .execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of TABLES) {
        await db.schema.alterTable(table).dropColumn('updated_at').execute();
        await db.schema.alterTable(table).dropColumn('version').execute();
      }
    },
  };
}
