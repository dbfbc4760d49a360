import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../database.ts';
import { belongsTo, createIndex, idColumn, required, siteKeyColumn } from './columns.ts';

/**
 * Learning teams (学习团队) and their members. The database holds the team invariants itself:
 *
 * - a team always has a leader (`leader_id` NOT NULL), who is also one of its active members;
 * - the member limit is a seat count (`seats_taken` within `[0, capacity]` by a CHECK), taken and
 *   given back by the shared seat keeping (`modules/seats`) in the membership's transaction;
 * - a learner has at most one membership row per team (a UNIQUE key; leaving cancels it);
 * - a name is unique among the site's teams that are not dissolved (a partial unique index);
 * - an invitation code is unique everywhere.
 *
 * Frozen: never edit, add a new migration.
 */
export function createTeams(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(engine, db.schema.createTable('teams'))
        .$call(siteKeyColumn)
        .$call(required({ name: 'varchar(40)' }))
        .addColumn('avatar', 'varchar(300)')
        .addColumn('intro', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
        .$call(required({ join_mode: 'varchar(16)', invite_code: 'varchar(16)' }))
        .addColumn('leader_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('capacity', 'integer', (c) => c.notNull())
        .addColumn('seats_taken', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(required({ last_active_at: 'bigint', created_at: 'bigint', updated_at: 'bigint' }))
        .addColumn('dissolved_at', 'bigint')
        .addCheckConstraint('teams_join_mode_check', sql`join_mode in ('open', 'approval', 'code')`)
        .addCheckConstraint('teams_capacity_check', sql`capacity >= 2 AND capacity <= 500`)
        .addCheckConstraint('teams_seats_check', sql`seats_taken >= 0 AND seats_taken <= capacity`)
        .addUniqueConstraint('teams_invite_code_key', ['invite_code'])
        .execute();
      await db.schema
        .createIndex('teams_site_name_live_key')
        .on('teams')
        .columns(['site_key', 'name'])
        .unique()
        .where(sql.ref('dissolved_at'), 'is', null)
        .execute();
      await createIndex(db, 'teams_site_active_idx', 'teams', ['site_key', 'last_active_at']);
      await createIndex(db, 'teams_site_created_idx', 'teams', ['site_key', 'created_at']);
      await createIndex(db, 'teams_leader_idx', 'teams', ['leader_id']);

      await idColumn(engine, db.schema.createTable('team_members'))
        .$call(belongsTo('team_id', 'teams.id'))
        .$call(belongsTo('user_id', 'users.id'))
        .$call(
          required({
            status: 'varchar(16)',
            joined_at: 'bigint',
            created_at: 'bigint',
            updated_at: 'bigint',
          }),
        )
        .addUniqueConstraint('team_members_team_user_key', ['team_id', 'user_id'])
        .addCheckConstraint('team_members_status_check', sql`status in ('active', 'cancelled')`)
        .execute();
      await createIndex(db, 'team_members_user_idx', 'team_members', ['user_id', 'status']);
      await createIndex(db, 'team_members_team_idx', 'team_members', [
        'team_id',
        'status',
        'joined_at',
      ]);
    },
  };
}
