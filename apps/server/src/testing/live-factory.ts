import type { Kysely } from 'kysely';
import type { Database, NewLiveSessionRow } from '../db/schema.ts';

/** A published live channel of `siteKey`; answers its id. */
export async function createLiveChannel(
  db: Kysely<Database>,
  overrides: { siteKey: string; name?: string; sort?: number; published?: number },
): Promise<number> {
  const row = await db
    .insertInto('live_channels')
    .values({
      site_key: overrides.siteKey,
      name: overrides.name ?? '测试直播间',
      cover: '/files/covers/live-channel-1.svg',
      introduction: '测试频道简介',
      sort: overrides.sort ?? 0,
      published: overrides.published ?? 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export type LiveSessionOverrides = Partial<NewLiveSessionRow> &
  Pick<NewLiveSessionRow, 'site_key' | 'channel_id' | 'starts_at' | 'ends_at'>;

/** A published live session; answers its id. */
export async function createLiveSession(
  db: Kysely<Database>,
  overrides: LiveSessionOverrides,
): Promise<number> {
  const row = await db
    .insertInto('live_sessions')
    .values({
      title: '测试直播',
      cover: '/files/covers/live-session-1.svg',
      speaker: '张老师',
      speaker_title: '社区学院讲师',
      introduction: '<p>直播简介</p>',
      stream_url: '/media/demo/lesson.m3u8',
      replay_url: null,
      course_id: null,
      published: 1,
      created_at: Date.now(),
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
