import type { NewTeamRow } from '../db/schema.ts';
import { escapeHtml } from '../platform/html.ts';
import type { SeedFiles } from './files.ts';
import type { Random } from './random.ts';
import {
  insertChunked,
  insertReturningIds,
  learnersOf,
  type SeedContext,
  sample,
} from './support.ts';

/** The demo teams' names (40), with what they learn together. */
const TEAM_SPECS: ReadonlyArray<[name: string, intro: string]> = [
  ['书香读书会', '每月共读一本好书，周末在社区图书馆交流读后感。'],
  ['智能手机学习小组', '一起学用手机：挂号、视频通话、出行码，互相帮一把。'],
  ['太极养生团', '清晨公园练太极，线上学养生课程。'],
  ['书法研习社', '楷书入门到行书临帖，每周交一次作业。'],
  ['合唱团学习队', '学唱经典老歌，识谱练声一起进步。'],
  ['摄影爱好者', '手机摄影与构图，每周一个拍摄主题。'],
  ['沪语传承班', '说上海话、听老故事，传承本地文化。'],
  ['国画山水组', '从梅兰竹菊到山水小品，交流笔墨心得。'],
  ['英语角', '日常英语口语练习，出国旅游不发愁。'],
  ['健康讲堂学习群', '跟着健康讲座学慢病管理与合理膳食。'],
  ['舞蹈队', '广场舞与民族舞，跟着视频课一起跳。'],
  ['家庭教育交流会', '隔代教育经验分享，和孙辈一起成长。'],
  ['非遗手工坊', '剪纸、绒绣、面塑，动手学非遗。'],
  ['诗词鉴赏会', '读唐诗宋词，每周背一首、讲一首。'],
  ['园艺种植组', '阳台种菜养花，分享种植经验。'],
  ['中医养生学堂', '学习经络穴位与四季养生知识。'],
  ['编织手艺社', '毛线编织与钩针，织给家人的温暖。'],
  ['电脑入门班', '从开机到上网，学会电脑基本操作。'],
  ['京剧票友会', '学唱段、聊名家，一起感受国粹魅力。'],
  ['旅游文化行', '边走边学，了解城市历史与人文。'],
  ['烘焙美食组', '学做家常点心，分享美食配方。'],
  ['理财知识学习组', '识别骗局、学习稳健理财常识。'],
  ['乐器学习队', '口琴、葫芦丝入门，合奏经典曲目。'],
  ['志愿服务学习队', '学习急救与助老知识，服务社区。'],
  ['茶艺学习社', '认识六大茶类，学习冲泡与茶礼。'],
  ['朗诵艺术团', '练习普通话朗诵，参加社区展演。'],
  ['棋艺交流社', '象棋围棋入门与对弈交流。'],
  ['垃圾分类宣传队', '学习分类知识，做好社区宣传。'],
  ['老照片故事会', '翻拍老照片，讲述城市与家庭的故事。'],
  ['营养膳食组', '学习营养搭配，吃得健康又美味。'],
  ['防诈骗学习队', '学习识别电信诈骗，守护钱袋子。'],
  ['篆刻兴趣组', '学习篆书与刻印基础。'],
  ['绘本共读团', '祖孙共读绘本，学习讲故事的方法。'],
  ['健步走学习队', '学习科学健身知识，每天一起健步走。'],
  ['插花艺术组', '学习东方插花与花材搭配。'],
  ['历史文化读书班', '读史明理，交流近代上海史。'],
  ['短视频制作组', '学习拍摄与剪辑，记录美好生活。'],
  ['剪纸艺术班', '学习传统剪纸技法与纹样寓意。'],
  ['法律知识学习组', '学习与生活相关的法律常识。'],
  ['心理健康互助组', '学习情绪调节，保持积极心态。'],
];

const HUES = [217, 12, 152, 340, 200, 265, 170, 30, 45, 330, 120, 280];
const DAY = 86_400_000;

/** The URL of a seeded team's avatar (an SVG written by {@link writeTeamAvatars}). */
const avatarUrl = (n: number) => `/files/team-avatars/seed-${n + 1}.svg`;

/** A square avatar: the team name's first character on a colour. */
function avatarSvg(name: string, n: number): string {
  const hue = HUES[n % HUES.length] ?? 217;
  const font = `'Noto Sans CJK SC', 'PingFang SC', sans-serif`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">',
    `<rect width="256" height="256" rx="48" fill="hsl(${hue} 60% 36%)"/>`,
    `<circle cx="200" cy="56" r="70" fill="#fff" fill-opacity=".12"/>`,
    `<text x="128" y="140" text-anchor="middle" dominant-baseline="middle" font-family="${font}" font-size="120" font-weight="700" fill="#fff">${escapeHtml(name.slice(0, 1))}</text>`,
    '</svg>',
  ].join('');
}

