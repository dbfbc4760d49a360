import {
  addDays,
  DELIVERY_KIND_LABELS,
  DELIVERY_KINDS,
  DELIVERY_MOVES,
  type DeliveryKind,
  type DeliveryStatus,
  shanghaiDay,
} from '@portal/contract';
import { z } from 'zod';
import type { NewDeliveryRequestRow } from '../db/schema.ts';
import { DeliveryMessageTexts as Texts } from '../modules/delivery/delivery-messages.ts';
import { insertMessage } from '../modules/messages/messages.queries.ts';
import { gradientCoverSvg } from './covers.ts';
import resourcesJson from './delivery-resources.json' with { type: 'json' };
import { districtOf } from './districts.ts';
import type { SeedFiles } from './files.ts';
import { demoAccount, learnersOf, type SeedContext, seededSites } from './support.ts';

/** The delivery staff account: handles every seeded site's requests (password Demo@2026). */
export const DEMO_DELIVERY_STAFF = { username: '13800000008', nickname: '资源配送专员' } as const;

const resourceSpecSchema = z.object({
  kind: z.enum(DELIVERY_KINDS),
  title: z.string(),
  blurb: z.string(),
  tags: z.array(z.string()),
  /** The fewest and most listeners. */
  audience: z.tuple([z.number(), z.number()]),
  room: z.string(),
  equipment: z.string(),
  leadDays: z.number(),
  lecturer: z
    .object({ name: z.string(), title: z.string(), topics: z.array(z.string()) })
    .optional(),
});
type ResourceSpec = z.infer<typeof resourceSpecSchema>;

/** The 20 deliverable resources every site offers, five of each kind (`delivery-resources.json`). */
const RESOURCES: readonly ResourceSpec[] = z.array(resourceSpecSchema).parse(resourcesJson);

const KIND_COLOURS: Record<DeliveryKind, readonly [string, string]> = {
  lecturer: ['#4f8cff', '#1d4ed8'],
  course: ['#34c38f', '#0f766e'],
  kit: ['#f59e0b', '#c2410c'],
  exhibition: ['#8b7cf6', '#5b21b6'],
};

const coverFile = (index: number) => `delivery-${index + 1}.svg`;

/** A resource's cover: its kind's colours, its title, and its kind as the caption. */
function deliveryCoverSvg(spec: ResourceSpec, index: number): string {
  const title = spec.lecturer?.name ?? spec.title.replace(/（.*）$/, '');
  return gradientCoverSvg({
    colours: KIND_COLOURS[spec.kind],
    vertical: index % 2 === 1,
    pattern:
      '<circle cx="560" cy="70" r="140" fill="#fff" fill-opacity=".12"/><circle cx="70" cy="320" r="100" fill="#fff" fill-opacity=".08"/>',
    title,
    // Nine characters at most fill the 640-wide cover; longer titles get smaller.
    titleSize: Math.min(76, Math.floor(500 / Math.max(title.length, 1))),
    caption: `资源配送 · ${DELIVERY_KIND_LABELS[spec.kind]}`,
  });
}

/**
 * Writes the missing resource covers into the file store's `files/covers/`; answers how many it
 * wrote.
 */
export async function writeDeliveryCovers(files: SeedFiles): Promise<number> {
  let written = 0;
  for (const [index, spec] of RESOURCES.entries()) {
    const key = `files/covers/${coverFile(index)}`;
    if (await files.writeNew(key, () => deliveryCoverSvg(spec, index))) written += 1;
  }
  return written;
}

/** The path a request takes to reach each seeded status. */
const PATHS: Record<DeliveryStatus, DeliveryStatus[]> = {
  submitted: ['submitted'],
  accepted: ['submitted', 'accepted'],
  scheduled: ['submitted', 'accepted', 'scheduled'],
  completed: ['submitted', 'accepted', 'scheduled', 'completed'],
  rejected: ['submitted', 'rejected'],
  withdrawn: ['submitted', 'withdrawn'],
};

/** The demo learner's requests, and the generated learners' (repeated over the statuses). */
const DEMO_STATUSES: DeliveryStatus[] = [
  'submitted',
  'accepted',
  'scheduled',
  'completed',
  'rejected',
  'withdrawn',
];
const GENERATED_STATUSES: DeliveryStatus[] = [
  'submitted',
  'submitted',
  'submitted',
  'accepted',
  'accepted',
  'scheduled',
  'completed',
  'completed',
  'rejected',
  'withdrawn',
];

const ORGANISATIONS = ['居民区党总支', '社区学校', '老年协会', '睦邻中心', '小学家长委员会'];
const CONTACTS = ['陈老师', '王阿姨', '李书记', '张主任', '刘老师', '赵女士'];
const REJECT_REASONS = ['申请日期讲师已有安排，请改选其他日期', '场地条件不满足展览搭建要求'];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Seeds resource delivery: the staff account ({@link DEMO_DELIVERY_STAFF}) for every site, 20
 * resources per site (five of each kind), and requests in every status with their history and
 * messages: the first demo learner has one in each status, generated learners the rest. No
 * random draws (picked by index), so no other area moves.
 */
