import type { NewLiveSessionRow } from '../db/schema.ts';
import { insertLiveChannels, insertLiveSessions } from '../modules/live/live.queries.ts';
import { DEMO_VIDEO_URL } from './courses.ts';
import { gradientCoverSvg } from './covers.ts';
import type { SeedFiles } from './files.ts';
import { districtName, publishedIds, type SeedContext, seededSites } from './support.ts';
import { HOUR, localDay, MINUTE } from './time.ts';

/**
 * URL path of a session's source: the bundled HLS of the demo lesson, which the live module loops
 * into a live stream while the session is live (`modules/live/live-playlist.ts`).
 */
export const DEMO_LIVE_STREAM_URL = '/media/demo/lesson.m3u8';

interface ChannelSpec {
  /** `{district}` is the site's district, e.g. 静安. */
  name: string;
  /** The cover's title (site-independent, so one file serves every site). */
  coverTitle: string;
  introduction: string;
  colours: readonly [string, string];
}

/** The three channels of every site. */
const CHANNELS: readonly ChannelSpec[] = [
  {
    name: '{district}区社区学院直播间',
    coverTitle: '社区学院直播间',
    introduction:
      '{district}区社区学院的官方直播间，每周邀请专家学者、非遗传承人和优秀教师走进直播间，围绕健康养生、文史艺术、数字生活等主题开讲，直播结束后提供回放。',
    colours: ['#4f8cff', '#1d4ed8'],
  },
  {
    name: '街道社区学校频道',
    coverTitle: '街道社区学校',
    introduction:
      '汇集各街道社区学校的特色课堂与居民学习活动：书法、合唱、智能手机、家庭教育……把身边的好老师和好课程搬到线上，足不出户也能参与社区学习。',
    colours: ['#34c38f', '#0f766e'],
  },
  {
    name: '合作高校公开课',
    coverTitle: '高校公开课',
    introduction:
      '与本市高校合作开设的公开课频道，由高校教授和青年学者主讲，内容涵盖历史、文学、科学与社会热点，面向全体市民免费开放。',
    colours: ['#8b7cf6', '#5b21b6'],
  },
];

interface SessionSpec {
  /** Index into {@link CHANNELS}. */
  channel: number;
  title: string;
  speaker: string;
  speakerTitle: string;
  /** The cover's caption; the cover's colours come from the channel. */
  topic: string;
  /** One or two sentences: what the session is about. */
  about: string;
  /** What a learner takes away, listed in the introduction. */
  points: readonly string[];
}

