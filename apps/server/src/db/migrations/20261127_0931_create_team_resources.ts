import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../database.ts';
import { belongsTo, createIndex, idColumn, required } from './columns.ts';

/**
 * Resources a team's leader links to the team (课程, 班级, 活动, 电子书): one row per team, kind
 * and resource (a UNIQUE key), and a per-team count of them kept within its limit by a CHECK
 * and a conditional upsert in the link's transaction (so concurrent links never pass it).
 * Frozen: never edit, add a new migration.
 */
export function createTeamResources(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(engine, db.schema.createTable('team_resources'))
        .$call(belongsTo('team_id', 'teams.id'))
        .$call(required({ kind: 'varchar(16)', resource_id: 'integer' }))
        .addColumn('linked_by', 'integer', (c) => c.notNull().references('users.id'))
        .$call(required({ created_at: 'bigint' }))
        .addUniqueConstraint('team_resources_team_kind_resource_key', [
          'team_id',
          'kind',
          'resource_id',
        ])
        .addCheckConstraint(
          'team_resources_kind_check',
          sql`kind in ('course', 'class', 'activity', 'ebook')`,
        )
        .execute();
      await createIndex(db, 'team_resources_team_idx', 'team_resources', ['team_id', 'created_at']);

      await db.schema
        .createTable('team_resource_counts')
        .addColumn('team_id', 'integer', (c) =>
          c.primaryKey().references('teams.id').onDelete('cascade'),
        )
        .$call(required({ linked: 'integer' }))
        .addCheckConstraint('team_resource_counts_check', sql`linked >= 0 and linked <= 50`)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('team_resource_counts').execute();
      await db.schema.dropTable('team_resources').execute();
    },
  };
}
