import { randomBytes } from 'node:crypto';
import { Migrator } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testEngines } from '../../testing/test-app.ts';
import { createDatabase } from '../database.ts';
import { migrationsFor } from './index.ts';

const BEFORE = '20261126_1000_add_account_settings';
const MIGRATION = '20261126_1030_create_learning_time';

describe('the learning_time migration', () => {
  for (const engine of testEngines()) {
    it(`files the learning time already credited as course time [${engine}]`, async () => {
      const url = process.env.TEST_DATABASE_URL;
      const schema = `t_${randomBytes(6).toString('hex')}`;
      const database =
        engine === 'postgres'
          ? await createDatabase({ databaseUrl: url, pgSchema: schema, pgPoolSize: 2 })
          : await createDatabase({ sqliteFile: ':memory:' });
      const { db } = database;
      try {
        const migrator = new Migrator({
          db,
          provider: { getMigrations: async () => migrationsFor(engine) },
          ...(engine === 'postgres' ? { migrationTableSchema: schema } : {}),
        });
        expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
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

        expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();

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
      } finally {
        await database.destroy();
        if (engine === 'postgres') {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
          await client.end();
        }
      }
    });
  }
});
