import { randomBytes } from 'node:crypto';
import {
  ACTIVITY_KINDS,
  type ActivityKind,
  type AttachmentRule,
  type SignupField,
} from '@portal/contract';
import type { NewActivityApplicationRow, NewActivityRow } from '../db/schema.ts';
import { gradientCoverSvg } from './covers.ts';
import { type District, districtOf } from './districts.ts';
import type { SeedFiles } from './files.ts';
import type { Random } from './random.ts';
import type { Plan, SeatDraft, SignupWindow } from './signups.ts';
import { drawSignups, FIELDS, fillSeats, planOf } from './signups.ts';
import {
  demoAccount,
  insertChunked,
  insertReturningIds,
  type Learner,
  learnersOf,
  type SeedContext,
  seededSites,
} from './support.ts';
import { chinaDate, DAY, HOUR, localDay, MINUTE } from './time.ts';

const MB = 1024 * 1024;
/** The sites are in Shanghai: activity times are whole local (UTC+8) hours. */

/** The organisers' check-in account (staff of every seeded organiser). */
export const DEMO_ORGANISER_STAFF = { username: '13800000009', nickname: '活动签到员' } as const;

/**
 * The status of each regular activity in a run of {@link REGULAR_PLAN}.length, relative to the
 * seed time; `draft` is unpublished. 20 published per run: 8 报名中, 3 of each other status.
 * The run's length (21) and the five regular kinds share no factor, so over three runs every
 * kind comes in every status.
 */
const REGULAR_PLAN = planOf(`
  报名中 未开始 已满 报名中 进行中 已结束 报名中 未开始 报名中 已满 进行中
  draft 报名中 已结束 报名中 未开始 已满 进行中 报名中 已结束 报名中
`);
/** Special activities (特色活动) per run: 4 报名中, 2 未开始, 1 已满, 1 进行中, 2 已结束. */
const SPECIAL_PLAN = planOf('报名中 未开始 报名中 已结束 报名中 已满 进行中 报名中 未开始 已结束');
/** Regular activities per site per unit of scale (60 published, 3 unpublished). */
export const REGULAR_ACTIVITIES_PER_SCALE = REGULAR_PLAN.length * 3;
/** Special activities per site per unit of scale, all published. */
export const SPECIAL_ACTIVITIES_PER_SCALE = SPECIAL_PLAN.length;

const REGULAR_KINDS = ACTIVITY_KINDS.filter((kind) => kind !== '特色活动');

interface ActivitySpec {
  title: string;
  blurb: string;
  /** The organiser (by its role, see {@link organiserNames}). */
  organiser: OrganiserRole;
  /** Hours the activity lasts (days for exhibitions, see {@link timesFor}). */
  hours: number;
}

type OrganiserRole = 'library' | 'culture' | 'college' | 'school' | 'youth' | 'volunteer';

