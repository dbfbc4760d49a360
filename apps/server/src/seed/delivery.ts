import fs from 'node:fs';
import path from 'node:path';
import {
  addDays,
  DELIVERY_KIND_LABELS,
  DELIVERY_MOVES,
  type DeliveryKind,
  type DeliveryStatus,
  shanghaiDay,
} from '@portal/contract';
import type { NewDeliveryRequestRow } from '../db/schema.ts';
import { DeliveryMessageTexts as Texts } from '../modules/delivery/delivery-messages.ts';
import { insertMessage } from '../modules/messages/messages.queries.ts';
import { gradientCoverSvg } from './covers.ts';
import { districtOf } from './districts.ts';
import { writeNewFile } from './files.ts';
import { demoAccount, learnersOf, type SeedContext, seededSites } from './support.ts';

/** The delivery staff account: handles every seeded site's requests (password Demo@2026). */
export const DEMO_DELIVERY_STAFF = { username: '13800000008', nickname: '资源配送专员' } as const;

interface ResourceSpec {
  kind: DeliveryKind;
  title: string;
  blurb: string;
  tags: string[];
  audience: [number, number];
  room: string;
  equipment: string;
  leadDays: number;
  lecturer?: { name: string; title: string; topics: string[] };
}

/** The 20 deliverable resources every site offers, five of each kind. */
const RESOURCES: readonly ResourceSpec[] = [
  {
    kind: 'lecturer',
    title: '慢病管理与健康生活讲座',
    blurb: '三甲医院主任医师走进社区，讲解高血压、糖尿病的日常管理和饮食要点，现场答疑。',
    tags: ['健康', '养生'],
    audience: [20, 150],
    room: '可容纳听众的活动室或报告厅',
    equipment: '投影仪、话筒、音响',
    leadDays: 7,
    lecturer: { name: '周慧敏', title: '主任医师', topics: ['慢病管理', '合理膳食', '用药安全'] },
  },
  {
    kind: 'lecturer',
    title: '智能手机防诈骗课堂',
    blurb: '反诈民警结合真实案例，教老年朋友识别电话、短信和网络诈骗，守好钱袋子。',
    tags: ['反诈', '数字生活'],
    audience: [15, 200],
    room: '活动室，座位成排摆放',
    equipment: '投影仪、话筒',
    leadDays: 5,
    lecturer: { name: '陆建华', title: '社区民警', topics: ['电信诈骗', '保健品骗局', '网络安全'] },
  },
  {
    kind: 'lecturer',
    title: '海派文化与老上海故事',
    blurb: '文史学者讲述石库门、老字号和苏州河两岸的变迁，带您重温老上海的烟火气。',
    tags: ['人文', '历史'],
    audience: [20, 120],
    room: '报告厅或多功能厅',
    equipment: '投影仪、话筒',
    leadDays: 10,
    lecturer: { name: '沈立群', title: '副研究员', topics: ['海派文化', '城市记忆', '老字号'] },
  },
  {
    kind: 'lecturer',
    title: '家庭教育与隔代养育',
    blurb: '家庭教育指导师分享祖辈带娃的沟通方法，化解两代人教育观念的分歧。',
    tags: ['家庭教育'],
    audience: [10, 80],
    room: '活动室，可围坐交流',
    equipment: '话筒',
    leadDays: 7,
    lecturer: { name: '顾晓燕', title: '家庭教育指导师', topics: ['隔代养育', '亲子沟通'] },
  },
  {
    kind: 'lecturer',
    title: '中医养生与四季调理',
    blurb: '中医师讲解四季养生、穴位保健和药膳常识，现场教一套简易保健操。',
    tags: ['健康', '中医'],
    audience: [15, 100],
    room: '活动室，留出做保健操的空地',
    equipment: '投影仪、话筒',
    leadDays: 14,
    lecturer: { name: '钱志远', title: '副主任中医师', topics: ['四季养生', '穴位保健', '药膳'] },
  },
  {
    kind: 'course',
    title: '智能手机入门（四课时）',
    blurb: '老师上门授课，从开关机、微信视频到扫码付款，手把手教会每一位学员。',
    tags: ['数字生活', '送课'],
    audience: [8, 30],
    room: '教室，每位学员一个座位',
    equipment: '学员自带智能手机，教室需有无线网络',
    leadDays: 14,
  },
  {
    kind: 'course',
    title: '书法基础：楷书入门',
    blurb: '书法老师带着笔墨纸砚走进社区，四次课学会基本笔画和十个常用字。',
    tags: ['书画', '送课'],
    audience: [8, 25],
    room: '有长桌的教室',
    equipment: '长桌、清水，笔墨纸砚由老师带来',
    leadDays: 10,
  },
  {
    kind: 'course',
    title: '合唱发声训练',
    blurb: '声乐老师指导呼吸、发声和多声部合唱，适合社区合唱团和兴趣小组。',
    tags: ['音乐', '送课'],
    audience: [12, 60],
    room: '排练厅或较大的活动室',
    equipment: '钢琴或电子琴、音响',
    leadDays: 10,
  },
  {
    kind: 'course',
    title: '太极拳八式',
    blurb: '太极拳教练上门教学，动作舒缓，适合中老年人强身健体。',
    tags: ['健身', '送课'],
    audience: [10, 40],
    room: '室内空地或小广场',
    equipment: '音响',
    leadDays: 7,
  },
  {
    kind: 'course',
    title: '家庭急救与心肺复苏',
    blurb: '急救培训师讲授心肺复苏、海姆立克急救法，学员在模拟人上实际操作。',
    tags: ['健康', '安全'],
    audience: [10, 40],
    room: '教室，留出操作空地',
    equipment: '投影仪，模拟人由培训师带来',
    leadDays: 14,
  },
  {
    kind: 'kit',
    title: '非遗剪纸体验套件',
    blurb: '一套可供 30 人使用的剪纸材料和图样，附教学视频和带教指南。',
    tags: ['非遗', '手工'],
    audience: [10, 30],
    room: '有桌子的活动室',
    equipment: '桌子、剪刀（套件内含安全剪刀）',
    leadDays: 5,
  },
  {
    kind: 'kit',
    title: '植物拓染手作套件',
    blurb: '用新鲜树叶和花瓣在布上拓印，套件含布料、锤子和固色剂。',
    tags: ['手工', '自然'],
    audience: [8, 24],
    room: '有桌子的活动室，能接水',
    equipment: '桌子、水池',
    leadDays: 5,
  },
  {
    kind: 'kit',
    title: '亲子科学实验箱',
    blurb: '二十个安全有趣的小实验，适合祖孙一起动手，附实验手册。',
    tags: ['科普', '亲子'],
    audience: [10, 40],
    room: '活动室',
    equipment: '桌子、电源插座',
    leadDays: 7,
  },
  {
    kind: 'kit',
    title: '传统游戏百宝箱',
    blurb: '空竹、毽子、七巧板、九连环等传统游戏器材，适合社区游园活动。',
    tags: ['传统文化', '游园'],
    audience: [20, 100],
    room: '室内大厅或户外空地',
    equipment: '无特殊要求',
    leadDays: 3,
  },
  {
    kind: 'kit',
    title: '读书会共读套件',
    blurb: '同一本书 20 册，附导读手册和讨论题，借期一个月。',
    tags: ['阅读'],
    audience: [6, 20],
    room: '可围坐的阅览室',
    equipment: '无特殊要求',
    leadDays: 3,
  },
  {
    kind: 'exhibition',
    title: '苏州河百年变迁图片展',
    blurb: '四十块展板讲述苏州河从工业河道到滨水长廊的变迁，含老照片和口述史。',
    tags: ['人文', '展览'],
    audience: [30, 500],
    room: '大厅或走廊，长度 20 米以上',
    equipment: '展板由我们运送和搭建',
    leadDays: 21,
  },
  {
    kind: 'exhibition',
    title: '垃圾分类科普展',
    blurb: '图文展板配互动投放游戏，讲清四类垃圾怎么分、去了哪里。',
    tags: ['环保', '科普'],
    audience: [30, 300],
    room: '大厅或户外空地',
    equipment: '电源插座（互动游戏使用）',
    leadDays: 14,
  },
  {
    kind: 'exhibition',
    title: '社区学员书画作品巡展',
    blurb: '全区老年大学学员的书法、国画作品精选六十幅，巡回展出。',
    tags: ['书画', '展览'],
    audience: [20, 400],
    room: '有挂画条件的展厅或大厅',
    equipment: '挂画轨道或展架',
    leadDays: 21,
  },
  {
    kind: 'exhibition',
    title: '红色足迹主题展',
    blurb: '展板和实物复制品讲述中共二大、四行仓库等区内红色地标的故事。',
    tags: ['红色文化', '展览'],
    audience: [30, 500],
    room: '大厅，长度 15 米以上',
    equipment: '展板由我们运送和搭建',
    leadDays: 21,
  },
  {
    kind: 'exhibition',
    title: '老物件里的生活记忆',
    blurb: '粮票、搪瓷杯、收音机等老物件实物展，邀请居民讲述自己的故事。',
    tags: ['人文', '怀旧'],
    audience: [20, 300],
    room: '有展柜或长桌的活动室',
    equipment: '长桌、桌布',
    leadDays: 14,
  },
];

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

/** Writes the missing resource covers into `dir/covers/`; answers how many it wrote. */
export function writeDeliveryCovers(dir: string): number {
  const folder = path.join(dir, 'covers');
  fs.mkdirSync(folder, { recursive: true });
  let written = 0;
  RESOURCES.forEach((spec, index) => {
    if (writeNewFile(path.join(folder, coverFile(index)), deliveryCoverSvg(spec, index))) {
      written += 1;
    }
  });
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