/**
 * Writes the seeded teams' avatars into the file store's `files/team-avatars/`; answers how
 * many it wrote.
 */
export async function writeTeamAvatars(files: SeedFiles): Promise<number> {
  let written = 0;
  for (const [n, [name]] of TEAM_SPECS.entries()) {
    const key = `files/team-avatars/seed-${n + 1}.svg`;
    if (await files.writeNew(key, () => avatarSvg(name, n))) written += 1;
  }
  return written;
}

/** A seeded invitation code: stable, 8 letters and digits. */
const inviteCode = (n: number) => `DEMO${String(n + 1).padStart(4, '0')}`;

function joinMode(random: Random, n: number): NewTeamRow['join_mode'] {
  // The demo learners' own teams: one open, one by approval (so 成员管理 has requests).
  if (n === 0) return 'approval';
  if (n === 1) return 'open';
  const roll = random.int(0, 9);
  return roll < 6 ? 'open' : roll < 9 ? 'approval' : 'code';
}

/**
 * 40 learning teams on the first site, each led by a different learner with members: the demo
 * learner (13800000001) leads the first (by approval, with requests waiting) and belongs to
 * three others, among them the second demo learner's team. Invitation codes are `DEMO0001`...
 */
export async function seedTeams({ db, random, now }: SeedContext) {
  const site = await db.selectFrom('sites').select('key').orderBy('sort').executeTakeFirst();
  if (!site) return;
  const { demo, generated } = await learnersOf(db);
  const [first, second] = demo;
  if (!first || !second || generated.length < TEAM_SPECS.length) return;
  const leaders = [
    first.id,
    second.id,
    ...generated.slice(0, TEAM_SPECS.length - 2).map((l) => l.id),
  ];
  const pool = generated.slice(TEAM_SPECS.length).map((learner) => learner.id);

  const teams: NewTeamRow[] = TEAM_SPECS.map(([name, intro], n) => {
    const created = now - random.int(5, 400) * DAY;
    return {
      site_key: site.key,
      name,
      avatar: n % 5 === 4 ? null : avatarUrl(n),
      intro,
      join_mode: joinMode(random, n),
      invite_code: inviteCode(n),
      invite_expires_at: now + 30 * DAY,
      leader_id: leaders[n] as number,
      capacity: random.pick([20, 30, 50, 100]),
      seats_taken: 0,
      last_active_at: now - random.int(0, 30) * DAY - random.int(0, 86_399) * 1000,
      created_at: created,
      updated_at: created,
      dissolved_at: null,
    };
  });
  const ids = await insertReturningIds(teams, (chunk) =>
    db.insertInto('teams').values(chunk).returning('id').execute(),
  );

  const memberships: Array<{ team: number; user: number; at: number }> = [];
  ids.forEach((teamId, n) => {
    const team = teams[n] as NewTeamRow;
    memberships.push({ team: teamId, user: team.leader_id, at: team.created_at });
    const others = sample(random, pool, random.int(3, Math.min(18, team.capacity - 4)));
    for (const user of others) {
      memberships.push({ team: teamId, user, at: team.created_at + random.int(1, 60) * 3_600_000 });
    }
  });
  // The demo learner belongs to the second demo learner's team and two others.
  for (const n of [1, 2, 3]) {
    const team = teams[n] as NewTeamRow;
    memberships.push({ team: ids[n] as number, user: first.id, at: team.created_at + DAY });
  }

  await insertChunked(memberships, (chunk) =>
    db
      .insertInto('team_members')
      .values(
        chunk.map((m) => ({
          team_id: m.team,
          user_id: m.user,
          status: 'active' as const,
          joined_at: m.at,
          created_at: m.at,
          updated_at: m.at,
        })),
      )
      .execute(),
  );
  const counts = new Map<number, number>();
  for (const m of memberships) counts.set(m.team, (counts.get(m.team) ?? 0) + 1);
  for (const [teamId, count] of counts) {
    await db.updateTable('teams').set({ seats_taken: count }).where('id', '=', teamId).execute();
  }

  // Two learners wait for the demo learner's approval.
  const members = new Set(memberships.filter((m) => m.team === ids[0]).map((m) => m.user));
  const askers = pool.filter((user) => !members.has(user)).slice(0, 2);
  await insertChunked(askers, (chunk) =>
    db
      .insertInto('team_requests')
      .values(
        chunk.map((user, i) => ({
          team_id: ids[0] as number,
          user_id: user,
          status: 'pending' as const,
          message: i === 0 ? '我住在附近，想和大家一起读书' : '',
          created_at: now - (i + 1) * 3_600_000,
        })),
      )
      .execute(),
  );
}
