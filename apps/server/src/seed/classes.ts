import type { ClassStatus, SignupField } from '@portal/contract';
import type { NewClassRow, NewClassSignupRow } from '../db/schema.ts';
import { listCourseRows } from '../modules/courses/courses.queries.ts';
import { districtOf } from './districts.ts';
import type { Random } from './random.ts';
import type { Plan, SeatDraft, SignupWindow } from './signups.ts';
import { drawSignups, FIELDS, fillSeats, planOf } from './signups.ts';
import {
  insertChunked,
  insertReturningIds,
  type Learner,
  learnersOf,
  type SeedContext,
  sample,
  seededSites,
} from './support.ts';
import { chinaDate, DAY, HOUR, localDay, MINUTE } from './time.ts';
import { surnames } from './words.ts';

/** The sites are in Shanghai: class times are whole local (UTC+8) hours and minutes. */

/**
 * The status of each class in a run of {@link PLAN}.length, relative to the seed time; `draft`
 * is an unpublished class. 24 published per site: 10 报名中, 4 未开始, 3 已满, 4 进行中, 3 已结束.
 */
const PLAN = planOf(`
  报名中 未开始 报名中 已满 进行中 报名中 已结束 报名中 未开始 进行中 报名中 已满 报名中
  已结束 进行中 报名中 未开始 报名中 已满 进行中 报名中 已结束 未开始 报名中 draft
`);
/** Classes per site per unit of scale (one of each run of {@link PLAN} unpublished). */
export const CLASSES_PER_SCALE = PLAN.length;

type Extra = 'age' | 'street' | 'remark';

interface ClassSpec {
  title: string;
  /** The course category whose courses the class studies (any course when it is missing). */
  category: string;
  /** What the class is about, one or two sentences. */
  blurb: string;
  /** Fields asked beyond 姓名 and 手机号. */
  extras: readonly Extra[];
  /** A weekend class meets on Saturdays. */
  weekend?: boolean;
}

