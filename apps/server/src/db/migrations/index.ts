import type { Migration } from 'kysely';
import type { Engine } from '../database.ts';
import { createCore } from './20261122_0900_create_core.ts';
import { addSiteThemeColor } from './20261122_1600_add_site_theme_color.ts';

/** All migrations in order; names sort by time, and both engines run the same list. */
export function migrationsFor(engine: Engine): Record<string, Migration> {
  return {
    '20261122_0900_create_core': createCore(engine),
    '20261122_1600_add_site_theme_color': addSiteThemeColor(),
  };
}
