import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, NewTeamRow } from '../db/schema.ts';

let counter = 0;

/**
 * Inserts a live open team of `jingan` led by `leaderId` (also its first active member), with
 * 20 places; answers its id. Tests of the areas built on teams start from here.
 */
export async function createTeam(
  db: Kysely<Database>,
  leaderId: number,
  overrides: Partial<NewTeamRow> = {},
): Promise<number> {
  counter += 1;
  const now = Date.now();
  const row = await db
    .insertInto('teams')
    .values({
      site_key: 'jingan',
      name: `测试团队${counter}-${randomBytes(3).toString('hex')}`,
      avatar: null,
      intro: '一起学习的团队',
      join_mode: 'open',
      invite_code: randomBytes(4).toString('hex').toUpperCase(),
      leader_id: leaderId,
      capacity: 20,
      seats_taken: 0,
      last_active_at: now,
      created_at: now,
      updated_at: now,
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addTeamMember(db, row.id, leaderId);
  return row.id;
}

/** Makes `userId` an active member of `teamId`, taking one of its places. */
export async function addTeamMember(db: Kysely<Database>, teamId: number, userId: number) {
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('teams')
      .set((eb) => ({ seats_taken: eb('seats_taken', '+', 1) }))
      .where('id', '=', teamId)
      .execute();
    await trx
      .insertInto('team_members')
      .values({
        team_id: teamId,
        user_id: userId,
        status: 'active',
        joined_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
}
