import type { CreateTableBuilder } from 'kysely';
import type { Engine } from '../database.ts';

/** Adds an auto-increment integer primary key `id`, spelled the way each engine wants it. */
export function idColumn<T extends string>(engine: Engine, table: CreateTableBuilder<T, never>) {
  return engine === 'postgres'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
