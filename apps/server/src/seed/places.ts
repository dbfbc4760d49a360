import type { NewMapPlaceProjectRow, NewMapPlaceRow } from '../db/schema.ts';
import { publishedOn } from '../modules/content/published.ts';
import { escapeHtml } from '../platform/html.ts';
import type { SeedFiles } from './files.ts';
import type { Random } from './random.ts';
import {
  insertChunked,
  insertReturningIds,
  publishedIds,
  type SeedContext,
  sample,
} from './support.ts';

/** The streets (街道) of 静安区 with a point near their middle (WGS-84). */
const STREETS: ReadonlyArray<[street: string, lat: number, lng: number, road: string]> = [
  ['南京西路街道', 31.2292, 121.4558, '南京西路'],
  ['静安寺街道', 31.2236, 121.4441, '愚园路'],
  ['江宁路街道', 31.2392, 121.4478, '江宁路'],
  ['石门二路街道', 31.2355, 121.4618, '石门二路'],
  ['曹家渡街道', 31.2323, 121.4334, '万航渡路'],
  ['天目西路街道', 31.2468, 121.4592, '天目西路'],
  ['北站街道', 31.2468, 121.4735, '浙江北路'],
  ['宝山路街道', 31.2548, 121.4745, '宝山路'],
  ['芷江西路街道', 31.2562, 121.4602, '芷江西路'],
  ['共和新路街道', 31.2662, 121.4552, '共和新路'],
  ['大宁路街道', 31.2802, 121.4561, '大宁路'],
  ['彭浦新村街道', 31.2948, 121.4462, '临汾路'],
  ['临汾路街道', 31.2928, 121.4592, '阳曲路'],
  ['彭浦镇', 31.2932, 121.4332, '沪太路'],
];

/** Landmarks that are learning points, at their real places. */
const LANDMARKS: ReadonlyArray<
  [name: string, kind: string, street: string, address: string, lat: number, lng: number]
> = [
  ['静安区图书馆', '图书馆学习点', '石门二路街道', '新闸路1702号', 31.2376, 121.4508],
  ['静安区图书馆（闸北馆）', '图书馆学习点', '天目西路街道', '天目中路', 31.2466, 121.4604],
  ['上海自然博物馆学习点', '场馆学习点', '南京西路街道', '北京西路510号', 31.2356, 121.4576],
  ['四行仓库抗战纪念馆学习点', '场馆学习点', '北站街道', '光复路1号', 31.245, 121.4712],
  [
    '中共二大会址纪念馆学习点',
    '场馆学习点',
    '南京西路街道',
    '老成都北路7弄30号',
    31.2286,
    121.4656,
  ],
  ['大宁灵石公园学习点', '户外学习点', '大宁路街道', '广中西路288号', 31.2792, 121.4585],
];

/** Weekly hours: `[days, open, close]` rules. */
type Hours = ReadonlyArray<[days: number[], open: string, close: string]>;
const WEEK = [1, 2, 3, 4, 5, 6, 7];
const HOURS = {
  // Closed on Monday, morning and afternoon sessions.
  school: [
    [[2, 3, 4, 5, 6, 7], '08:30', '11:30'],
    [[2, 3, 4, 5, 6, 7], '13:30', '17:00'],
  ],
  // Every day into the evening.
  centre: [[WEEK, '09:00', '21:00']],
  library: [
    [[2, 3, 4, 5, 6, 7], '09:00', '20:30'],
    [[1], '13:00', '20:30'],
  ],
  university: [[[1, 2, 3, 4, 5], '08:00', '16:30']],
  // Weekday mornings and evenings.
  neighbourhood: [
    [[1, 2, 3, 4, 5], '09:00', '11:30'],
    [[1, 2, 3, 4, 5], '18:30', '20:30'],
  ],
  venue: [[[2, 3, 4, 5, 6, 7], '09:00', '17:00']],
} as const satisfies Record<string, Hours>;

const hoursJson = (hours: Hours) =>
  JSON.stringify(hours.map(([days, open, close]) => ({ days, open, close })));

/** The generated photos: each kind of place has {@link PHOTO_VARIANTS} pictures. */
const PHOTO_KINDS = ['school', 'point', 'university', 'venue'] as const;
type PhotoKind = (typeof PHOTO_KINDS)[number];
const PHOTO_VARIANTS = 3;
const photoUrl = (kind: PhotoKind, n: number) => `/files/places/${kind}-${n}.svg`;
const PHOTO_LABELS: Record<PhotoKind, string> = {
  school: '社区学校',
  point: '学习点',
  university: '老年大学',
  venue: '场馆',
};
const PHOTO_HUES: Record<PhotoKind, number> = {
  school: 210,
  point: 150,
  university: 28,
  venue: 280,
};

