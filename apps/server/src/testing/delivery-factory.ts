import { addDays, type DeliveryKind, shanghaiDay } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A deliverable resource of `siteKey` (a published lecturer for 10 to 100, 7 days' notice). */
export async function createDeliveryResource(
  db: Kysely<Database>,
  overrides: Partial<{
    siteKey: string;
    kind: DeliveryKind;
    title: string;
    audienceMin: number;
    audienceMax: number;
    leadDays: number;
    published: number;
    intro: string;
  }> = {},
): Promise<number> {
  const now = Date.now();
  const row = await db
    .insertInto('delivery_resources')
    .values({
      site_key: overrides.siteKey ?? 'jingan',
      kind: overrides.kind ?? 'lecturer',
      title: overrides.title ?? `测试讲师${Math.random().toString(36).slice(2, 6)}`,
      intro: overrides.intro ?? '<p>讲授社区健康知识。</p>',
      cover: '/files/covers/delivery-lecturer-1.svg',
      tags: JSON.stringify(['健康', '讲座']),
      audience_min: overrides.audienceMin ?? 10,
      audience_max: overrides.audienceMax ?? 100,
      room: '可容纳 100 人的活动室',
      equipment: '投影仪、话筒',
      lead_days: overrides.leadDays ?? 7,
      lecturer_name: '张医生',
      lecturer_title: '主任医师',
      lecturer_topics: JSON.stringify(['慢病管理']),
      published: overrides.published ?? 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Makes the user delivery staff of `siteKey`. */
export async function makeDeliveryStaff(db: Kysely<Database>, userId: number, siteKey = 'jingan') {
  await db.insertInto('delivery_staff').values({ site_key: siteKey, user_id: userId }).execute();
}

/** The Asia/Shanghai date `days` days from today. */
export const dayFromToday = (days: number) => addDays(shanghaiDay(Date.now()), days);

/** A valid request body for `resourceId` (14 days ahead, 30 people). */
export const requestBody = (resourceId: number, overrides: Record<string, unknown> = {}) => ({
  resourceId,
  date: dayFromToday(14),
  address: '静安区共和新路 100 号社区活动中心',
  audience: 30,
  organisation: '彭浦新村街道社区学校',
  contactName: '陈老师',
  contactPhone: '13912345678',
  note: '希望讲讲高血压的饮食。',
  ...overrides,
});
