import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clashesOf, liveStateAt, shanghaiDay } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { insertSites } from '../modules/sites/sites.queries.ts';
import { LocalFileStore } from '../platform/file-store.ts';
import { SeedFiles } from './files.ts';
import { seedLive, writeLiveCovers } from './live.ts';
import { Random } from './random.ts';
import { DAY } from './time.ts';

/** The committed demo media, `apps/server/media` (what `/media/` serves first). */
const BUNDLED_MEDIA_DIR = path.resolve(import.meta.dirname, '../../media');

describe('the live demo seed', () => {
  let database: Db;
  const now = Date.UTC(2026, 10, 25, 10, 0);

  beforeAll(async () => {
    database = await createDatabase({ sqliteFile: ':memory:' });
    await migrateToLatest(database);
    await insertSites(database.db, [
      { key: 'jingan', name: '静安学习网', sort: 1, theme_color: '#1664ff', created_at: now },
      { key: 'xuhui', name: '徐汇学习网', sort: 2, theme_color: '#0b7a75', created_at: now },
    ]);
    await seedLive({ db: database.db, random: new Random(1), scale: 1, now, engine: 'sqlite' });
  });
  afterAll(() => database.destroy());

  it('gives every site three channels and thirty sessions in every state', async () => {
    const channels = await database.db
      .selectFrom('live_channels')
      .select(['site_key', 'name'])
      .where('site_key', '=', 'jingan')
      .orderBy('sort')
      .execute();
    expect(channels.map((channel) => channel.name)).toEqual([
      '静安区社区学院直播间',
      '街道社区学校频道',
      '合作高校公开课',
    ]);
    const sessions = await database.db
      .selectFrom('live_sessions')
      .selectAll()
      .where('site_key', '=', 'jingan')
      .execute();
    expect(sessions).toHaveLength(30);
    const states = sessions.map((row) =>
      liveStateAt({ startsAt: Number(row.starts_at), endsAt: Number(row.ends_at) }, now),
    );
    expect(states.filter((state) => state === 'live').length).toBeGreaterThanOrEqual(3);
    expect(states.filter((state) => state === 'upcoming').length).toBeGreaterThanOrEqual(10);
    expect(states.filter((state) => state === 'ended').length).toBeGreaterThanOrEqual(5);
    for (const row of sessions) {
      if (Number(row.starts_at) > now) expect(Number(row.starts_at)).toBeLessThan(now + 14 * DAY);
    }
  });

  it('has upcoming sessions that overlap, one pair of them tomorrow', async () => {
    const rows = await database.db
      .selectFrom('live_sessions')
      .select(['id', 'starts_at', 'ends_at'])
      .where('site_key', '=', 'jingan')
      .where('starts_at', '>', now)
      .execute();
    const spans = rows.map((row) => ({
      id: row.id,
      startsAt: Number(row.starts_at),
      endsAt: Number(row.ends_at),
    }));
    const clashing = [...clashesOf(spans).keys()];
    expect(clashing.length).toBeGreaterThanOrEqual(4);
    const tomorrow = shanghaiDay(now + DAY);
    const clashingTomorrow = spans.filter(
      (span) => clashing.includes(span.id) && shanghaiDay(span.startsAt) === tomorrow,
    );
    expect(clashingTomorrow).toHaveLength(2);
  });

  it('has sessions live for a while after the seed time', async () => {
    const live = await database.db
      .selectFrom('live_sessions')
      .select('id')
      .where('site_key', '=', 'jingan')
      .where('starts_at', '<=', now - 20 * 60_000)
      .where('ends_at', '>=', now + 60 * 60_000)
      .execute();
    expect(live.length).toBeGreaterThanOrEqual(3);
  });

  it('points replays and streams at bundled demo media', async () => {
    const rows = await database.db
      .selectFrom('live_sessions')
      .select(['replay_url', 'stream_url'])
      .execute();
    const urls = new Set(rows.flatMap((row) => [row.replay_url, row.stream_url]));
    urls.delete(null);
    expect(rows.some((row) => row.replay_url !== null)).toBe(true);
    for (const url of urls) {
      expect(url).toMatch(/^\/media\//);
      const file = path.join(BUNDLED_MEDIA_DIR, String(url).replace(/^\/media\//, ''));
      expect(fs.existsSync(file)).toBe(true);
    }
  });

  it('writes every cover the channels and sessions name, once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-live-covers-'));
    const dir = path.join(dataDir, 'files');
    const seedFiles = () => new SeedFiles(new LocalFileStore(dataDir));
    try {
      expect(await writeLiveCovers(await seedFiles())).toBeGreaterThan(0);
      const covers = await database.db
        .selectFrom('live_sessions')
        .select('cover')
        .union(database.db.selectFrom('live_channels').select('cover'))
        .execute();
      for (const { cover } of covers) {
        expect(fs.existsSync(path.join(dir, cover.replace(/^\/files\//, '')))).toBe(true);
      }
      expect(await writeLiveCovers(await seedFiles())).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
