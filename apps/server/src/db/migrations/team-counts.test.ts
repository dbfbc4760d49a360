import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testEngines } from '../../testing/test-app.ts';
import type { Database } from '../schema.ts';
import { withMigrationDatabase } from './migration-test-database.ts';

const BEFORE = '20261129_1010_drop_session_user_index';
const MIGRATION = '20261129_1020_count_live_teams';

/** The kept counts and the counted ones, by site. */
async function counts(db: Kysely<Database>) {
  const kept = await db.selectFrom('team_counts').select(['site_key', 'live']).execute();
  const counted = await db
    .selectFrom('teams')
    .select(['site_key', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('dissolved_at', 'is', null)
    .groupBy('site_key')
    .execute();
  const map = (rows: Array<{ site_key: string; n: number | string }>) =>
    Object.fromEntries(
      rows.filter((row) => Number(row.n) > 0).map((r) => [r.site_key, Number(r.n)]),
    );
  return {
    kept: map(kept.map((row) => ({ site_key: row.site_key, n: row.live }))),
    counted: map(counted),
  };
}

describe('the team_counts migration', () => {
  for (const engine of testEngines()) {
    it(`counts each site's live teams, and its triggers keep the count [${engine}]`, async () => {
      await withMigrationDatabase(engine, async (raw, migrateTo) => {
        const db = raw as unknown as Kysely<Database>;
        await migrateTo(BEFORE);
        for (const [key, sort] of [
          ['jingan', 1],
          ['xuhui', 2],
        ] as const) {
          await db
            .insertInto('sites')
            .values({ key, name: key, sort, theme_color: '#1664ff', created_at: 1 })
            .execute();
        }
        const leader = Number(
          (
            await db
              .insertInto('users')
              .values({
                username: '13700008888',
                nickname: '队长',
                password_hash: 'x',
                created_at: 1,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
        let made = 0;
        const team = async (site: string, dissolved: number | null = null) => {
          made += 1;
          const row = await db
            .insertInto('teams')
            .values({
              site_key: site,
              name: `团队${made}`,
              avatar: null,
              intro: '',
              join_mode: 'open',
              invite_code: `T${made}`,
              leader_id: leader,
              capacity: 10,
              seats_taken: 0,
              last_active_at: 1,
              created_at: 1,
              updated_at: 1,
              dissolved_at: dissolved,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          return Number(row.id);
        };
        await team('jingan');
        await team('jingan');
        await team('jingan', 5);
        await team('xuhui');

        await migrateTo(MIGRATION);
        expect(await counts(db)).toEqual({
          kept: { jingan: 2, xuhui: 1 },
          counted: { jingan: 2, xuhui: 1 },
        });

        const added = await team('xuhui');
        await team('xuhui', 9);
        const moved = await team('jingan');
        await db.updateTable('teams').set({ dissolved_at: 10 }).where('id', '=', added).execute();
        await db.updateTable('teams').set({ site_key: 'xuhui' }).where('id', '=', moved).execute();
        await db.updateTable('teams').set({ name: '改名' }).where('id', '=', moved).execute();
        await db.deleteFrom('teams').where('id', '=', added).execute();
        const { kept, counted } = await counts(db);
        expect(kept).toEqual(counted);
        expect(kept).toEqual({ jingan: 2, xuhui: 2 });
      });
    });
  }
});