/** Thirty sessions per site, in the order they are placed in time (see {@link placeSessions}). */
const SESSIONS: readonly SessionSpec[] = [
  {
    channel: 0,
    title: '秋冬季节慢病管理与合理用药',
    speaker: '陈文华',
    speakerTitle: '社区卫生服务中心全科主任医师',
    topic: '健康养生',
    about:
      '天气转凉，血压血糖容易波动。本场直播讲解秋冬季节常见慢病的自我管理方法和家庭用药注意事项。',
    points: ['血压血糖的家庭监测', '常见药物的服用误区', '何时需要及时就医'],
  },
  {
    channel: 1,
    title: '智能手机拍照与修图入门',
    speaker: '周晓峰',
    speakerTitle: '街道社区学校信息技术教师',
    topic: '数字生活',
    about: '手把手教您用手机拍出好看的照片，并用自带的编辑功能裁剪、调色，分享给家人朋友。',
    points: ['构图的三个小窍门', '逆光和夜景怎么拍', '手机自带修图工具'],
  },
  {
    channel: 2,
    title: '唐诗里的长安与江南',
    speaker: '刘若愚',
    speakerTitle: '复旦大学中文系副教授',
    topic: '文史讲堂',
    about: '从王维、杜甫到白居易，跟随诗人的脚步走进唐代的长安城与江南水乡，读懂诗句背后的时代。',
    points: ['长安城的日常生活', '诗人笔下的江南意象', '如何读一首唐诗'],
  },
  {
    channel: 0,
    title: '八段锦跟练：舒筋活络一刻钟',
    speaker: '王建平',
    speakerTitle: '区体育总会健身气功指导员',
    topic: '健康养生',
    about: '八段锦动作舒缓，适合中老年朋友日常练习。直播中老师逐式讲解并带领大家完整跟练。',
    points: ['八段锦的八个动作要领', '呼吸与动作的配合', '练习中的常见错误'],
  },
  {
    channel: 2,
    title: '上海城市建筑的百年变迁',
    speaker: '郑时龄',
    speakerTitle: '同济大学建筑与城市规划学院教授',
    topic: '城市人文',
    about: '从石库门里弄到外滩万国建筑群，再到浦东天际线，讲述上海建筑背后的城市故事。',
    points: ['石库门的由来', '外滩建筑的风格', '城市更新与保护'],
  },
  {
    channel: 1,
    title: '防范电信网络诈骗：这些套路要当心',
    speaker: '张立群',
    speakerTitle: '派出所社区民警',
    topic: '平安社区',
    about: '结合辖区真实案例，揭秘冒充客服、投资理财、保健品推销等常见诈骗套路，教您守好钱袋子。',
    points: ['最常见的五类骗局', '接到可疑电话怎么办', '被骗后的第一时间处置'],
  },
  {
    channel: 0,
    title: '家庭急救：心肺复苏与海姆立克法',
    speaker: '李晓燕',
    speakerTitle: '区急救中心培训主管',
    topic: '健康养生',
    about: '关键时刻的几分钟能挽救生命。专业急救培训师演示心肺复苏和气道异物梗阻的处置方法。',
    points: ['判断意识和呼吸', '胸外按压的位置与节奏', '海姆立克急救法'],
  },
  {
    channel: 2,
    title: '人工智能与我们的生活',
    speaker: '黄一鸣',
    speakerTitle: '上海交通大学计算机系研究员',
    topic: '科学前沿',
    about:
      '人工智能已经走进手机、家电和医院。本讲用通俗的语言介绍它能做什么、不能做什么，以及如何安全地使用。',
    points: ['人工智能是怎样学习的', '生活中的智能应用', '保护个人隐私'],
  },
  {
    channel: 1,
    title: '沪剧经典唱段赏析',
    speaker: '茅善玉',
    speakerTitle: '沪剧表演艺术家',
    topic: '戏曲艺术',
    about:
      '沪剧是上海的地方戏曲。艺术家现场演唱《罗汉钱》《芦荡火种》经典唱段，讲解沪剧的唱腔特点。',
    points: ['沪剧的历史渊源', '经典唱段欣赏', '跟唱一小段'],
  },
  {
    channel: 0,
    title: '老年人营养膳食搭配',
    speaker: '孙丽萍',
    speakerTitle: '注册营养师',
    topic: '健康养生',
    about: '吃得对才能吃得好。营养师讲解老年人每日膳食的搭配原则，并示范几道适合全家的家常菜。',
    points: ['一日三餐怎么搭配', '少盐少油的烹饪技巧', '补钙补蛋白的好食材'],
  },
  {
    channel: 2,
    title: '《红楼梦》中的人物与人情',
    speaker: '陈思和',
    speakerTitle: '复旦大学中文系教授',
    topic: '文史讲堂',
    about: '从宝黛钗的性格到大观园的人情往来，细读《红楼梦》中的人物塑造与传统社会的人情世故。',
    points: ['主要人物的性格', '细节里的人情世故', '怎样读经典长篇'],
  },
  {
    channel: 1,
    title: '书法入门：楷书的基本笔画',
    speaker: '赵明远',
    speakerTitle: '区书法家协会会员',
    topic: '书画艺术',
    about: '从握笔姿势到横竖撇捺，老师在直播中示范楷书基本笔画的写法，适合零基础的学员。',
    points: ['执笔与坐姿', '八种基本笔画', '日常练习的方法'],
  },
  {
    channel: 0,
    title: '社区志愿服务与时间银行',
    speaker: '徐红梅',
    speakerTitle: '区志愿者协会秘书长',
    topic: '社区治理',
    about: '介绍本区志愿服务项目和“时间银行”互助养老模式，欢迎居民朋友加入志愿者队伍。',
    points: ['志愿服务项目介绍', '时间银行怎么存取', '如何报名成为志愿者'],
  },
  {
    channel: 2,
    title: '气候变化与城市生活',
    speaker: '王元',
    speakerTitle: '华东师范大学地理科学学院教授',
    topic: '科学前沿',
    about: '极端天气为什么越来越多？本讲从科学角度解读气候变化，并介绍城市居民可以做的低碳行动。',
    points: ['气候变化的科学事实', '对上海的影响', '家庭低碳小行动'],
  },
  {
    channel: 1,
    title: '家庭教育：如何与青春期孩子沟通',
    speaker: '杨静',
    speakerTitle: '国家二级心理咨询师',
    topic: '家庭教育',
    about:
      '孩子进入青春期，家长常常感到无从下手。心理咨询师分享倾听与表达的方法，帮助改善亲子关系。',
    points: ['青春期的心理特点', '有效倾听的技巧', '化解冲突的沟通方式'],
  },
  {
    channel: 0,
    title: '垃圾分类新知识与实践',
    speaker: '顾建华',
    speakerTitle: '区绿化市容局宣教科科长',
    topic: '绿色生活',
    about: '垃圾分类实施多年，仍有不少容易混淆的物品。本场直播答疑解惑，讲解分类新要求和资源回收。',
    points: ['易混物品怎么分', '可回收物的去向', '小区分类好做法'],
  },
  {
    channel: 2,
    title: '宋词里的四季',
    speaker: '朱良志',
    speakerTitle: '北京大学哲学系教授',
    topic: '文史讲堂',
    about: '春花秋月、夏雨冬雪，宋代词人如何把四季写进词里？一起品读苏轼、李清照、辛弃疾的名篇。',
    points: ['词与诗的不同', '四季意象的运用', '名篇赏读'],
  },
  {
    channel: 1,
    title: '合唱基础：发声与呼吸训练',
    speaker: '林慧',
    speakerTitle: '街道社区学校合唱团指挥',
    topic: '音乐艺术',
    about: '想加入合唱团却担心唱不好？指挥老师带大家练习科学的呼吸和发声方法，唱出好声音。',
    points: ['腹式呼吸练习', '共鸣与咬字', '二声部合唱体验'],
  },
  {
    channel: 0,
    title: '认识阿尔茨海默病：早发现早干预',
    speaker: '吴晓红',
    speakerTitle: '区精神卫生中心副主任医师',
    topic: '健康养生',
    about: '记性变差就是老年痴呆吗？医生讲解阿尔茨海默病的早期信号、筛查方法和家庭照护要点。',
    points: ['早期信号有哪些', '如何进行认知筛查', '家庭照护与支持'],
  },
  {
    channel: 2,
    title: '宇宙有多大：从太阳系到银河系',
    speaker: '苟利军',
    speakerTitle: '中国科学院国家天文台研究员',
    topic: '科学前沿',
    about: '跟随天文学家的讲解，从地球出发，穿过太阳系，飞向银河系和更遥远的星系，感受宇宙的尺度。',
    points: ['太阳系的成员', '光年是多远', '业余观星入门'],
  },
  {
    channel: 1,
    title: '手机挂号、缴费与健康码使用',
    speaker: '沈佳',
    speakerTitle: '社区数字助老志愿者',
    topic: '数字生活',
    about: '看病不用排长队。志愿者一步步演示用手机预约挂号、线上缴费和查看检查报告。',
    points: ['预约挂号的步骤', '医保电子凭证', '查看检查报告'],
  },
  {
    channel: 0,
    title: '中医养生与节气调养',
    speaker: '何立人',
    speakerTitle: '上海中医药大学附属医院主任医师',
    topic: '健康养生',
    about: '顺应节气调养身体是中医养生的智慧。本讲介绍冬季进补的原则和适合家庭的食疗方。',
    points: ['节气与养生', '冬令进补的原则', '家庭食疗方推荐'],
  },
  {
    channel: 2,
    title: '丝绸之路上的文明交流',
    speaker: '荣新江',
    speakerTitle: '北京大学历史学系教授',
    topic: '文史讲堂',
    about: '丝绸之路不只是贸易之路，更是文明交流之路。从敦煌文书讲起，看东西方文化如何相互影响。',
    points: ['丝绸之路的走向', '敦煌的故事', '文明交流的见证'],
  },
  {
    channel: 1,
    title: '布艺手作：做一个环保购物袋',
    speaker: '陆美琴',
    speakerTitle: '非遗土布技艺传承人',
    topic: '手工艺',
    about: '用旧衣物和土布做一个结实好看的购物袋，既环保又实用。请提前准备剪刀、针线和布料。',
    points: ['材料的选择', '裁剪与缝制', '装饰小技巧'],
  },
  {
    channel: 0,
    title: '居家养老政策解读',
    speaker: '钱国强',
    speakerTitle: '区民政局养老服务科科长',
    topic: '社区治理',
    about: '长护险怎么申请？家庭照护床位有哪些服务？本场直播解读最新的居家养老政策与办理流程。',
    points: ['长期护理保险', '家庭照护床位', '社区养老服务设施'],
  },
  {
    channel: 2,
    title: '经济学视角看日常消费',
    speaker: '陆铭',
    speakerTitle: '上海交通大学经济学院教授',
    topic: '社会热点',
    about: '为什么促销总让人忍不住下单？用通俗的经济学原理解读日常消费中的选择与陷阱。',
    points: ['价格与价值', '消费心理', '理性消费的建议'],
  },
  {
    channel: 1,
    title: '太极拳二十四式教学',
    speaker: '马国华',
    speakerTitle: '市武术协会太极拳教练',
    topic: '健康养生',
    about: '二十四式太极拳动作连贯、强度适中。教练分段讲解动作要领，适合初学者跟练。',
    points: ['起势与收势', '重心转换', '分段跟练'],
  },
  {
    channel: 0,
    title: '家庭理财与防范非法集资',
    speaker: '冯志刚',
    speakerTitle: '银行理财规划师',
    topic: '生活技能',
    about: '如何为退休生活做好财务规划？理财规划师讲解稳健理财的原则，教您识别非法集资的常见手法。',
    points: ['家庭资产配置', '稳健理财的原则', '非法集资的识别'],
  },
  {
    channel: 2,
    title: '海派文化与上海话',
    speaker: '钱乃荣',
    speakerTitle: '上海大学文学院教授',
    topic: '城市人文',
    about: '上海话里藏着城市的历史。从俗语、童谣到老字号，聊聊海派文化的形成与传承。',
    points: ['上海话的来历', '有趣的沪语俗语', '海派文化的特点'],
  },
  {
    channel: 1,
    title: '绿植养护与阳台种菜',
    speaker: '蒋春燕',
    speakerTitle: '街道社区学校园艺课教师',
    topic: '生活技能',
    about: '在阳台上也能种出新鲜蔬菜。老师分享常见绿植的养护方法和适合阳台种植的蔬菜品种。',
    points: ['浇水与施肥', '适合阳台的蔬菜', '病虫害的防治'],
  },
];

