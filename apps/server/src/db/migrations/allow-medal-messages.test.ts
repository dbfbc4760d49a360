import { randomBytes } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testEngines } from '../../testing/test-app.ts';
import { createDatabase } from '../database.ts';
import { migrationsFor } from './index.ts';

const BEFORE = '20261126_1020_create_medals';
const MIGRATION = '20261126_1021_allow_medal_messages';

describe('the allow_medal_messages migration', () => {
  for (const engine of testEngines()) {
    it(`keeps every message and read mark, and then takes medal messages only [${engine}]`, async () => {
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
        await db
          .insertInto('sites')
          .values({ key: 'jingan', name: '静安学习网', sort: 1, created_at: 0 })
          .execute();
        const { id: userId } = await db
          .insertInto('users')
          .values({
            username: 'u1',
            password_hash: 'x',
            nickname: '王秀兰',
            avatar: null,
            created_at: 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const message = (kind: 'notice' | 'medal', key: string) => ({
          site_key: 'jingan',
          user_id: kind === 'notice' ? null : userId,
          kind,
          title: key,
          body: key,
          dedupe_key: key,
          link_type: null,
          link_id: null,
          created_at: 1,
          read_at: null,
        });
        const { id: noticeId } = await db
          .insertInto('messages')
          .values(message('notice', 'n1'))
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('message_reads')
          .values({ user_id: userId, message_id: noticeId, read_at: 2 })
          .execute();
        await expect(
          db.insertInto('messages').values(message('medal', 'm0')).execute(),
        ).rejects.toThrow();

        expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();

        const reads = await db.selectFrom('message_reads').selectAll().execute();
        expect(reads.map((read) => Number(read.message_id))).toEqual([noticeId]);
        await db.insertInto('messages').values(message('medal', 'm1')).execute();
        await expect(
          db
            .insertInto('messages')
            .values({ ...message('medal', 'm2'), kind: 'other' as 'medal' })
            .execute(),
        ).rejects.toThrow();
        // The rebuilt table still cascades: deleting the notice deletes its read mark.
        await db.deleteFrom('messages').where('id', '=', noticeId).execute();
        expect(await db.selectFrom('message_reads').selectAll().execute()).toEqual([]);
        if (engine === 'sqlite') {
          const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
          expect(Number(rows[0]?.foreign_keys)).toBe(1);
        }
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