export async function seedDelivery({ db, now }: SeedContext): Promise<void> {
  const staff = await db
    .insertInto('users')
    .values(await demoAccount(DEMO_DELIVERY_STAFF, now))
    .returning('id')
    .executeTakeFirstOrThrow();
  const { demo, generated } = await learnersOf(db, staff.id);
  const today = shanghaiDay(now);
  for (const site of await seededSites(db)) {
    await db
      .insertInto('delivery_staff')
      .values({ site_key: site.key, user_id: staff.id })
      .execute();
    const district = districtOf(site);
    const resources = await db
      .insertInto('delivery_resources')
      .values(
        RESOURCES.map((spec, index) => ({
          site_key: site.key,
          kind: spec.kind,
          title: spec.title,
          intro:
            `<p>${spec.blurb}</p><p><strong>配送说明</strong></p><ul>` +
            `<li>适合人数：${spec.audience[0]}–${spec.audience[1]} 人</li>` +
            `<li>场地要求：${spec.room}</li><li>设备要求：${spec.equipment}</li>` +
            `<li>请至少提前 ${spec.leadDays} 天申请</li></ul>`,
          cover: `/files/covers/${coverFile(index)}`,
          tags: JSON.stringify(spec.tags),
          audience_min: spec.audience[0],
          audience_max: spec.audience[1],
          room: spec.room,
          equipment: spec.equipment,
          lead_days: spec.leadDays,
          lecturer_name: spec.lecturer?.name ?? null,
          lecturer_title: spec.lecturer?.title ?? null,
          lecturer_topics: JSON.stringify(spec.lecturer?.topics ?? []),
          published: 1,
          created_at: now - (RESOURCES.length - index) * DAY,
          updated_at: now - (RESOURCES.length - index) * DAY,
        })),
      )
      .returning(['id', 'title'])
      .execute();

    const requesters: Array<{ userId: number; status: DeliveryStatus }> = [
      ...(site.key === 'jingan' && demo[0]
        ? DEMO_STATUSES.map((status) => ({ userId: demo[0]?.id as number, status }))
        : []),
      ...GENERATED_STATUSES.map((status, index) => ({
        userId: generated[(index * 7 + site.key.length) % Math.max(1, generated.length)]?.id ?? 0,
        status,
      })),
    ].filter((requester) => requester.userId > 0);

    for (const [index, requester] of requesters.entries()) {
      const spec = RESOURCES[(index * 3) % RESOURCES.length] as ResourceSpec;
      const resource = resources[(index * 3) % resources.length] as { id: number; title: string };
      const steps = PATHS[requester.status];
      const done = requester.status === 'completed';
      // Past requests for done ones; the rest for dates ahead of their lead time.
      const created = now - (done ? 40 : steps.length * 2 + 1) * DAY - index * HOUR;
      const day = done
        ? addDays(today, -10 - index)
        : addDays(today, spec.leadDays + 7 + (index % 10));
      const street = district.streets[index % district.streets.length] as string;
      const address = `${street}${ORGANISATIONS[index % ORGANISATIONS.length]}活动室`;
      const scheduledAt = steps.includes('scheduled')
        ? (Date.parse(`${day}T09:30:00+08:00`) as number)
        : null;
      const reason = requester.status === 'rejected' ? REJECT_REASONS[index % 2] : null;
      const row: NewDeliveryRequestRow = {
        site_key: site.key,
        resource_id: resource.id,
        user_id: requester.userId,
        status: requester.status,
        day,
        address,
        audience: Math.min(spec.audience[1], spec.audience[0] + 5 + index),
        organisation: `${street}${ORGANISATIONS[index % ORGANISATIONS.length]}`,
        contact_name: CONTACTS[index % CONTACTS.length] as string,
        contact_phone: `1391234${String(5000 + index).padStart(4, '0')}`,
        note: index % 2 === 0 ? '居民们很期待，希望能安排在上午。' : '',
        scheduled_at: scheduledAt,
        scheduled_place: scheduledAt === null ? null : address,
        reason: reason ?? null,
        rating: done && index % 2 === 0 ? 5 - (index % 2) : null,
        rating_comment: done && index % 2 === 0 ? '老师讲得生动，居民反响很好。' : null,
        rated_at: done && index % 2 === 0 ? now - 5 * DAY : null,
        created_at: created,
        updated_at: created + (steps.length - 1) * DAY,
      };
      const { id } = await db
        .insertInto('delivery_requests')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [step, status] of steps.entries()) {
        const at = created + step * DAY;
        const when = scheduledAt === null ? '' : `${day} 09:30`;
        const note =
          status === 'scheduled'
            ? `${when}，${address}`
            : status === 'rejected'
              ? (reason ?? '')
              : '';
        const byRequester = status === 'submitted' || status === 'withdrawn';
        await db
          .insertInto('delivery_request_history')
          .values({
            request_id: id,
            status,
            actor: byRequester ? 'requester' : 'staff',
            actor_id: byRequester ? requester.userId : staff.id,
            note,
            created_at: at,
          })
          .execute();
        const title = resource.title;
        const text =
          status === 'submitted'
            ? Texts.submitted(title, day)
            : status === 'accepted'
              ? Texts.accepted(title)
              : status === 'scheduled'
                ? Texts.scheduled(title, when, address)
                : status === 'completed'
                  ? Texts.completed(title)
                  : status === 'rejected'
                    ? Texts.rejected(title, reason ?? '')
                    : Texts.withdrawn(title);
        await insertMessage(db, {
          site_key: site.key,
          user_id: requester.userId,
          kind: 'delivery',
          title: text.title,
          body: text.body,
          dedupe_key: `delivery:${id}:${status}`,
          link_type: 'delivery',
          link_id: id,
          created_at: at,
          // The demo learner has read all but the latest ones.
          read_at: step < steps.length - 1 ? at + HOUR : null,
        });
      }
    }
  }
  // Every move the seed makes is one the service allows.
  for (const steps of Object.values(PATHS)) {
    for (let i = 1; i < steps.length; i += 1) {
      const to = steps[i];
      const allowed = Object.values(DELIVERY_MOVES).some(
        (move) =>
          move.to === to && (move.from as readonly string[]).includes(steps[i - 1] as string),
      );
      if (!allowed) throw new Error(`seeded delivery path ${steps.join('>')} is not allowed`);
    }
  }
}
