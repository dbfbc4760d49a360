import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../database.ts';
import { belongsTo, createIndex, siteKeyColumn } from './columns.ts';

/**
 * The learners of each site (学员管理): who came to a site (signed in on it), when first and
 * last, and whether an operator stopped the account there (停用: no sign-in on the site until
 * started again), with the reason and who did it. Filled from the sessions and points balances
 * there are, each learner's first and latest time on the site. Frozen: never edit, add a new
 * migration.
 */
export function createSiteLearners(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('site_learners')
        .$call(siteKeyColumn)
        .$call(belongsTo('user_id', 'users.id'))
        .addColumn('joined_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('disabled_at', 'bigint')
        .addColumn('disabled_reason', 'varchar(200)')
        .addColumn('disabled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addPrimaryKeyConstraint('site_learners_pk', ['site_key', 'user_id'])
        .addCheckConstraint(
          'site_learners_disabled_check',
          sql`(disabled_at is null) = (disabled_reason is null)`,
        )
        .execute();
      // The list: a site's learners, the latest to join first; a learner's sites.
      await createIndex(db, 'site_learners_joined_idx', 'site_learners', ['site_key', 'joined_at']);
      await createIndex(db, 'site_learners_user_idx', 'site_learners', ['user_id']);
      const greatest = engine === 'postgres' ? 'greatest' : 'max';
      await sql`
        insert into site_learners (site_key, user_id, joined_at, last_seen_at)
        select site_key, user_id, min(first_at), ${sql.raw(greatest)}(max(last_at), min(first_at))
        from (
          select site_key, user_id, min(coalesce(signed_in_at, created_at)) as first_at,
            max(last_seen_at) as last_at
          from sessions group by site_key, user_id
          union all
          select b.site_key, b.user_id, u.created_at as first_at, b.updated_at as last_at
          from points_balances b join users u on u.id = b.user_id
        ) seen
        join users u on u.id = seen.user_id
        where u.deleted_at is null
        group by site_key, user_id
      `.execute(db);
    },
  };
}
