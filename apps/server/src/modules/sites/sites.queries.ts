import type { Kysely } from 'kysely';
import type { Database, NewSiteRow } from '../../db/schema.ts';

/** Every site, in display order. */
export function listSiteRows(db: Kysely<Database>) {
  return db
    .selectFrom('sites')
    .select(['key', 'name', 'sort', 'theme_color'])
    .orderBy('sort')
    .orderBy('key')
    .execute();
}

export function insertSites(db: Kysely<Database>, rows: NewSiteRow[]) {
  return db.insertInto('sites').values(rows).execute();
}
