import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../database.ts';
import { belongsTo, createIndex, idColumn, required } from './columns.ts';

/**
 * Requests to join a team that takes members by approval (`team_requests`), and when a team's
 * invitation code expires. A learner has at most one pending request per team: a partial unique
 * index holds it, so two requests sent at once leave one. Frozen: never edit, add a new migration.
 */
export function createTeamRequests(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('teams').addColumn('invite_expires_at', 'bigint').execute();
      await idColumn(engine, db.schema.createTable('team_requests'))
        .$call(belongsTo('team_id', 'teams.id'))
        .$call(belongsTo('user_id', 'users.id'))
        .$call(required({ status: 'varchar(16)', created_at: 'bigint' }))
        .addColumn('message', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('decided_at', 'bigint')
        .addCheckConstraint(
          'team_requests_status_check',
          sql`status in ('pending', 'approved', 'refused', 'withdrawn')`,
        )
        .execute();
      await db.schema
        .createIndex('team_requests_pending_key')
        .on('team_requests')
        .columns(['team_id', 'user_id'])
        .unique()
        .where(sql.ref('status'), '=', 'pending')
        .execute();
      await createIndex(db, 'team_requests_team_idx', 'team_requests', [
        'team_id',
        'status',
        'created_at',
      ]);
      await createIndex(db, 'team_requests_user_idx', 'team_requests', ['user_id', 'status']);
    },
  };
}