/** Sessions live whenever the demo is seeded, then upcoming ones; the rest have ended. */
const LIVE_COUNT = 4;
const UPCOMING_COUNT = 16;
/** Ended sessions without a replay (every this many), e.g. a replay still being edited. */
const NO_REPLAY_EVERY = 4;

/** The evening and daytime slots sessions are held at (China time). */
const SLOTS = [
  [9, 30],
  [14, 0],
  [19, 0],
] as const;

/** Upcoming sessions (by their number among them) that overlap the one before. */
const OVERLAPPING: readonly number[] = [2, 11];

/** The start of the `n`th upcoming session: later today for the first, else a day's slot. */
function upcomingStart(now: number, n: number, [hour, minute]: readonly [number, number]) {
  if (n === 0) return now + 2 * HOUR;
  return localDay(now, 1 + Math.floor((n * 13) / UPCOMING_COUNT), hour, minute);
}

interface Placement {
  starts_at: number;
  ends_at: number;
  replay_url: string | null;
}

/**
 * Times of the sessions relative to `now` (the seed time): the first {@link LIVE_COUNT} started
 * 20 to 40 minutes ago and run 1 to 2 hours more, the next {@link UPCOMING_COUNT} are spread
 * over the coming two weeks, and the rest ended over the past days (most with a replay).
 */