const SPECS: Record<ActivityKind, readonly ActivitySpec[]> = {
  讲座: [
    {
      title: '健康养生大讲堂：秋冬季节慢病防护',
      blurb: '三甲医院的主任医师讲解高血压、糖尿病在秋冬季节的自我管理，现场答疑。',
      organiser: 'college',
      hours: 2,
    },
    {
      title: '海派文化与石库门建筑',
      blurb: '从石库门的门楣、天井到弄堂生活，讲述上海近代城市的形成与海派文化的底色。',
      organiser: 'library',
      hours: 2,
    },
    {
      title: '防范电信网络诈骗专题讲座',
      blurb: '派出所民警结合真实案例，讲解冒充客服、养老投资等常见骗局和识别方法。',
      organiser: 'school',
      hours: 2,
    },
    {
      title: '家庭急救知识讲座',
      blurb: '学习心肺复苏、海姆立克急救法和常见外伤处理，现场用模拟人练习。',
      organiser: 'school',
      hours: 2,
    },
    {
      title: '人工智能与我们的日常生活',
      blurb: '用通俗的例子讲清楚人工智能能做什么、不能做什么，以及如何安全地使用智能助手。',
      organiser: 'library',
      hours: 2,
    },
    {
      title: '老年人合理用药讲座',
      blurb: '药师讲解多种药物同服的注意事项，教您读懂说明书，现场可带药盒咨询。',
      organiser: 'college',
      hours: 2,
    },
  ],
  参观: [
    {
      title: '走进四行仓库抗战纪念馆',
      blurb: '由讲解员带领参观四行仓库抗战纪念馆，重温八百壮士坚守四行仓库的历史。',
      organiser: 'culture',
      hours: 3,
    },
    {
      title: '中共二大会址纪念馆参观学习',
      blurb: '参观中共二大会址纪念馆，了解党的第一部章程诞生的故事。',
      organiser: 'college',
      hours: 2,
    },
    {
      title: '上海自然博物馆探秘之旅',
      blurb: '走进静安雕塑公园里的上海自然博物馆，跟随科普老师探索生命的演化。',
      organiser: 'youth',
      hours: 3,
    },
    {
      title: '苏州河滨岸城市更新漫步',
      blurb: '沿苏州河步道行走，看老仓库变身创意空间，听城市规划师讲述滨水空间的更新。',
      organiser: 'culture',
      hours: 3,
    },
    {
      title: '张园石库门建筑寻访',
      blurb: '走进修缮后的张园，寻访百年石库门里弄的建筑细节与名人故事。',
      organiser: 'library',
      hours: 2,
    },
  ],
  志愿服务: [
    {
      title: '社区图书馆周末值班志愿者招募',
      blurb: '协助图书上架、借还指引和阅览室秩序维护，适合热爱阅读、做事细心的居民。',
      organiser: 'library',
      hours: 4,
    },
    {
      title: '智能手机助老志愿服务',
      blurb: '在社区服务点手把手教老年居民使用健康码、打车和视频通话，需要一定耐心。',
      organiser: 'volunteer',
      hours: 3,
    },
    {
      title: '苏州河畔清洁行动',
      blurb: '沿苏州河步道捡拾垃圾、宣传文明游园，工具和饮用水由主办方提供。',
      organiser: 'volunteer',
      hours: 3,
    },
    {
      title: '垃圾分类桶边督导志愿者',
      blurb: '在小区投放点引导居民正确分类投放，早晚两个时段可选。',
      organiser: 'school',
      hours: 3,
    },
    {
      title: '敬老院陪伴志愿服务',
      blurb: '陪伴敬老院老人聊天、读报、做手工，为他们带去温暖和欢笑。',
      organiser: 'volunteer',
      hours: 3,
    },
  ],
  比赛: [
    {
      title: '社区书法比赛',
      blurb: '楷、行、隶、篆不限，现场书写，由区书法家协会专家评审，优秀作品参加年终展览。',
      organiser: 'culture',
      hours: 3,
    },
    {
      title: '经典诗词朗诵大赛',
      blurb: '以“诗意生活”为主题，朗诵古今中外经典诗词，初赛每人限时三分钟。',
      organiser: 'library',
      hours: 3,
    },
    {
      title: '家庭厨艺大比拼',
      blurb: '以家庭为单位参赛，一道家常菜、一道本帮菜，由社区居民代表品评打分。',
      organiser: 'school',
      hours: 3,
    },
    {
      title: '智能手机应用技能赛',
      blurb: '比一比谁能更快完成网上挂号、扫码缴费等任务，学以致用，赛出风采。',
      organiser: 'college',
      hours: 2,
    },
    {
      title: '少儿绘画比赛',
      blurb: '以“我眼中的城市”为主题现场作画，分幼儿组和小学组，画材自备。',
      organiser: 'youth',
      hours: 3,
    },
  ],
  展览: [
    {
      title: '海派书画作品展',
      blurb: '展出社区书画班学员和本区书画名家的作品一百余幅，开幕式当天有现场笔会。',
      organiser: 'culture',
      hours: 14,
    },
    {
      title: '老照片里的城市记忆',
      blurb: '征集自居民家中的三百余张老照片，记录街巷、店铺和家庭生活的变迁。',
      organiser: 'library',
      hours: 21,
    },
    {
      title: '社区学员手工艺术作品展',
      blurb: '编织、布艺、剪纸、陶艺……展示社区学校手工课程一年来的学习成果。',
      organiser: 'college',
      hours: 10,
    },
    {
      title: '非遗剪纸艺术展',
      blurb: '海派剪纸传承人的代表作品与创作手稿同台展出，周末有现场剪纸体验。',
      organiser: 'culture',
      hours: 14,
    },
    {
      title: '苏州河百年变迁图片展',
      blurb: '以图片和影像讲述苏州河从航运河道到城市客厅的百年变迁。',
      organiser: 'library',
      hours: 21,
    },
  ],
  特色活动: [
    {
      title: '“我的学习故事”征文活动',
      blurb: '讲述您在社区学习中的收获与感动，文体不限，优秀作品将结集出版。',
      organiser: 'college',
      hours: 3,
    },
    {
      title: '社区摄影作品征集',
      blurb: '用镜头记录身边的美好生活，题材不限，入选作品将在社区文化中心展出。',
      organiser: 'culture',
      hours: 3,
    },
    {
      title: '家庭阅读达人评选',
      blurb: '分享您家的阅读故事和书单，评选出年度家庭阅读达人，颁发证书和图书礼包。',
      organiser: 'library',
      hours: 2,
    },
    {
      title: '书画作品线上征集展评',
      blurb: '上传书法或绘画作品照片参加线上展评，专家点评，优秀作品线下展出。',
      organiser: 'culture',
      hours: 3,
    },
    {
      title: '老物件故事征集',
      blurb: '一件老物件，一段老故事。拍下您家的老物件，讲讲它背后的故事。',
      organiser: 'library',
      hours: 2,
    },
    {
      title: '社区微花园设计方案征集',
      blurb: '为小区的边角空地设计一座微花园，方案可手绘拍照或制作成 PDF 提交。',
      organiser: 'school',
      hours: 3,
    },
    {
      title: '终身学习达人推荐',
      blurb: '推荐身边坚持学习的达人，附上学习成果照片或证书，经评审后予以表彰。',
      organiser: 'college',
      hours: 2,
    },
    {
      title: '手工作品线上展评',
      blurb: '编织、布艺、剪纸等手工作品拍照上传，参加线上人气展评。',
      organiser: 'youth',
      hours: 2,
    },
  ],
};