const SPECS: readonly ClassSpec[] = [
  {
    title: '老年智能手机提高班',
    category: '智能生活',
    blurb: '在入门的基础上，学会用手机挂号、叫车、缴费和视频通话，跟上数字生活的节奏。',
    extras: ['age', 'street'],
  },
  {
    title: '智能手机入门基础班',
    category: '智能生活',
    blurb: '从开关机、调大字体、连无线网讲起，手把手带您用好微信，一步一步不着急。',
    extras: ['age'],
  },
  {
    title: '书法入门周末班',
    category: '书画艺术',
    blurb: '从执笔、坐姿和基本笔画学起，临习颜体楷书，适合零基础的书法爱好者。',
    extras: ['remark'],
    weekend: true,
  },
  {
    title: '国画山水进阶班',
    category: '书画艺术',
    blurb: '学习山石树木的皴擦点染与章法布局，每期完成两幅小品山水作品。',
    extras: ['street', 'remark'],
  },
  {
    title: '合唱团声乐基础班',
    category: '音乐戏曲',
    blurb: '练气息、练发声、练识谱，分声部排练经典合唱曲目，结业参加社区汇报演出。',
    extras: ['age', 'remark'],
  },
  {
    title: '沪剧经典唱段学唱班',
    category: '音乐戏曲',
    blurb: '跟着沪剧老师学唱《罗汉钱》《芦荡火种》等经典唱段，感受上海本土戏曲的韵味。',
    extras: ['street'],
  },
  {
    title: '太极拳（二十四式）晨练班',
    category: '健康养生',
    blurb: '系统学习二十四式简化太极拳，动作舒缓，强身健体，适合中老年朋友。',
    extras: ['age', 'street'],
  },
  {
    title: '中医养生与八段锦班',
    category: '健康养生',
    blurb: '了解四季养生与经络常识，学练八段锦，把养生方法带回日常生活。',
    extras: ['age'],
  },
  {
    title: '家庭营养膳食搭配班',
    category: '健康养生',
    blurb: '学会看懂营养标签、控盐控油，为家人搭配一周健康食谱。',
    extras: [],
  },
  {
    title: '手机摄影入门班',
    category: '摄影摄像',
    blurb: '掌握构图、用光和手机相机的专业模式，拍出有质感的街景和家人照片。',
    extras: ['remark'],
    weekend: true,
  },
  {
    title: '短视频拍摄剪辑实践班',
    category: '摄影摄像',
    blurb: '从脚本、拍摄到剪辑配乐，完成一条记录社区生活的短视频作品。',
    extras: ['age'],
  },
  {
    title: '英语口语日常会话班',
    category: '外语学习',
    blurb: '围绕问路、购物、就医和旅行场景练习口语，敢开口、能交流。',
    extras: ['remark'],
  },
  {
    title: '日语五十音入门班',
    category: '外语学习',
    blurb: '熟练掌握五十音图的读写，学会简单的问候与自我介绍。',
    extras: [],
    weekend: true,
  },
  {
    title: '上海话与海派文化班',
    category: '文学历史',
    blurb: '学说地道上海话，听老师讲石库门、老字号与弄堂里的海派故事。',
    extras: ['street'],
  },
  {
    title: '古诗词鉴赏读书会',
    category: '文学历史',
    blurb: '每周共读一组唐诗宋词，品读意境，交流心得，结业举办诗词朗诵会。',
    extras: ['remark'],
  },
  {
    title: '隔代教育家长课堂',
    category: '家庭教育',
    blurb: '帮助祖辈了解孩子成长规律，与子女配合，做好隔代养育中的沟通与陪伴。',
    extras: ['age', 'remark'],
  },
  {
    title: '亲子阅读指导班',
    category: '家庭教育',
    blurb: '学习绘本选择与共读方法，让睡前故事成为亲子之间最温暖的时光。',
    extras: ['street'],
    weekend: true,
  },
  {
    title: '法律常识与防诈骗讲习班',
    category: '法律常识',
    blurb: '由执业律师讲解常见骗局与维权途径，守护好自己和家人的“钱袋子”。',
    extras: ['age', 'street'],
  },
  {
    title: '婚姻家事与遗嘱继承法律班',
    category: '法律常识',
    blurb: '结合民法典讲解婚姻、赡养、遗嘱与继承中的常见问题，现场答疑。',
    extras: ['remark'],
  },
  {
    title: '阳台园艺种植班',
    category: '手工园艺',
    blurb: '学习多肉、月季与香草的家庭种植，把阳台打造成四季有花的小花园。',
    extras: ['street'],
  },
  {
    title: '布艺手工与编织班',
    category: '手工园艺',
    blurb: '学做布艺收纳、钩针杯垫与围巾，在一针一线里享受手作的乐趣。',
    extras: [],
  },
  {
    title: '水彩画兴趣班',
    category: '书画艺术',
    blurb: '从调色与湿画法入门，描绘花卉、静物与城市街景。',
    extras: ['age'],
    weekend: true,
  },
  {
    title: '电子琴入门班',
    category: '音乐戏曲',
    blurb: '认识键盘与简谱，学会双手弹奏《茉莉花》《送别》等十首经典曲目。',
    extras: ['age', 'remark'],
  },
  {
    title: '茶艺与茶文化体验班',
    category: '文学历史',
    blurb: '了解六大茶类与冲泡技法，体验宋代点茶，在茶香中感受传统文化。',
    extras: ['street'],
  },
  {
    title: '网上办事与随申办实操班',
    category: '智能生活',
    blurb: '在老师和志愿者的陪同下，用“随申办”完成社保查询、预约就医等常用事项。',
    extras: ['age', 'street'],
  },
];

const SLOTS: ReadonlyArray<readonly [number, number, number, number]> = [
  [9, 0, 10, 30],
  [9, 30, 11, 0],
  [13, 30, 15, 0],
  [14, 0, 15, 30],
  [18, 30, 20, 0],
];
const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'] as const;
const REMARKS = ['有一点基础', '希望和老伴一起上课', '腿脚不便，想坐前排', '零基础'] as const;
const NOTICES = [
  '名额有限，报满即止；报名成功后请按时到课，连续缺课三次将视为自动退班。',
  '课程免费，教材由社区学院统一提供；请携带身份证件首次到课签到。',
  '如需取消报名，请在报名截止前在“我的班级”中操作，以便把名额让给其他学员。',
] as const;

const weekdayOf = (time: number) => chinaDate(time).getUTCDay();

/** The same time on the nearest Saturday at or after (`1`) or at or before (`-1`) `time`. */
function toSaturday(time: number, direction: 1 | -1): number {
  const shift = direction === 1 ? (6 - weekdayOf(time) + 7) % 7 : -((weekdayOf(time) + 1) % 7);
  return time + shift * DAY;
}