function placeSessions(now: number): Placement[] {
  return SESSIONS.map((_, i) => {
    if (i < LIVE_COUNT) {
      const starts_at = now - (20 + ((i * 7) % 21)) * MINUTE;
      return { starts_at, ends_at: now + HOUR + i * 20 * MINUTE, replay_url: null };
    }
    if (i < LIVE_COUNT + UPCOMING_COUNT) {
      const n = i - LIVE_COUNT;
      const [hour, minute] = SLOTS[n % SLOTS.length] ?? SLOTS[0];
      // The first one starts later today; the others from tomorrow on, up to 14 days ahead.
      // A few start 45 minutes into the one before, for the timetable's 时间冲突.
      const previous = n - 1;
      const starts_at = OVERLAPPING.includes(n)
        ? upcomingStart(now, previous, SLOTS[previous % SLOTS.length] ?? SLOTS[0]) + 45 * MINUTE
        : upcomingStart(now, n, [hour, minute]);
      return { starts_at, ends_at: starts_at + 90 * MINUTE, replay_url: null };
    }
    const n = i - LIVE_COUNT - UPCOMING_COUNT;
    const [hour, minute] = SLOTS[n % SLOTS.length] ?? SLOTS[0];
    const starts_at = localDay(now, -(1 + n), hour, minute);
    const replay_url = n % NO_REPLAY_EVERY === NO_REPLAY_EVERY - 1 ? null : DEMO_VIDEO_URL;
    return { starts_at, ends_at: starts_at + 90 * MINUTE, replay_url };
  });
}