/** An attachment rule's parts; the seeded rules allow at most 3 files of 5 MB. */
const RULES: ReadonlyArray<Pick<AttachmentRule, 'label' | 'accept'>> = [
  { label: '作品照片', accept: ['image/jpeg', 'image/png', 'image/webp'] },
  {
    label: '作品照片或 PDF 文档',
    accept: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
  },
];

/** The organisers of a district, by role. */
function organiserNames(district: District): Record<OrganiserRole, string> {
  const street = district.streets[0] ?? '';
  return {
    library: `${district.name}图书馆`,
    culture: `${district.name}文化馆`,
    college: `${district.name}社区学院`,
    school: `${street}社区学校`,
    youth: `${district.name}青少年活动中心`,
    volunteer: `${district.name}志愿者协会`,
  };
}

const CHANNELS = ['学习网', '微信公众号', '社区海报', '亲友介绍'];
const TOPICS = ['健康养生', '历史文化', '智能生活', '书画艺术', '亲子教育'];
const SLOTS = ['周六上午', '周六下午', '周日上午', '周日下午'];
const GROUPS = ['青少年组', '成人组', '老年组'];
const REMARKS = [
  '第一次参加',
  '希望和家人一起参加',
  '腿脚不便，请安排前排座位',
  '可以提前到场帮忙',
];
const WORKS = ['秋日弄堂', '外婆的缝纫机', '苏河晨曦', '我家的书架', '石库门的午后', '梧桐叶'];
const TIPS = [
  '名额有限，报满即止；报名成功后请凭“我的活动”中的签到码入场。',
  '活动免费；如不能参加，请在报名截止前取消报名，把名额让给其他居民。',
  '请提前十分钟到场签到，现场请听从工作人员安排。',
];