/** `2026年秋季` for a time: 春季 March to May, 夏季 June to August, and so on. */
function termOf(time: number): string {
  const date = chinaDate(time);
  const month = date.getUTCMonth() + 1;
  const year = month <= 2 ? date.getUTCFullYear() - 1 : date.getUTCFullYear();
  const season = month >= 3 && month <= 5 ? '春季' : month >= 6 && month <= 8 ? '夏季' : '';
  return `${year}年${season || (month >= 9 && month <= 11 ? '秋季' : '冬季')}`;
}

interface Times extends SignupWindow {
  weeks: number;
}

/** Times that put a class in `status` at `now`, on whole local hours, meeting on `slot`. */
function timesFor(
  random: Random,
  status: Plan,
  now: number,
  slot: readonly [number, number, number, number],
  weekend: boolean,
): Times {
  const [h1, m1, h2, m2] = slot;
  const length = (h2 - h1) * HOUR + (m2 - m1) * MINUTE;
  const meeting = (offset: number, direction: 1 | -1) => {
    const at = localDay(now, offset, h1, m1);
    return weekend ? toSaturday(at, direction) : at;
  };
  const finish = (start: number, weeks: number) => start + (weeks - 1) * 7 * DAY + length;
  if (status === '进行中' || status === '已结束') {
    const ended = status === '已结束';
    const start = meeting(ended ? -random.int(70, 300) : -random.int(3, 40), -1);
    const weeks = ended ? random.int(6, 10) : random.int(8, 16);
    const dayOfStart = Math.floor((start - localDay(now, 0)) / DAY);
    const signupEnd = localDay(now, dayOfStart - random.int(2, 7), 17);
    return {
      signup_start: signupEnd - random.int(10, 21) * DAY - 8 * HOUR,
      signup_end: signupEnd,
      start_at: start,
      end_at: finish(start, weeks),
      weeks,
    };
  }
  const opensIn =
    status === '未开始' || status === 'draft' ? random.int(2, 20) : -random.int(1, 20);
  const closesIn =
    status === '未开始' || status === 'draft' ? opensIn + random.int(10, 20) : random.int(3, 25);
  const start = meeting(closesIn + random.int(2, 10), 1);
  const weeks = random.int(8, 16);
  return {
    signup_start: localDay(now, opensIn, 9),
    signup_end: localDay(now, closesIn, 17),
    start_at: start,
    end_at: finish(start, weeks),
    weeks,
  };
}

function scheduleOf(time: number, slot: readonly [number, number, number, number]): string {
  const [h1, m1, h2, m2] = slot;
  const clock = (h: number, m: number) => `${h}:${String(m).padStart(2, '0')}`;
  return `每${WEEKDAYS[weekdayOf(time)]} ${clock(h1, m1)}-${clock(h2, m2)}`;
}

function formFieldsOf(extras: readonly Extra[], streets: readonly string[]): SignupField[] {
  const fields: SignupField[] = [FIELDS.name, FIELDS.phone];
  if (extras.includes('age')) fields.push(FIELDS.age);
  if (extras.includes('street')) fields.push(FIELDS.street(streets));
  if (extras.includes('remark')) fields.push(FIELDS.remark);
  return fields;
}

/** How learners answer a class's form. */
const ANSWERING = { ages: [52, 78], remarks: REMARKS } as const;

interface Draft extends SeatDraft {
  row: NewClassRow;
  courseIds: number[];
}

/**
 * Published courses of a site in id order, all and by category name, with the teacher of each
 * (the course list's query, every page at once).
 */
async function coursesBySite(db: SeedContext['db'], siteKey: string) {
  const page = { siteKey, sort: 'newest', limit: Number.MAX_SAFE_INTEGER, offset: 0 } as const;
  const rows = (await listCourseRows(db, page)).sort((a, b) => a.id - b.id);
  const byCategory = new Map<string, typeof rows>();
  for (const row of rows) {
    const list = byCategory.get(row.category_name);
    if (list) list.push(row);
    else byCategory.set(row.category_name, [row]);
  }
  return { all: rows, byCategory };
}

/**
 * Seeds each site's classes (班级): {@link CLASSES_PER_SCALE} per unit of scale in every status
 * relative to the seed time, each studying 2-4 of the site's courses (its cover and teacher come
 * from the first), with real signups from generated learners so that `seats_taken` always equals
 * the active signups (已满 classes are filled by real signups). The first demo learner is signed
 * up for a few classes, the second for one, so "my classes" has content.
 */
