import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../db/schema.ts';
import type { SeedFiles } from './files.ts';
import { DEMO_LEARNERS, insertChunked, insertReturningIds, type SeedContext } from './support.ts';
import { DAY, HOUR } from './time.ts';

/**
 * The demo's team works: a few works per team that exists when this step runs (the teams seed
 * comes first; with no team it writes nothing), by its active members, with pictures, likes and
 * comments. The pictures are a fixed set of generated drawings shared by the works; their file
 * names are not upload keys, so deleting a demo work never removes a picture another work shows.
 */

/** How many distinct demo pictures there are. */
const PICTURES = 12;
const FOLDER = 'team-works';

/** A picture's file names in the file store's `files/team-works/`. */
const pictureKey = (n: number) => `demo-work-${String(n).padStart(2, '0')}.webp`;
const thumbKey = (n: number) => `demo-work-${String(n).padStart(2, '0')}-thumb.webp`;
/** The generated drawings' size (4:3). */
const WIDTH = 1200;
const HEIGHT = 900;

const TEXTS = [
  '今天跟着课程练了一幅山水画，第一次画远山的层次，请大家多提意见。',
  '团队打卡第 7 天：坚持每天学习半小时，分享一下今天的笔记。',
  '周末和队友一起去社区学习点参加活动，收获满满！',
  '学完《手机摄影入门》后拍的几张照片，构图还在练习中。',
  '书法练习：今天写的是“学而不厌”，手还有点抖，继续努力。',
  '剪纸作品完成啦，用了两个晚上，送给孙女当新年礼物。',
  '读完了团队推荐的电子书，摘抄几句很有感触的话和大家分享。',
  '太极拳第二套动作终于连贯了，感谢老师和队友们的耐心指导。',
  '自己做的插花，配色参考了课程里讲的“主次分明”。',
  '今天学习了智能手机挂号，已经教会了楼下的老邻居。',
  '合唱排练小结：高声部还要多练气息，下周继续。',
  '手工编织的围巾，第一次尝试换色，效果还不错。',
];

const COMMENTS = [
  '真棒，向您学习！',
  '画得很有意境。',
  '坚持就是胜利，加油！',
  '颜色搭配得真好看。',
  '下次活动一起去呀。',
  '请问用的是什么材料？',
  '进步很大，点赞！',
  '谢谢分享，很受启发。',
];

/** The palette of each drawing: background top and bottom, and the shapes' colours. */
const PALETTES = [
  ['#fdf6e3', '#f3d9b1', '#8c5a2b', '#c0392b'],
  ['#e8f4fd', '#b9dcf5', '#1f5f8b', '#2e86c1'],
  ['#eefaf0', '#bfe6c6', '#2e7d32', '#f9a825'],
  ['#fff0f3', '#f8c8d4', '#ad1457', '#6a1b9a'],
] as const;

/** Drawing `n` (1-based) as SVG: mountains and a sun, flowers, brush strokes or tiles. */
function drawingSvg(n: number): string {
  const [top, bottom, ink, accent] = PALETTES[(n - 1) % PALETTES.length] as readonly string[];
  const kind = Math.floor((n - 1) / PALETTES.length) % 3;
  let shapes = '';
  if (kind === 0) {
    shapes = `<circle cx="${860 - n * 20}" cy="220" r="90" fill="${accent}" opacity="0.8"/>
      <path d="M0 700 L260 380 L470 620 L700 300 L1000 640 L1200 460 L1200 900 L0 900 Z" fill="${ink}" opacity="0.55"/>
      <path d="M0 780 L300 560 L560 760 L820 520 L1200 800 L1200 900 L0 900 Z" fill="${ink}" opacity="0.85"/>`;
  } else if (kind === 1) {
    for (let i = 0; i < 5; i += 1) {
      const cx = 180 + i * 210;
      const cy = 360 + ((i * 97 + n * 31) % 220);
      shapes += `<line x1="${cx}" y1="${cy}" x2="${cx + 20}" y2="900" stroke="${ink}" stroke-width="10"/>`;
      for (let p = 0; p < 6; p += 1) {
        const angle = (p / 6) * Math.PI * 2;
        shapes += `<circle cx="${cx + Math.cos(angle) * 48}" cy="${cy + Math.sin(angle) * 48}" r="42" fill="${accent}" opacity="0.75"/>`;
      }
      shapes += `<circle cx="${cx}" cy="${cy}" r="30" fill="#ffd54f"/>`;
    }
  } else {
    for (let i = 0; i < 4; i += 1) {
      const y = 180 + i * 170;
      shapes += `<path d="M${160 + i * 40} ${y} C ${420} ${y - 90 + n * 5}, ${700} ${y + 120}, ${1040 - i * 30} ${y + 10}" stroke="${i % 2 ? accent : ink}" stroke-width="${46 - i * 6}" stroke-linecap="round" fill="none" opacity="0.85"/>`;
    }
    shapes += `<rect x="980" y="700" width="110" height="110" rx="8" fill="${accent}"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>${shapes}</svg>`;
}

/** Where generated pictures are kept between fresh data folders (tests, e2e runs). */
const cacheDir = () => path.join(os.tmpdir(), 'portal-team-work-pictures-v1');

/** Picture `n` and its thumbnail as WebP, from the cache or drawn now (and cached). */
async function pictureFiles(n: number): Promise<[Buffer, Buffer]> {
  const dir = cacheDir();
  const image = path.join(dir, pictureKey(n));
  const thumb = path.join(dir, thumbKey(n));
  if (fs.existsSync(image) && fs.existsSync(thumb)) {
    return [fs.readFileSync(image), fs.readFileSync(thumb)];
  }
  const svg = Buffer.from(drawingSvg(n));
  const made: [Buffer, Buffer] = [
    await sharp(svg).webp({ quality: 80 }).toBuffer(),
    await sharp(svg).resize(360, 360, { fit: 'cover' }).webp({ quality: 75 }).toBuffer(),
  ];
  fs.mkdirSync(dir, { recursive: true });
  for (const [file, content] of [
    [image, made[0]],
    [thumb, made[1]],
  ] as const) {
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, content);
    fs.renameSync(temp, file);
  }
  return made;
}