/**
 * The form of the first 报名中 activity in the list: one field of every kind (text, phone,
 * number, choice, multi), so the web's end-to-end tests fill each.
 */
function showcaseFields(streets: readonly string[]): SignupField[] {
  return [
    FIELDS.name,
    FIELDS.phone,
    FIELDS.age,
    FIELDS.street(streets),
    { key: 'topics', label: '感兴趣的主题', kind: 'multi', required: true, options: TOPICS },
    FIELDS.remark,
  ];
}

/** The form of an activity of `kind`, with a few random optional extras. */
function formFieldsOf(random: Random, kind: ActivityKind, streets: readonly string[]) {
  const fields: SignupField[] = [FIELDS.name, FIELDS.phone];
  const street = FIELDS.street(streets);
  const channels: SignupField = {
    key: 'channels',
    label: '获知活动的渠道',
    kind: 'multi',
    required: false,
    options: CHANNELS,
  };
  switch (kind) {
    case '讲座':
      if (random.chance(0.5)) fields.push(FIELDS.age);
      fields.push(channels);
      break;
    case '参观':
      fields.push(FIELDS.age);
      if (random.chance(0.5)) fields.push(street);
      break;
    case '志愿服务':
      fields.push(street, {
        key: 'slots',
        label: '可服务时段',
        kind: 'multi',
        required: true,
        options: SLOTS,
      });
      break;
    case '比赛':
      fields.push(FIELDS.age, {
        key: 'group',
        label: '参赛组别',
        kind: 'choice',
        required: true,
        options: GROUPS,
      });
      break;
    case '展览':
      fields.push({ key: 'visitors', label: '参观人数', kind: 'number', required: true });
      if (random.chance(0.5)) fields.push(channels);
      break;
    case '特色活动':
      fields.push(
        { key: 'work', label: '作品名称', kind: 'text', required: true },
        { key: 'story', label: '作品简介', kind: 'text', required: false },
        street,
      );
      if (random.chance(0.5)) fields.push(channels);
      break;
  }
  if (random.chance(0.4)) fields.push(FIELDS.remark);
  return fields;
}

/** How learners answer an activity's form. */
const ANSWERING = { ages: [16, 78], remarks: REMARKS, texts: { work: WORKS } } as const;

/**
 * Times that put an activity in `status` at `now`, on whole local hours. An exhibition lasts
 * `hours` days, anything else `hours` hours. Special activities start later (`later`), so the
 * first 报名中 activity of the list is a regular one.
 */
function timesFor(
  random: Random,
  status: Plan,
  now: number,
  kind: ActivityKind,
  hours: number,
  later: boolean,
): SignupWindow {
  const length = kind === '展览' ? hours * DAY : hours * HOUR;
  const hour = random.pick([9, 10, 13, 14, 15, 18]);
  if (status === '已结束') {
    const start = localDay(now, -random.int(10, 150), hour);
    const signupEnd = start - random.int(1, 5) * DAY - 2 * HOUR;
    return {
      signup_start: signupEnd - random.int(7, 21) * DAY,
      signup_end: signupEnd,
      start_at: start,
      end_at: Math.min(start + length, localDay(now, -1, 20)),
    };
  }
  if (status === '进行中') {
    // An exhibition that is on now, or an event whose signup has closed and which is about to be held.
    const start =
      kind === '展览' ? localDay(now, -random.int(2, 6), 9) : localDay(now, random.int(1, 3), hour);
    const signupEnd = Math.min(start, localDay(now, -1, 17)) - random.int(0, 2) * DAY;
    return {
      signup_start: signupEnd - random.int(7, 21) * DAY,
      signup_end: signupEnd,
      start_at: start,
      end_at: start + Math.max(length, kind === '展览' ? 14 * DAY : length),
    };
  }
  const ahead = status === '未开始' || status === 'draft';
  const opensIn = ahead ? random.int(2, 15) : -random.int(1, 10);
  const closesIn = ahead ? opensIn + random.int(7, 15) : random.int(2, 20);
  const start = localDay(now, closesIn + random.int(1, 5) + (later ? 30 : 0), hour);
  return {
    signup_start: localDay(now, opensIn, 9),
    signup_end: localDay(now, closesIn, 17),
    start_at: start,
    end_at: start + length,
  };
}