/** A picture of a building of `kind`: sky, a facade with windows and the kind's name. */
function photoSvg(kind: PhotoKind, n: number): string {
  const hue = PHOTO_HUES[kind] + n * 12;
  const font = `'Noto Sans CJK SC', 'PingFang SC', sans-serif`;
  const windows: string[] = [];
  for (let row = 0; row < 3; row += 1) {
    for (let col = 0; col < 5 + n; col += 1) {
      windows.push(
        `<rect x="${150 + col * (340 / (5 + n))}" y="${190 + row * 60}" width="34" height="36" rx="4" fill="#fff" fill-opacity=".8"/>`,
      );
    }
  }
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500">',
    `<rect width="800" height="500" fill="hsl(${hue} 55% 86%)"/>`,
    `<circle cx="${640 - n * 60}" cy="90" r="46" fill="#fff" fill-opacity=".7"/>`,
    `<rect x="120" y="150" width="${400 + n * 40}" height="300" fill="hsl(${hue} 40% 45%)"/>`,
    `<polygon points="100,150 ${320 + n * 20},70 ${540 + n * 40},150" fill="hsl(${hue} 45% 35%)"/>`,
    ...windows,
    `<rect x="0" y="450" width="800" height="50" fill="hsl(${hue + 40} 30% 55%)"/>`,
    `<text x="400" y="420" text-anchor="middle" font-family="${font}" font-size="44" font-weight="700" fill="#fff">${escapeHtml(PHOTO_LABELS[kind])}</text>`,
    '</svg>',
  ].join('');
}

/** Writes the places' photos into the file store's `files/places/`; answers how many it wrote. */
export async function writePlacePhotos(files: SeedFiles): Promise<number> {
  let written = 0;
  for (const kind of PHOTO_KINDS) {
    for (let n = 1; n <= PHOTO_VARIANTS; n += 1) {
      const key = `files/places/${kind}-${n}.svg`;
      if (await files.writeNew(key, () => photoSvg(kind, n))) written += 1;
    }
  }
  return written;
}

const photosOf = (random: Random, kind: PhotoKind) => {
  const first = random.int(1, PHOTO_VARIANTS);
  return [0, 1, 2].map((i) => photoUrl(kind, ((first - 1 + i) % PHOTO_VARIANTS) + 1));
};

const phone = (random: Random) => `021-${random.int(5, 6)}${random.int(1_000_000, 9_999_999)}`;

/** A point within about `metres` of (lat, lng). */
function near(random: Random, lat: number, lng: number, metres: number) {
  const dLat = ((random.next() * 2 - 1) * metres) / 111_000;
  const dLng = ((random.next() * 2 - 1) * metres) / 95_000;
  return { lat: Number((lat + dLat).toFixed(6)), lng: Number((lng + dLng).toFixed(6)) };
}

const PROJECTS: ReadonlyArray<[title: string, intro: string]> = [
  ['智慧助老·手机课堂', '手把手教老年朋友使用智能手机：挂号、支付、视频通话。'],
  ['社区读书节', '全年共读十二本好书，每月一次读书分享会。'],
  ['非遗进社区', '剪纸、绒绣、面塑等非遗技艺体验课程。'],
  ['沪语传承计划', '说上海话、唱沪语童谣，传承本地文化。'],
  ['健康生活讲堂', '慢病管理、合理膳食、科学运动系列讲座。'],
  ['家门口的美育课', '书法、国画、合唱，在家门口享受艺术教育。'],
  ['红色文化寻访', '寻访区内红色遗址，讲述城市的红色故事。'],
  ['亲子共学营', '祖孙三代共同参与的周末学习活动。'],
];

interface Draft {
  row: NewMapPlaceRow;
  /** Index of its school in the drafts (a branch). */
  parent?: number;
  links: 'school' | 'point' | 'none';
  /** Text that finds the classes held there (their `place` contains it). */
  classMatch?: string;
}

