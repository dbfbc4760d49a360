import { describe, expect, it } from 'vitest';
import { testEngines } from '../../testing/test-app.ts';
import { withMigrationDatabase } from './migration-test-database.ts';

const BEFORE = '20261126_1000_add_account_settings';
const MIGRATION = '20261126_1030_create_learning_time';

describe('the learning_time migration', () => {
  for (const engine of testEngines()) {
    it(`files the learning time already credited as course time [${engine}]`, async () => {
      await withMigrationDatabase(engine, async (db, migrateTo) => {
        await migrateTo(BEFORE);
        const user = await db
          .insertInto('users')
          .values({ username: '13700009999', nickname: '学员', password_hash: 'x', created_at: 1 })
          .returning('id')
          .executeTakeFirstOrThrow();
        const userId = Number(user.id);
        await db
          .insertInto('learning_days')
          .values([
            { user_id: userId, day: '2026-11-24', seconds: 125.5, updated_at: 10 },
            { user_id: userId, day: '2026-11-25', seconds: 60, updated_at: 20 },
          ])
          .execute();

        await migrateTo(MIGRATION);

        const rows = await db
          .selectFrom('learning_time')
          .select(['user_id', 'day', 'kind', 'seconds', 'updated_at'])
          .orderBy('day')
          .execute();
        expect(
          rows.map((row) => [Number(row.user_id), row.day, row.kind, Number(row.seconds)]),
        ).toEqual([
          [userId, '2026-11-24', 'course', 125.5],
          [userId, '2026-11-25', 'course', 60],
        ]);
        // A kind the server does not credit is refused by the database.
        await expect(
          db
            .insertInto('learning_time')
            .values({ user_id: userId, day: '2026-11-26', kind: 'game' as never, updated_at: 1 })
            .execute(),
        ).rejects.toThrow();
      });
    });
  }
});