/** Shanghai wall-clock text of a time, e.g. `11月23日 14:00`. */
function whenText(time: number): string {
  const date = chinaDate(time);
  const clock = `${date.getUTCHours()}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
  return `${date.getUTCMonth() + 1}月${date.getUTCDate()}日 ${clock}`;
}

/** Active applications may be checked in; cancelled ones were withdrawn. */
interface Draft extends SeatDraft {
  row: NewActivityRow & { capacity: number };
  /** Whether a learner was checked in, where it is not left to chance (the demo learners). */
  attendance: Map<number, boolean>;
  /** The description, written once the capacity is final. */
  describe: (capacity: number) => string;
}

/** The position of each kind's cover colour (see {@link activityCoverSvg}). */
const COVER_COLOURS: Record<ActivityKind, readonly [string, string]> = {
  讲座: ['#4f8cff', '#1d4ed8'],
  参观: ['#34c38f', '#0f766e'],
  志愿服务: ['#f07857', '#b91c1c'],
  比赛: ['#f59e0b', '#c2410c'],
  展览: ['#8b7cf6', '#5b21b6'],
  特色活动: ['#ec6a8c', '#be185d'],
};
/** Cover variants per kind: the same colours, a different pattern. */
const ACTIVITY_COVER_VARIANTS = 3;

const coverFileName = (kind: ActivityKind, variant: number) =>
  `activity-${ACTIVITY_KINDS.indexOf(kind) + 1}-${variant}.svg`;

/** URL path of an activity cover of `kind`. */
export function activityCoverPath(kind: ActivityKind, variant: number): string {
  return `/files/covers/${coverFileName(kind, variant)}`;
}

/** Shapes over an activity cover's gradient, one per variant. */
const COVER_PATTERNS = [
  '<circle cx="560" cy="60" r="150" fill="#fff" fill-opacity=".12"/><circle cx="80" cy="330" r="110" fill="#fff" fill-opacity=".08"/>',
  '<path d="M0 280 Q160 220 320 280 T640 280 V360 H0Z" fill="#fff" fill-opacity=".12"/>',
  '<rect x="430" y="-60" width="260" height="260" rx="40" transform="rotate(20 560 70)" fill="#fff" fill-opacity=".12"/>',
] as const;

/** An activity cover: a gradient in the kind's colour with its name in large text. */
export function activityCoverSvg(kind: ActivityKind, variant: number): string {
  return gradientCoverSvg({
    colours: COVER_COLOURS[kind],
    pattern: COVER_PATTERNS[(variant - 1) % COVER_PATTERNS.length] ?? '',
    title: kind,
    titleSize: 72,
    caption: '社区学习活动',
  });
}

/**
 * Writes the activity covers (every kind and variant) into the file store's `files/covers/`,
 * skipping files that exist; run at start-up like the course covers. Answers how many it wrote.
 */
export async function writeActivityCovers(files: SeedFiles): Promise<number> {
  let written = 0;
  for (const kind of ACTIVITY_KINDS) {
    for (let variant = 1; variant <= ACTIVITY_COVER_VARIANTS; variant += 1) {
      const key = `files/covers/${coverFileName(kind, variant)}`;
      if (await files.writeNew(key, () => activityCoverSvg(kind, variant))) written += 1;
    }
  }
  return written;
}

function descriptionOf(
  spec: ActivitySpec,
  times: SignupWindow,
  place: string,
  organiser: string,
  capacity: number,
  tip: string,
): string {
  return (
    `<p>${spec.blurb}</p><p><strong>活动信息</strong></p><ul>` +
    `<li>活动时间：${whenText(times.start_at)} 至 ${whenText(times.end_at)}</li>` +
    `<li>活动地点：${place}</li><li>主办单位：${organiser}</li>` +
    `<li>招募人数：${capacity} 人</li></ul>` +
    `<p><strong>温馨提示：</strong>${tip}</p>`
  );
}

/**
 * Seeds each site's organisers and activities: {@link REGULAR_ACTIVITIES_PER_SCALE} regular
 * and {@link SPECIAL_ACTIVITIES_PER_SCALE} special activities per unit of scale, in every
 * kind and status relative to the seed time, with real applications from generated learners so
 * `seats_taken` always equals the active applications (已满 ones are filled by them), some of
 * them checked in. The organisers' staff account ({@link DEMO_ORGANISER_STAFF}) may check in at
 * every organiser; the first demo learner has applications in each state, the second one.
 * Check-in codes come from the system's random source, not the seed: they must stay
 * unguessable even on a demo server.
 */
export async function seedActivities({ db, random, scale, now }: SeedContext): Promise<void> {
  const staff = await db
    .insertInto('users')
    .values(await demoAccount(DEMO_ORGANISER_STAFF, now))
    .returning('id')
    .executeTakeFirstOrThrow();
  const { demo, generated } = await learnersOf(db, staff.id);
  for (const site of await seededSites(db)) {
    const district = districtOf(site);
    const names = organiserNames(district);
    const organisers = await db
      .insertInto('organisers')
      .values(Object.values(names).map((name) => ({ site_key: site.key, name })))
      .returning(['id', 'name'])
      .execute();
    await db
      .insertInto('organiser_staff')
      .values(organisers.map((organiser) => ({ organiser_id: organiser.id, user_id: staff.id })))
      .execute();
    const organiserId = new Map(organisers.map((organiser) => [organiser.name, organiser.id]));

    const drafts: Draft[] = [];
    const regular = Math.max(1, Math.round(REGULAR_ACTIVITIES_PER_SCALE * scale));
    const special = Math.max(1, Math.round(SPECIAL_ACTIVITIES_PER_SCALE * scale));
    const used = new Map<string, number>();
    const add = (kind: ActivityKind, plan: Plan, n: number) => {
      const specs = SPECS[kind];
      const spec = specs[n % specs.length] as ActivitySpec;
      const seen = used.get(spec.title) ?? 0;
      used.set(spec.title, seen + 1);
      const title = seen === 0 ? spec.title : `${spec.title}（第${seen + 1}期）`;
      const isSpecial = kind === '特色活动';
      const times = timesFor(random, plan, now, kind, spec.hours, isSpecial);
      const place = random.pick(district.venues);
      const organiser = names[spec.organiser];
      const capacity = kind === '讲座' ? random.int(10, 30) * 5 : random.int(4, 12) * 5;
      const fields = formFieldsOf(random, kind, district.streets);
      const tip = random.pick(TIPS);
      const base = RULES[n % RULES.length] ?? RULES[0];
      // Past special activities take optional files (their seeded applications carry none).
      const rule: AttachmentRule | null = isSpecial
        ? {
            label: base?.label ?? '作品照片',
            accept: base?.accept ?? ['image/jpeg'],
            required: (plan === '报名中' || plan === '未开始') && n % 2 === 0,
            maxCount: 3,
            maxBytes: 5 * MB,
          }
        : null;
      drafts.push({
        plan,
        row: {
          site_key: site.key,
          organiser_id: organiserId.get(organiser) ?? 0,
          kind,
          title,
          cover: activityCoverPath(kind, random.int(1, ACTIVITY_COVER_VARIANTS)),
          place,
          map_place_id: random.chance(0.5) ? random.int(1, 20) : null,
          contact: `021-6${random.int(1_000_000, 9_999_999)}`,
          capacity,
          seats_taken: 0,
          ...times,
          description: '',
          form_fields: JSON.stringify(fields),
          attachment_rule: rule ? JSON.stringify(rule) : null,
          published: plan === 'draft' ? 0 : 1,
          created_at: Math.min(times.signup_start, now) - random.int(3, 30) * DAY,
        },
        fields,
        active: [],
        cancelled: [],
        attendance: new Map(),
        describe: (seats) => descriptionOf(spec, times, place, organiser, seats, tip),
      });
    };
    for (let i = 0; i < regular; i += 1) {
      const kind = REGULAR_KINDS[i % REGULAR_KINDS.length] as ActivityKind;
      add(kind, REGULAR_PLAN[i % REGULAR_PLAN.length] ?? '报名中', Math.floor(i / 5));
    }
    for (let i = 0; i < special; i += 1) {
      add('特色活动', SPECIAL_PLAN[i % SPECIAL_PLAN.length] ?? '报名中', i);
    }

    // The first 报名中 activity of the list (earliest start) asks one field of every kind.
    const open = drafts.filter((draft) => draft.plan === '报名中');
    const showcase = open.reduce<Draft | undefined>(
      (first, draft) => (!first || draft.row.start_at < first.row.start_at ? draft : first),
      undefined,
    );
    if (showcase) {
      showcase.fields = showcaseFields(district.streets);
      showcase.row.form_fields = JSON.stringify(showcase.fields);
      showcase.row.capacity = Math.max(showcase.row.capacity, 100);
    }

    // Demo learners at regular activities other than the showcase (never a full one).
    const regularOf = (plan: Plan) =>
      drafts.filter(
        (draft) => draft.plan === plan && draft.row.kind !== '特色活动' && draft !== showcase,
      );
    const [demo1, demo2] = demo;
    if (demo1) {
      regularOf('报名中')[0]?.active.push(demo1);
      regularOf('报名中')[1]?.cancelled.push(demo1);
      const running = regularOf('进行中')[0];
      running?.active.push(demo1);
      running?.attendance.set(demo1.id, false);
      // Over: one checked in at the door (已签到), one never came (已结束).
      for (const [n, present] of [
        [0, true],
        [1, false],
      ] as const) {
        const draft = regularOf('已结束')[n];
        draft?.active.push(demo1);
        draft?.attendance.set(demo1.id, present);
      }
    }
    if (demo2) regularOf('报名中')[2]?.active.push(demo2);

    for (const draft of drafts) {
      const capacity = draft.row.capacity;
      const rule = draft.row.attachment_rule;
      const needsFiles = rule !== null && rule !== undefined && JSON.parse(rule).required;
      fillSeats(random, draft, generated, {
        open: needsFiles ? null : [Math.ceil(capacity * 0.1), Math.floor(capacity * 0.6)],
        cancelChance: needsFiles ? 0 : 0.4,
        now,
        what: 'activity',
      });
      draft.row.description = draft.describe(draft.row.capacity);
    }

    await insertDrafts(db, random, drafts, now);
  }
}

async function insertDrafts(db: SeedContext['db'], random: Random, drafts: Draft[], now: number) {
  const ids = await insertReturningIds(
    drafts.map((draft) => draft.row),
    (chunk) => db.insertInto('activities').values(chunk).returning('id').execute(),
  );
  const applications = drafts.flatMap((draft, d) => {
    // At an activity that has begun, most of those who applied were checked in at the door.
    const begun = draft.row.start_at <= now;
    const checkIn = (learner: Learner, status: 'active' | 'cancelled') => {
      const checkedIn =
        status === 'active' && begun && (draft.attendance.get(learner.id) ?? random.chance(0.7));
      const doorAt = draft.row.start_at + random.int(0, 30) * MINUTE;
      return checkedIn ? Math.min(doorAt, now - MINUTE) : null;
    };
    return drawSignups(random, draft, now, ANSWERING, checkIn).map(
      (signup): NewActivityApplicationRow => ({
        activity_id: ids[d] as number,
        user_id: signup.learner.id,
        form: signup.form,
        status: signup.status,
        checkin_code: signup.status === 'active' ? randomBytes(16).toString('base64url') : null,
        checked_in_at: signup.extra,
        applied_at: signup.at,
        created_at: signup.at,
        updated_at: signup.updatedAt,
      }),
    );
  });
  await insertChunked(applications, (chunk) =>
    db.insertInto('activity_applications').values(chunk).execute(),
  );
}