export async function seedClasses({ db, random, scale, now }: SeedContext): Promise<void> {
  const { demo, generated } = await learnersOf(db);
  for (const site of await seededSites(db)) {
    const district = districtOf(site);
    const courses = await coursesBySite(db, site.key);
    const total = Math.max(1, Math.round(CLASSES_PER_SCALE * scale));
    const order = sample(random, SPECS, SPECS.length);
    const drafts: Draft[] = [];
    const firstOf = new Map<string, number[]>();

    for (let i = 0; i < total; i += 1) {
      const status = PLAN[i % PLAN.length] ?? '报名中';
      const spec = order[i % order.length] as ClassSpec;
      const round = Math.floor(i / order.length);
      const slot = random.pick(SLOTS);
      const times = timesFor(random, status, now, slot, spec.weekend ?? false);
      const pool = courses.byCategory.get(spec.category) ?? courses.all;
      const picked = sample(random, pool.length >= 2 ? pool : courses.all, random.int(2, 4));
      const first = picked[0];
      const capacity = random.int(4, 12) * 5;
      const place = random.pick(district.classrooms);
      const teacher = first?.teacher_name ?? `${random.pick(surnames)}老师`;
      const schedule = scheduleOf(times.start_at, slot);
      const fields = formFieldsOf(spec.extras, district.streets);
      const title = round === 0 ? spec.title : `${spec.title}（第${round + 1}期）`;
      const notice = random.pick(NOTICES);
      drafts.push({
        plan: status,
        row: {
          site_key: site.key,
          title,
          cover: first?.cover ?? '/favicon.svg',
          term: termOf(times.start_at),
          schedule,
          place,
          teacher_name: teacher,
          capacity,
          seats_taken: 0,
          signup_start: times.signup_start,
          signup_end: times.signup_end,
          start_at: times.start_at,
          end_at: times.end_at,
          introduction:
            `<p>${spec.blurb}</p><p><strong>开班信息</strong></p><ul>` +
            `<li>上课时间：${schedule}，共 ${times.weeks} 次课</li>` +
            `<li>上课地点：${place}</li><li>授课教师：${teacher}</li>` +
            `<li>招收人数：${capacity} 人</li></ul>` +
            `<p><strong>报名须知：</strong>${notice}</p>`,
          form_fields: JSON.stringify(fields),
          published: status === 'draft' ? 0 : 1,
          created_at: Math.min(times.signup_start, now) - random.int(3, 30) * DAY,
        },
        fields,
        courseIds: picked.map((course) => course.id),
        active: [],
        cancelled: [],
      });
      const same = firstOf.get(status);
      if (same) same.push(drafts.length - 1);
      else firstOf.set(status, [drafts.length - 1]);
    }

    // Demo learners first (never in a full class, so signing up there shows 名额已满).
    const [demo1, demo2] = demo;
    const demoPlan: Array<[Learner | undefined, ClassStatus, number]> = [
      [demo1, '报名中', 0],
      [demo1, '报名中', 1],
      [demo1, '进行中', 0],
      [demo1, '已结束', 0],
      [demo2, '报名中', 2],
    ];
    for (const [learner, status, n] of demoPlan) {
      const draft = drafts[firstOf.get(status)?.[n] ?? -1];
      if (learner && draft) draft.active.push(learner);
    }

    for (const draft of drafts) {
      const capacity = draft.row.capacity;
      fillSeats(random, draft, generated, {
        open: [Math.ceil(capacity * 0.1), capacity - 3],
        cancelChance: 0.3,
        now,
        what: 'class',
      });
    }

    await insertDrafts(db, random, drafts, now);
  }
}

async function insertDrafts(db: SeedContext['db'], random: Random, drafts: Draft[], now: number) {
  const ids = await insertReturningIds(
    drafts.map((draft) => draft.row),
    (chunk) => db.insertInto('classes').values(chunk).returning('id').execute(),
  );
  const links = drafts.flatMap((draft, d) =>
    draft.courseIds.map((courseId, sort) => ({
      class_id: ids[d] as number,
      course_id: courseId,
      sort,
    })),
  );
  await insertChunked(links, (chunk) => db.insertInto('class_courses').values(chunk).execute());

  const signups = drafts.flatMap((draft, d) =>
    drawSignups(random, draft, now, ANSWERING, () => null).map(
      (signup): NewClassSignupRow => ({
        class_id: ids[d] as number,
        user_id: signup.learner.id,
        form: signup.form,
        status: signup.status,
        signed_up_at: signup.at,
        created_at: signup.at,
        updated_at: signup.updatedAt,
      }),
    ),
  );
  await insertChunked(signups, (chunk) => db.insertInto('class_signups').values(chunk).execute());
}
