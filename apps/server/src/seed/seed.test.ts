import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { LocalFileStore } from '../platform/file-store.ts';
import { DEMO_ORGANISER_STAFF } from './activities.ts';
import { DEMO_DELIVERY_STAFF } from './delivery.ts';
import { DEMO_AUDIO_URL } from './lesson-media.ts';
import { DEMO_OPERATORS } from './operators.ts';
import { Random } from './random.ts';
import { DEMO_LEARNERS, isEmpty, seedDemo, writeDemoFiles } from './seed.ts';

it('the random generator is deterministic for a seed', () => {
  const a = new Random(7);
  const b = new Random(7);
  const draws = Array.from({ length: 5 }, () => a.int(1, 1000));
  expect(Array.from({ length: 5 }, () => b.int(1, 1000))).toEqual(draws);
  expect(new Random(8).int(1, 1000)).not.toBe(draws[0]);
});

it('seeds the same learners every time, scaled by the factor', async () => {
  const nicknames = async (scale: number) => {
    const database = await createDatabase({ sqliteFile: ':memory:' });
    await migrateToLatest(database);
    expect(await isEmpty(database)).toBe(true);
    await seedDemo(database, { scale });
    expect(await isEmpty(database)).toBe(false);
    const rows = await database.db
      .selectFrom('users')
      .select(['username', 'nickname'])
      .orderBy('id')
      .execute();
    await database.destroy();
    return rows;
  };
  const first = await nicknames(1);
  expect(first.slice(0, 2)).toEqual([
    { username: '13800000001', nickname: '王秀兰' },
    { username: '13800000002', nickname: '李建国' },
  ]);
  expect(await nicknames(1)).toEqual(first);
  const larger = await nicknames(3);
  // The demo learners, the organisers' check-in account, the delivery staff and the console's
  // operators are not scaled.
  const fixed = DEMO_LEARNERS.length + 2 + DEMO_OPERATORS.length;
  expect(larger.length - fixed).toBe(3 * (first.length - fixed));
  expect(first).toContainEqual(DEMO_ORGANISER_STAFF);
  expect(first).toContainEqual(DEMO_DELIVERY_STAFF);
  expect(first.slice(-DEMO_OPERATORS.length)).toEqual(
    DEMO_OPERATORS.map(({ username, nickname }) => ({ username, nickname })),
  );
  // Four whole seeds (one at three times the size): about 14 s alone, more beside other suites.
}, 90_000);

it('writes the files of the seeded content once: covers, banners, e-books and the demo document', async () => {
  const database = await createDatabase({ sqliteFile: ':memory:' });
  await migrateToLatest(database);
  await seedDemo(database);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-seed-files-'));
  const dir = path.join(dataDir, 'files');
  try {
    const written = await writeDemoFiles(database.db, new LocalFileStore(dataDir));
    // Under files/, and the demo audio lesson's MP3 under media/ (seed/lesson-media.ts).
    const files = ['files', 'media'].flatMap((folder) =>
      fs.readdirSync(path.join(dataDir, folder), { recursive: true, withFileTypes: true }),
    );
    expect(written).toBe(files.filter((entry) => entry.isFile()).length);
    expect(fs.existsSync(path.join(dataDir, DEMO_AUDIO_URL.slice(1)))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'covers', 'jingan-category-1-1.svg'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'covers', 'activity-1-1.svg'))).toBe(true);
    // A second start-up finds every file in place.
    expect(await writeDemoFiles(database.db, new LocalFileStore(dataDir))).toBe(0);
  } finally {
    await database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
