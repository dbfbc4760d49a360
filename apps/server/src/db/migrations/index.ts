import type { Migration } from 'kysely';
import type { Engine } from '../database.ts';
import { createCore } from './20261122_0900_create_core.ts';

/** All migrations in order; names sort by time, and both engines run the same list. */
export function migrationsFor(engine: Engine): Record<string, Migration> {
  return {
    '20261122_0900_create_core': createCore(engine),
  };
}