/**
 * Writes the missing demo pictures into the file store's `files/` folder; answers how many it
 * wrote.
 */
export async function writeTeamWorkFiles(db: Kysely<Database>, files: SeedFiles): Promise<number> {
  const seeded = await db
    .selectFrom('team_work_images')
    .select('id')
    .where('image_key', 'like', 'demo-work-%')
    .limit(1)
    .executeTakeFirst();
  if (!seeded) return 0;
  let written = 0;
  for (let n = 1; n <= PICTURES; n += 1) {
    const imageFile = `files/${FOLDER}/${pictureKey(n)}`;
    const thumbFile = `files/${FOLDER}/${thumbKey(n)}`;
    if ((await files.has(imageFile)) && (await files.has(thumbFile))) continue;
    const [image, thumb] = await pictureFiles(n);
    if (await files.writeNew(imageFile, image)) written += 1;
    if (await files.writeNew(thumbFile, thumb)) written += 1;
  }
  return written;
}

/**
 * Seeds works for every live team: 1 to 4 works each (a demo learner who is a member writes the
 * first), 0 to 4 pictures, likes by some members and comments. Does nothing without teams.
 */
export async function seedTeamWorks({ db, random, now }: SeedContext): Promise<void> {
  const teams = await db
    .selectFrom('teams')
    .select(['id', 'leader_id'])
    .where('dissolved_at', 'is', null)
    .orderBy('id')
    .execute();
  if (teams.length === 0) return;
  const members = await db
    .selectFrom('team_members')
    .select(['team_id', 'user_id'])
    .where('status', '=', 'active')
    .orderBy('team_id')
    .orderBy('user_id')
    .execute();
  const demoIds = new Set(
    (
      await db
        .selectFrom('users')
        .select('id')
        .where(
          'username',
          'in',
          DEMO_LEARNERS.map((learner) => learner.username),
        )
        .execute()
    ).map((row) => row.id),
  );
  const byTeam = new Map<number, number[]>();
  for (const row of members)
    byTeam.set(row.team_id, [...(byTeam.get(row.team_id) ?? []), row.user_id]);

  interface Planned {
    teamId: number;
    authorId: number;
    body: string;
    pictures: number[];
    likers: number[];
    comments: Array<{ authorId: number; body: string; at: number }>;
    featured: boolean;
    at: number;
  }
  const planned: Planned[] = [];
  for (const team of teams) {
    const people = byTeam.get(team.id) ?? [team.leader_id];
    const count = random.int(1, 4);
    for (let i = 0; i < count; i += 1) {
      const demo = people.find((id) => demoIds.has(id));
      const authorId = i === 0 && demo !== undefined ? demo : random.pick(people);
      const at = now - random.int(1, 30 * 24) * HOUR - i * DAY;
      const pictures = Array.from({ length: random.int(0, 4) }, () => random.int(1, PICTURES));
      const likers = people.filter((id) => id !== authorId && random.chance(0.5));
      const comments = Array.from({ length: random.int(0, 3) }, (_, k) => ({
        authorId: random.pick(people),
        body: random.pick(COMMENTS),
        at: Math.min(at + (k + 1) * HOUR, now),
      }));
      planned.push({
        teamId: team.id,
        authorId,
        body: random.pick(TEXTS),
        pictures,
        likers,
        comments,
        featured: i === 0 && random.chance(0.3),
        at,
      });
    }
  }

  const ids = await insertReturningIds(
    planned.map((work) => ({
      team_id: work.teamId,
      author_id: work.authorId,
      body: work.body,
      featured: work.featured ? 1 : 0,
      featured_at: work.featured ? work.at : null,
      like_count: work.likers.length,
      comment_count: work.comments.length,
      image_count: work.pictures.length,
      created_at: work.at,
      updated_at: work.at,
    })),
    (chunk) => db.insertInto('team_works').values(chunk).returning('id').execute(),
  );
  const images = planned.flatMap((work, i) =>
    work.pictures.map((n, sort) => ({
      work_id: ids[i] as number,
      sort,
      image_key: pictureKey(n),
      thumb_key: thumbKey(n),
      width: WIDTH,
      height: HEIGHT,
    })),
  );
  await insertChunked(images, (chunk) => db.insertInto('team_work_images').values(chunk).execute());
  const likes = planned.flatMap((work, i) =>
    work.likers.map((userId) => ({
      work_id: ids[i] as number,
      user_id: userId,
      created_at: Math.min(work.at + HOUR, now),
    })),
  );
  await insertChunked(likes, (chunk) => db.insertInto('team_work_likes').values(chunk).execute());
  const comments = planned.flatMap((work, i) =>
    work.comments.map((comment) => ({
      work_id: ids[i] as number,
      author_id: comment.authorId,
      body: comment.body,
      created_at: comment.at,
    })),
  );
  await insertChunked(comments, (chunk) =>
    db.insertInto('team_work_comments').values(chunk).execute(),
  );
}
