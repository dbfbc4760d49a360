import type { Kysely } from 'kysely';
import type { Database, NewSiteRow } from '../../db/schema.ts';

/** Every site, in display order, with its home's entries as its staff arranged them (JSON). */
export function listSiteRows(db: Kysely<Database>) {
  return db
    .selectFrom('sites as s')
    .leftJoin('site_home as h', 'h.site_key', 's.key')
    .select(['s.key', 's.name', 's.sort', 's.theme_color', 'h.entries as home_entries'])
    .orderBy('s.sort')
    .orderBy('s.key')
    .execute();
}

export function insertSites(db: Kysely<Database>, rows: NewSiteRow[]) {
  return db.insertInto('sites').values(rows).execute();
}