const channelCoverFile = (n: number) => `live-channel-${n + 1}.svg`;
const sessionCoverFile = (n: number) => `live-session-${n + 1}.svg`;
const coverUrl = (file: string) => `/files/covers/${file}`;

const COVER_PATTERN =
  '<circle cx="560" cy="60" r="150" fill="#fff" fill-opacity=".12"/><circle cx="80" cy="330" r="110" fill="#fff" fill-opacity=".08"/>';

function introductionOf(spec: SessionSpec, channel: string): string {
  const points = spec.points.map((point) => `<li>${point}</li>`).join('');
  return (
    `<p>${spec.about}</p><p><strong>主讲人：</strong>${spec.speaker}，${spec.speakerTitle}</p>` +
    `<p><strong>本场内容</strong></p><ul>${points}</ul>` +
    `<p>本场直播由${channel}提供，预约后可在“我的日程”中查看，开播前将提醒您。</p>`
  );
}

/** Seeds three live channels and thirty sessions per site, placed around the seed time. */
export async function seedLive({ db, now }: SeedContext): Promise<void> {
  for (const site of await seededSites(db)) {
    const district = districtName(site);
    const channelNames = CHANNELS.map((spec) => spec.name.replace('{district}', district));
    const channelIds = await insertLiveChannels(
      db,
      CHANNELS.map((spec, n) => ({
        site_key: site.key,
        name: channelNames[n] as string,
        cover: coverUrl(channelCoverFile(n)),
        introduction: spec.introduction.replace('{district}', district),
        sort: n + 1,
        published: 1,
      })),
    );
    // A few sessions point at a published course of the site, as the related course.
    const courseIds = await publishedIds(db, 'courses', site.key, 10);
    const placements = placeSessions(now);
    const rows: NewLiveSessionRow[] = SESSIONS.map((spec, i) => {
      const place = placements[i] as Placement;
      return {
        site_key: site.key,
        channel_id: channelIds[spec.channel] as number,
        title: spec.title,
        cover: coverUrl(sessionCoverFile(i)),
        speaker: spec.speaker,
        speaker_title: spec.speakerTitle,
        introduction: introductionOf(spec, channelNames[spec.channel] as string),
        starts_at: place.starts_at,
        ends_at: place.ends_at,
        stream_url: DEMO_LIVE_STREAM_URL,
        replay_url: place.replay_url,
        course_id:
          i % 3 === 0 ? (courseIds[(i / 3) % Math.max(courseIds.length, 1)] ?? null) : null,
        published: 1,
        created_at: Math.min(now, place.starts_at) - 7 * 24 * HOUR,
      };
    });
    await insertLiveSessions(db, rows);
  }
}

/**
 * Writes the live covers (one per channel, one per session: the same on every site) into the
 * file store's `files/covers/`, skipping files that exist; run at start-up. Answers how many it
 * wrote.
 */
export async function writeLiveCovers(files: SeedFiles): Promise<number> {
  let written = 0;
  for (const [n, spec] of CHANNELS.entries()) {
    const svg = () =>
      gradientCoverSvg({
        colours: spec.colours,
        pattern: COVER_PATTERN,
        title: spec.coverTitle,
        titleSize: 64,
        caption: '课程直播',
      });
    if (await files.writeNew(`files/covers/${channelCoverFile(n)}`, svg)) written += 1;
  }
  for (const [n, spec] of SESSIONS.entries()) {
    const channel = CHANNELS[spec.channel] ?? (CHANNELS[0] as ChannelSpec);
    const svg = () =>
      gradientCoverSvg({
        colours: channel.colours,
        vertical: n % 2 === 1,
        pattern: COVER_PATTERN,
        title: spec.topic,
        titleSize: 72,
        caption: `${spec.speaker} · ${channel.coverTitle}`,
      });
    if (await files.writeNew(`files/covers/${sessionCoverFile(n)}`, svg)) written += 1;
  }
  return written;
}