/**
 * The learning map of the first site (静安区): a community school (社区学校), a culture centre
 * learning point and a neighbourhood learning point in each of its 14 streets, the district's
 * community college and senior university (老年大学) with four branches, libraries and venues,
 * each near its real street with photos, opening hours (schools closed on Monday, centres open
 * in the evening), phones and an introduction; courses and classes linked to them, projects, and
 * the seeded activities that name a place pointed at real ones (activities of a site without
 * places name none). Added last: its random draws come after every other step's.
 */
export async function seedPlaces({ db, random, now }: SeedContext) {
  const sites = await db.selectFrom('sites').select('key').orderBy('sort').execute();
  const site = sites[0];
  if (!site) return;
  const drafts: Draft[] = [];
  const base = (
    fields: Pick<NewMapPlaceRow, 'category' | 'kind' | 'name' | 'street' | 'address'> & {
      at: { lat: number; lng: number };
      hours: Hours;
      photos: PhotoKind;
      intro: string;
    },
  ): NewMapPlaceRow => {
    const photos = photosOf(random, fields.photos);
    return {
      site_key: site.key,
      category: fields.category,
      kind: fields.kind,
      parent_id: null,
      name: fields.name,
      street: fields.street,
      address: `上海市静安区${fields.address}`,
      lat: fields.at.lat,
      lng: fields.at.lng,
      phone: phone(random),
      hours: hoursJson(fields.hours),
      intro: `<p>${escapeHtml(fields.intro)}</p>`,
      cover: photos[0] ?? null,
      photos: JSON.stringify(photos),
      published: 1,
      created_at: now - random.int(30, 900) * 86_400_000,
      updated_at: now,
    };
  };

  drafts.push({
    links: 'school',
    classMatch: '社区学院',
    row: base({
      category: 'school',
      kind: '社区学院',
      name: '静安区社区学院',
      street: '江宁路街道',
      address: '西康路1163号',
      at: { lat: 31.2415, lng: 121.4437 },
      hours: HOURS.school,
      photos: 'school',
      intro: '静安区社区学院统筹全区社区教育，开设书画、健康、信息技术等各类课程与班级。',
    }),
  });
  const university = drafts.length;
  drafts.push({
    links: 'school',
    row: base({
      category: 'school',
      kind: '老年大学',
      name: '静安区老年大学',
      street: '南京西路街道',
      address: '陕西北路457号',
      at: { lat: 31.2318, lng: 121.4526 },
      hours: HOURS.university,
      photos: 'university',
      intro: '静安区老年大学面向全区老年朋友，开设书画、声乐、舞蹈、养生、智能手机等课程。',
    }),
  });
  for (const [street, lat, lng, road] of [5, 8, 10, 12].flatMap((n) =>
    STREETS[n] ? [STREETS[n]] : [],
  )) {
    drafts.push({
      links: 'school',
      parent: university,
      row: base({
        category: 'school',
        kind: '老年大学分校',
        name: `静安区老年大学${street.replace(/街道|镇$/, '')}分校`,
        street,
        address: `${road}${random.int(100, 900)}号`,
        at: near(random, lat, lng, 400),
        hours: HOURS.university,
        photos: 'university',
        intro: `老年大学在${street}的分校，就近开设书画、合唱、养生等热门课程。`,
      }),
    });
  }
  for (const [street, lat, lng, road] of STREETS) {
    drafts.push({
      links: 'school',
      classMatch: street,
      row: base({
        category: 'school',
        kind: '社区学校',
        name: `${street}社区学校`,
        street,
        address: `${road}${random.int(100, 1200)}号`,
        at: near(random, lat, lng, 350),
        hours: HOURS.school,
        photos: 'school',
        intro: `${street}社区学校为辖区居民提供家门口的终身学习服务，周二至周日开放，周一闭校。`,
      }),
    });
    drafts.push({
      links: 'point',
      row: base({
        category: 'point',
        kind: '社区文化活动中心',
        name: `${street}社区文化活动中心学习点`,
        street,
        address: `${road}${random.int(100, 1200)}号`,
        at: near(random, lat, lng, 500),
        hours: HOURS.centre,
        photos: 'point',
        intro: '文化活动中心学习点每天开放至晚上九点，有阅览室、书画室和多功能厅。',
      }),
    });
    drafts.push({
      links: 'point',
      row: base({
        category: 'point',
        kind: '居民区学习点',
        name: `${road}居民区学习点`,
        street,
        address: `${road}${random.int(1, 99)}弄`,
        at: near(random, lat, lng, 600),
        hours: HOURS.neighbourhood,
        photos: 'point',
        intro: '设在居委会活动室的学习点，工作日上午与晚上开放，就近参加读书与讲座。',
      }),
    });
  }
  for (const [name, kind, street, address, lat, lng] of LANDMARKS) {
    const library = kind === '图书馆学习点';
    drafts.push({
      links: 'point',
      row: base({
        category: 'point',
        kind,
        name,
        street,
        address,
        at: { lat, lng },
        hours: library ? HOURS.library : HOURS.venue,
        photos: library ? 'point' : 'venue',
        intro: `${name}：阅读、展览与讲座，欢迎市民走进来学习。`,
      }),
    });
  }

  // Schools first (branches name their school by id).
  const ids: number[] = [];
  for (const draft of drafts) {
    const parentId = draft.parent === undefined ? null : (ids[draft.parent] ?? null);
    const [id] = await insertReturningIds([{ ...draft.row, parent_id: parentId }], (chunk) =>
      db.insertInto('map_places').values(chunk).returning('id').execute(),
    );
    ids.push(id as number);
  }

  const courseIds = await publishedIds(db, 'courses', site.key, 400);
  const classes = await db
    .selectFrom('classes')
    .select(['id', 'place'])
    .where(publishedOn(site.key, 'classes'))
    .orderBy('id')
    .execute();
  const courseLinks: Array<{ place_id: number; course_id: number; sort: number }> = [];
  const classLinks: Array<{ place_id: number; class_id: number; sort: number }> = [];
  const projects: NewMapPlaceProjectRow[] = [];
  drafts.forEach((draft, n) => {
    const placeId = ids[n] as number;
    if (draft.links === 'none') return;
    const linked = sample(
      random,
      courseIds,
      draft.links === 'school' ? random.int(4, 10) : random.int(1, 5),
    );
    linked.forEach((course_id, sort) => {
      courseLinks.push({ place_id: placeId, course_id, sort });
    });
    if (draft.links === 'school') {
      const match = draft.classMatch;
      const matched = match ? classes.filter((c) => c.place.includes(match)).map((c) => c.id) : [];
      const extra = sample(
        random,
        classes.map((c) => c.id).filter((id) => !matched.includes(id)),
        Math.max(0, random.int(2, 5) - matched.length),
      );
      [...matched, ...extra].forEach((class_id, sort) => {
        classLinks.push({ place_id: placeId, class_id, sort });
      });
    }
    const projectCount = draft.links === 'school' ? random.int(1, 3) : random.int(0, 1);
    sample(random, PROJECTS, projectCount).forEach(([title, intro], sort) => {
      const startMonth = random.int(1, 9);
      projects.push({
        place_id: placeId,
        title,
        intro: `<p>${escapeHtml(intro)}</p>`,
        period: `2026年${startMonth}月-${startMonth + random.int(2, 3)}月`,
        status: random.pick(['recruiting', 'running', 'finished'] as const),
        sort,
        cover: draft.row.cover ?? null,
        published: 1,
        created_at: now,
      });
    });
  });
  await insertChunked(courseLinks, (chunk) =>
    db.insertInto('map_place_courses').values(chunk).execute(),
  );
  await insertChunked(classLinks, (chunk) =>
    db.insertInto('map_place_classes').values(chunk).execute(),
  );
  await insertChunked(projects, (chunk) =>
    db.insertInto('map_place_projects').values(chunk).execute(),
  );

  // The activities that name a place (drawn before places existed): a real place of their
  // site, the one whose name their venue starts with when there is one; none on other sites.
  const named = await db
    .selectFrom('activities')
    .select(['id', 'site_key', 'place', 'map_place_id'])
    .where('map_place_id', 'is not', null)
    .orderBy('id')
    .execute();
  const points = drafts
    .map((draft, n) => ({ name: draft.row.name, id: ids[n] as number }))
    .filter((_, n) => drafts[n]?.links !== 'none');
  for (const activity of named) {
    let placeId: number | null = null;
    if (activity.site_key === site.key) {
      const venue = activity.place.split(' ')[0] ?? '';
      const byName = points.find((p) => venue !== '' && p.name.startsWith(venue));
      placeId = byName?.id ?? points[(activity.map_place_id ?? 0) % points.length]?.id ?? null;
    }
    await db
      .updateTable('activities')
      .set({ map_place_id: placeId })
      .where('id', '=', activity.id)
      .execute();
  }
}
