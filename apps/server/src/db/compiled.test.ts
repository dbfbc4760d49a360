import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../testing/test-app.ts';
import {
  AUTO_PREPARE_AFTER,
  compiledCount,
  compiledOnce,
  perShape,
  preparedNames,
  statementName,
} from './compiled.ts';

describeEachEngine('compiledOnce', (ctx) => {
  const db = () => ctx().app.database.db;
  const demo = () =>
    db().selectFrom('users').select(['id', 'username']).orderBy('id').limit(3).execute();

  /** Users by one name or either of two ids, the same argument in two places. */
  const users = compiledOnce((db, name: string, id: number | null) =>
    db
      .selectFrom('users')
      .select(['id', 'username'])
      .where((eb) => eb.or([eb('username', '=', name), eb('id', '=', id), eb('id', '=', id)]))
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .limit(5),
  );

  it('answers what the built query answers, for each call’s arguments', async () => {
    const [first, second] = await demo();
    expect(first && second).toBeTruthy();
    if (!first || !second) return;
    expect(await users(db(), first.username, null)).toEqual([first]);
    expect(await users(db(), 'nobody', second.id)).toEqual([second]);
    expect(await users(db(), first.username, second.id)).toEqual([first, second]);
    expect(await users(db(), 'nobody', -1)).toEqual([]);
  });

  it('runs in a transaction, seeing its writes', async () => {
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({ username: '13900000999', nickname: '临时', password_hash: 'x', created_at: 1 })
          .execute();
        expect(await users(trx, '13900000999', null)).toHaveLength(1);
        await trx.deleteFrom('users').where('username', '=', '13900000999').execute();
      });
    expect(await users(db(), '13900000999', null)).toEqual([]);
  });

  it('runs as a named prepared statement on PostgreSQL, other queries unnamed', async () => {
    if (ctx().app.database.engine !== 'postgres') return;
    const [first] = await demo();
    // A transaction holds one connection: what it prepared is listed in it.
    const prepared = await db()
      .transaction()
      .execute(async (trx) => {
        await users(trx, first?.username ?? '', null);
        await users(trx, 'nobody', null);
        await trx.selectFrom('users').select('id').where('id', '=', -1).execute();
        return (
          await sql<{ name: string; statement: string }>`
            SELECT name, statement FROM pg_prepared_statements`.execute(trx)
        ).rows;
      });
    const text = users.compile(db(), '', null).sql;
    const name = preparedNames.get(text);
    expect(name).toMatch(/^portal_[0-9a-f]{24}$/);
    expect(prepared.filter((row) => row.name === name).map((row) => row.statement)).toEqual([text]);
    expect(prepared.some((row) => row.statement.includes('"id" = $1') && row.name !== name)).toBe(
      false,
    );
  });

  it('gives each text one name, however many queries compile to it', () => {
    const probe = (alias: string) =>
      compiledOnce((db, id: number) =>
        db.selectFrom('users').select(`id as ${alias}`).where('id', '=', id),
      );
    const [first, twin, other] = [probe('name_probe'), probe('name_probe'), probe('other_probe')];
    const texts = [first, twin, other].map((query) => query.compile(db(), 1).sql);
    expect(texts[0]).toBe(texts[1]);
    const names = texts.map((text) => preparedNames.get(text));
    expect(names[0]).toBeDefined();
    expect(names[1]).toBe(names[0]);
    expect(names[2]).not.toBe(names[0]);
    // No name stands for two texts.
    expect(new Set(preparedNames.values()).size).toBe(preparedNames.size);
  });

  it('names any read or write on PostgreSQL once its text has run a few times', async () => {
    if (ctx().app.database.engine !== 'postgres') return;
    // A text of this test's own (the alias), run in one transaction: one connection.
    const listed = await db()
      .transaction()
      .execute(async (trx) => {
        const run = () =>
          trx.selectFrom('users').select('id as auto_prepared_probe').where('id', '<', 0).execute();
        const namedAfter: string[] = [];
        for (let i = 0; i < AUTO_PREPARE_AFTER; i += 1) {
          await run();
          const rows = (
            await sql<{ name: string; statement: string }>`
              SELECT name, statement FROM pg_prepared_statements`.execute(trx)
          ).rows.filter((row) => row.statement.includes('auto_prepared_probe'));
          namedAfter.push(rows.map((row) => row.name).join(','));
        }
        return namedAfter;
      });
    // Unnamed for its first runs, then prepared under a name of its own.
    expect(listed.slice(0, AUTO_PREPARE_AFTER - 1)).toEqual(Array(AUTO_PREPARE_AFTER - 1).fill(''));
    expect(listed.at(-1)).toMatch(/^portal_[0-9a-f]{24}$/);
    expect(statementName('begin')).toBeUndefined();
    for (let i = 0; i < AUTO_PREPARE_AFTER * 2; i += 1) {
      expect(statementName('commit')).toBeUndefined();
    }
  });

  it('refuses a builder that changes its arguments or picks a shape by them', async () => {
    const shifted = compiledOnce((db, id: number) =>
      db.selectFrom('users').select('id').where('username', '=', `${id}0`),
    );
    await expect(shifted(db(), 1)).rejects.toThrow(/arguments unchanged/);
    const shaped = compiledOnce((db, name: string) =>
      name.includes('1')
        ? db.selectFrom('users').select('id').where('username', '=', name)
        : db.selectFrom('users').select('id').where('nickname', '=', name),
    );
    await expect(shaped(db(), 'x')).rejects.toThrow(/arguments unchanged/);
  });
});

describeEachEngine('compiledCount and perShape', (ctx) => {
  const db = () => ctx().app.database.db;

  it('counts what the built query matches, one compiled query per shape', async () => {
    let made = 0;
    const countBy = perShape((status: 'active' | 'cancelled') => {
      made += 1;
      return compiledCount((db, userId: number) =>
        db.selectFrom('class_signups').where('user_id', '=', userId).where('status', '=', status),
      );
    });
    const [user] = await db().selectFrom('class_signups').select('user_id').limit(1).execute();
    const userId = Number(user?.user_id ?? 0);
    for (const status of ['active', 'cancelled', 'active'] as const) {
      const expected = await db()
        .selectFrom('class_signups')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .where('status', '=', status)
        .executeTakeFirstOrThrow();
      expect(await countBy(status)(db(), userId)).toBe(Number(expected.n));
    }
    expect(made).toBe(2);
  });
});
