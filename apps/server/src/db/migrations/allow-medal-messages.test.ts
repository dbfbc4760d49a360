import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testEngines } from '../../testing/test-app.ts';
import { withMigrationDatabase } from './migration-test-database.ts';

const BEFORE = '20261126_1020_create_medals';
const MIGRATION = '20261126_1021_allow_medal_messages';

describe('the allow_medal_messages migration', () => {
  for (const engine of testEngines()) {
    it(`keeps every message and read mark, and then takes medal messages only [${engine}]`, async () => {
      await withMigrationDatabase(engine, async (db, migrateTo) => {
        await migrateTo(BEFORE);
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

        await migrateTo(MIGRATION);

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
      });
    });
  }
});
