import type { Kysely, Migration } from 'kysely';

/** Each site's brand colour, used by the web app's theme (`#rrggbb`). */
export function addSiteThemeColor(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('sites')
        .addColumn('theme_color', 'varchar(16)', (c) => c.notNull().defaultTo('#1664ff'))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('sites').dropColumn('theme_color').execute();
    },
  };
}
