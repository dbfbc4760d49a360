import { describe, expect, it } from 'vitest';
import { testEngines } from '../../testing/test-app.ts';
import { withMigrationDatabase } from './migration-test-database.ts';

const BEFORE = '20261129_0900_index_places_spatially';
const MIGRATION = '20261129_1000_keep_learning_totals';

describe('the learning_totals migration', () => {
  for (const engine of testEngines()) {
    it(`fills each learner's totals and runs from the days learned [${engine}]`, async () => {
      await withMigrationDatabase(engine, async (db, migrateTo) => {
        await migrateTo(BEFORE);
        const learner = async (username: string) =>
          Number(
            (
              await db
                .insertInto('users')
                .values({ username, nickname: '学员', password_hash: 'x', created_at: 1 })
                .returning('id')
                .executeTakeFirstOrThrow()
            ).id,
          );
        const [one, two, idle] = [
          await learner('13700009991'),
          await learner('13700009992'),
          await learner('13700009993'),
        ];
        const day = (user_id: number, date: string, seconds: number) => ({
          user_id,
          day: date,
          seconds,
          updated_at: 10,
        });
        await db
          .insertInto('learning_days')
          .values([
            // A run of three across a month's end, a gap, then a run of two.
            day(one, '2026-10-30', 60),
            day(one, '2026-10-31', 60),
            day(one, '2026-11-01', 30.5),
            day(one, '2026-11-05', 10),
            day(one, '2026-11-06', 10),
            day(two, '2026-11-20', 120),
          ])
          .execute();

        await migrateTo(MIGRATION);

        const rows = await db
          .selectFrom('learning_totals')
          .select(['user_id', 'seconds', 'days', 'last_day', 'streak', 'longest'])
          .orderBy('user_id')
          .execute();
        expect(
          rows.map((row) => [
            Number(row.user_id),
            Number(row.seconds),
            Number(row.days),
            row.last_day,
            Number(row.streak),
            Number(row.longest),
          ]),
        ).toEqual([
          [one, 170.5, 5, '2026-11-06', 2, 3],
          [two, 120, 1, '2026-11-20', 1, 1],
        ]);
        expect(rows.some((row) => Number(row.user_id) === idle)).toBe(false);
        // A streak longer than the longest run is refused by the database.
        await expect(
          db.updateTable('learning_totals').set({ streak: 9 }).where('user_id', '=', one).execute(),
        ).rejects.toThrow();
      });
    });
  }
});
