import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { LocalFileStore } from '../platform/file-store.ts';
import { addTeamMember, createTeam } from '../testing/team-factory.ts';
import { SeedFiles } from './files.ts';
import { Random } from './random.ts';
import { seedTeamWorks, writeTeamWorkFiles } from './team-works.ts';

describe('the team works seed', () => {
  let database: Db;
  let dataDir: string;
  /** The store as a start-up finds it (a fresh listing each time). */
  const seedFiles = () => new SeedFiles(new LocalFileStore(dataDir));
  const now = Date.UTC(2026, 10, 27, 2);

  beforeAll(async () => {
    database = await createDatabase({ sqliteFile: ':memory:' });
    await migrateToLatest(database);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-team-works-seed-'));
  }, 60_000);

  afterAll(async () => {
    await database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const count = async (table: 'team_works' | 'team_work_images') =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('writes nothing when there are no teams', async () => {
    await seedTeamWorks({
      db: database.db,
      random: new Random(1),
      scale: 1,
      now,
      engine: 'sqlite',
    });
    expect(await count('team_works')).toBe(0);
    expect(await writeTeamWorkFiles(database.db, await seedFiles())).toBe(0);
  });

  it('gives every team works by its members, with counts that match their likes and comments', async () => {
    const { db } = database;
    await db
      .insertInto('sites')
      .values({ key: 'jingan', name: '静安学习网', sort: 1, created_at: now })
      .execute();
    const users = await db
      .insertInto('users')
      .values(
        ['13800000001', '13900000001', '13900000002', '13900000003'].map((username, i) => ({
          username,
          nickname: `学员${i}`,
          password_hash: 'x',
          avatar: null,
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    const [demo, a, b, c] = users.map((user) => user.id) as [number, number, number, number];
    const first = await createTeam(db, a);
    await addTeamMember(db, first, demo);
    await addTeamMember(db, first, b);
    const second = await createTeam(db, c);
    await addTeamMember(db, second, b);

    await seedTeamWorks({ db, random: new Random(7), scale: 1, now, engine: database.engine });
    const works = await db.selectFrom('team_works').selectAll().orderBy('id').execute();
    expect(new Set(works.map((work) => work.team_id))).toEqual(new Set([first, second]));
    // A demo learner who is a member writes the team's first work.
    expect(works.find((work) => work.team_id === first)?.author_id).toBe(demo);
    for (const work of works) {
      const likes = await db
        .selectFrom('team_work_likes')
        .select('user_id')
        .where('work_id', '=', work.id)
        .execute();
      const comments = await db
        .selectFrom('team_work_comments')
        .select('id')
        .where('work_id', '=', work.id)
        .execute();
      const images = await db
        .selectFrom('team_work_images')
        .select('id')
        .where('work_id', '=', work.id)
        .execute();
      expect(Number(work.like_count)).toBe(likes.length);
      expect(Number(work.comment_count)).toBe(comments.length);
      expect(Number(work.image_count)).toBe(images.length);
      expect(Number(work.created_at)).toBeLessThanOrEqual(now);
    }
    expect(await count('team_work_images')).toBeGreaterThan(0);

    const written = await writeTeamWorkFiles(db, await seedFiles());
    expect(written).toBeGreaterThan(0);
    const image = await db.selectFrom('team_work_images').selectAll().executeTakeFirstOrThrow();
    const meta = await sharp(path.join(dataDir, 'files', 'team-works', image.image_key)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: image.width, height: image.height });
    expect(await writeTeamWorkFiles(db, await seedFiles())).toBe(0);
  });
});
