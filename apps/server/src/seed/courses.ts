import { insertReturningIds, insertRows } from '../db/rows.ts';
import type {
  NewCourseChapterRow,
  NewCourseLessonRow,
  NewCourseRow,
  NewCourseTagRow,
} from '../db/schema.ts';
import { insertCourses } from '../modules/courses/courses.queries.ts';
import { COVER_VARIANTS, coverPath } from './covers.ts';
import type { Random } from './random.ts';
import {
  categoryRows,
  districtName,
  insertChunked,
  type SeedContext,
  seededSites,
  shuffled,
} from './support.ts';
import { DAY } from './time.ts';
import { surnames } from './words.ts';

/** Courses per site per unit of scale (a few of them unpublished). */
export const COURSES_PER_SCALE = 150;
/** Every this many courses one is left unpublished (a draft or a withdrawn course). */
const UNPUBLISHED_EVERY = 25;
/** Courses generated and inserted together, with their chapters, lessons and tags. */
const BATCH = 500;
export const DEMO_VIDEO_URL = '/media/demo/lesson.mp4';

interface CategorySpec {
  name: string;
  /** What its teachers teach, for their biographies. */
  field: string;
  audience: string;
  /** Two teacher titles; `{区}` is the site's district. */
  teacherTitles: readonly [string, string];
  tags: readonly string[];
  titles: readonly string[];
  lessons: readonly string[];
}

const CATEGORIES: readonly CategorySpec[] = [
  {
    name: '智能生活',
    field: '智能手机与数字生活',
    audience: '想用好手机、跟上数字生活的中老年朋友',
    teacherTitles: ['信息技术讲师 · {区}区社区学院', '高级工程师 · 数字助老志愿服务队'],
    tags: ['智能手机', '微信', '防诈骗', '数字生活', '移动支付'],
    titles: [
      '智能手机入门：微信视频通话',
      '智能手机入门：拍照与相册整理',
      '微信支付与防诈骗常识',
      '手机预约挂号全攻略',
      '用手机查公交地铁',
      '网上购物入门',
      '短视频拍摄与剪辑入门',
      '随申办与电子证照使用指南',
      '智能音箱与智能家居',
      '手机字体放大与常用设置',
      '电子社保卡与医保码',
      '手机地图与网约车',
    ],
    lessons: [
      '认识手机桌面与常用按键',
      '连接无线网络',
      '添加微信好友',
      '发起视频通话',
      '发送语音和图片',
      '绑定银行卡的注意事项',
      '识别常见诈骗短信',
      '设置字体大小与亮度',
      '下载和卸载应用',
      '扫码付款与收款',
      '整理手机相册',
      '清理手机存储空间',
    ],
  },
  {
    name: '健康养生',
    field: '中医养生与慢病管理',
    audience: '关注自身和家人健康、希望科学养生的学员',
    teacherTitles: ['主任医师 · {区}区中心医院', '国家级社会体育指导员'],
    tags: ['养生', '太极拳', '慢病管理', '中医', '运动健身'],
    titles: [
      '太极拳二十四式详解',
      '八段锦跟练',
      '中医四季养生',
      '高血压的日常管理',
      '老年人合理膳食',
      '颈肩腰腿痛的预防',
      '睡眠与健康',
      '常见慢病用药常识',
      '家庭急救与心肺复苏',
      '五禽戏入门',
      '秋冬进补有讲究',
      '眼睛保健与老花眼',
    ],
    lessons: [
      '起势与站桩要领',
      '呼吸与动作的配合',
      '野马分鬃',
      '白鹤亮翅',
      '两手托天理三焦',
      '饮食中的盐与油',
      '认识血压与血糖指标',
      '居家测量血压的方法',
      '颈椎保健操',
      '心肺复苏的步骤',
      '四季起居调养',
      '穴位按摩入门',
    ],
  },
  {
    name: '书画艺术',
    field: '书法与中国画',
    audience: '喜爱书画、想提笔练习的初学者与爱好者',
    teacherTitles: ['上海市书法家协会会员', '国画讲师 · {区}区文化馆'],
    tags: ['书法', '国画', '楷书', '临帖', '传统文化'],
    titles: [
      '小楷书法入门',
      '硬笔书法：楷书基本笔画',
      '隶书《曹全碑》临习',
      '国画花鸟：梅兰竹菊',
      '山水画入门：树石画法',
      '水彩风景写生',
      '篆刻入门',
      '工笔牡丹技法',
      '行书《兰亭序》赏析与临摹',
      '亲子绘画与儿童画',
      '素描基础：静物结构',
      '中国画的笔墨与意境',
    ],
    lessons: [
      '文房四宝的选择',
      '执笔与坐姿',
      '横画与竖画',
      '点画与撇捺',
      '字的结构与布局',
      '临帖的方法',
      '墨色的浓淡干湿',
      '兰叶的画法',
      '梅花的枝干与花朵',
      '山石的皴法',
      '作品的题款与钤印',
      '作品装裱常识',
    ],
  },
  {
    name: '音乐戏曲',
    field: '声乐与戏曲表演',
    audience: '爱唱爱听、想学一门乐器或一段唱腔的学员',
    teacherTitles: ['国家一级演员 · 上海越剧院', '声乐讲师 · {区}区老年大学'],
    tags: ['越剧', '沪剧', '合唱', '乐器', '经典老歌'],
    titles: [
      '越剧经典唱段赏析',
      '沪剧入门：吴侬软语唱沪剧',
      '京剧脸谱与行当',
      '合唱发声训练',
      '葫芦丝入门',
      '口琴吹奏基础',
      '二胡入门',
      '经典老歌演唱技巧',
      '简谱视唱入门',
      '昆曲《牡丹亭》选段欣赏',
      '成人钢琴启蒙',
      '评弹艺术欣赏',
    ],
    lessons: [
      '认识简谱与节拍',
      '科学的呼吸方法',
      '共鸣与咬字',
      '唱腔的韵味',
      '持琴与按弦',
      '基本指法练习',
      '经典唱段学唱',
      '身段与台步',
      '合唱中的声部配合',
      '练习曲跟奏',
      '名家名段欣赏',
      '登台表演小贴士',
    ],
  },
  {
    name: '文学历史',
    field: '中国文学与地方史',
    audience: '爱读书、爱听故事、想了解城市历史的学员',
    teacherTitles: ['中文系副教授', '地方史研究者 · {区}区档案馆'],
    tags: ['古诗词', '名著导读', '上海历史', '海派文化', '传统文化'],
    titles: [
      '唐诗宋词里的四季',
      '《红楼梦》人物谈',
      '上海弄堂里的老故事',
      '{区}历史建筑漫步',
      '海派文化十二讲',
      '《论语》选读',
      '中国古代名人家训',
      '近代上海与城市变迁',
      '散文写作入门',
      '名著导读：《边城》',
      '二十四节气里的民俗',
      '古诗词吟诵',
    ],
    lessons: [
      '诗人与他的时代',
      '名篇精读',
      '意象与意境',
      '人物形象分析',
      '老建筑里的故事',
      '石库门的前世今生',
      '节气与农事',
      '写作的选材与立意',
      '吟诵的平仄与节奏',
      '经典名句赏析',
      '城市记忆寻访',
      '读书笔记怎么写',
    ],
  },
  {
    name: '家庭教育',
    field: '家庭教育与心理健康',
    audience: '希望与孩子、家人相处更融洽的家长和祖辈',
    teacherTitles: ['国家二级心理咨询师', '家庭教育指导师 · {区}区妇联'],
    tags: ['亲子沟通', '隔代教育', '心理健康', '家风家教', '育儿'],
    titles: [
      '隔代教育的智慧',
      '青春期孩子的沟通之道',
      '幼小衔接家长课堂',
      '亲子阅读指导',
      '家庭理财规划入门',
      '婚姻与家庭关系',
      '孩子的情绪管理',
      '家庭垃圾分类实践',
      '培养孩子好习惯',
      '家风家教与传承',
      '居家养老照护技巧',
      '科学育儿：0-3岁',
    ],
    lessons: [
      '倾听孩子的心声',
      '表扬与批评的分寸',
      '祖辈与父母的分工',
      '建立家庭规则',
      '陪伴孩子阅读',
      '情绪的识别与表达',
      '家庭收支记账',
      '垃圾分类的四个类别',
      '作息习惯的养成',
      '家庭会议怎么开',
      '照护失能老人的要点',
      '常见育儿误区',
    ],
  },
  {
    name: '法律常识',
    field: '民事法律与权益保护',
    audience: '想懂法、用法、维护自身权益的市民',
    teacherTitles: ['执业律师 · 上海市律师协会会员', '人民调解员 · {区}区司法所'],
    tags: ['民法典', '权益保护', '反诈', '婚姻家庭', '普法'],
    titles: [
      '民法典与百姓生活',
      '老年人权益保障法解读',
      '防范电信网络诈骗',
      '婚姻家庭与继承',
      '房屋租赁法律常识',
      '消费者权益保护',
      '遗嘱订立与公证',
      '劳动合同与社会保险',
      '物业纠纷怎么办',
      '个人信息保护',
      '邻里纠纷调解',
      '交通事故处理常识',
    ],
    lessons: [
      '法律条文怎么读',
      '典型案例分析',
      '证据的收集与保存',
      '遗嘱的几种形式',
      '租房合同的关键条款',
      '网购退换货的规定',
      '识别冒充公检法诈骗',
      '个人信息泄露怎么办',
      '调解与诉讼的选择',
      '法律援助的申请',
      '赡养与扶养义务',
      '常见问题答疑',
    ],
  },
  {
    name: '摄影摄像',
    field: '摄影与视频创作',
    audience: '喜欢用相机或手机记录生活的摄影爱好者',
    teacherTitles: ['中国摄影家协会会员', '摄影讲师 · {区}区社区学院'],
    tags: ['摄影', '手机摄影', '构图', '后期修图', '视频剪辑'],
    titles: [
      '数码相机基础操作',
      '手机摄影构图技巧',
      '人像摄影与光线运用',
      '风光摄影入门',
      '旅游摄影与记录',
      '微距摄影：花卉与昆虫',
      '城市夜景拍摄',
      '手机修图入门',
      '家庭视频拍摄与剪辑',
      '纪实摄影：记录身边的人',
      '黑白摄影的魅力',
      '摄影作品赏析',
    ],
    lessons: [
      '光圈、快门与感光度',
      '三分法与引导线构图',
      '顺光、侧光与逆光',
      '对焦与测光',
      '拍摄前的准备',
      '花卉特写的拍法',
      '夜景的稳定与曝光',
      '裁剪与调色',
      '视频的分镜与剪辑',
      '人物抓拍的时机',
      '作品点评',
      '照片的整理与备份',
    ],
  },
  {
    name: '外语学习',
    field: '外语教学',
    audience: '想开口说外语、出国旅行更从容的学员',
    teacherTitles: ['英语高级讲师 · {区}区业余大学', '日语讲师 · 外语培训中心'],
    tags: ['英语', '日语', '口语', '旅游外语', '零基础'],
    titles: [
      '生活英语口语入门',
      '旅游英语一百句',
      '英语音标与发音',
      '日语五十音图',
      '韩语基础发音',
      '出国旅行实用英语',
      '英语歌曲学唱',
      '看电影学英语',
      '法语入门：日常问候',
      '英语邮件写作入门',
      '少儿英语启蒙家长课',
      '英语语法轻松学',
    ],
    lessons: [
      '问候与自我介绍',
      '元音与辅音',
      '在机场办理登机',
      '在酒店办理入住',
      '餐厅点餐',
      '问路与乘车',
      '购物与讲价',
      '平假名与片假名',
      '常用数字与时间',
      '看病与求助',
      '情景对话练习',
      '单词记忆方法',
    ],
  },
  {
    name: '手工园艺',
    field: '园艺与传统手工',
    audience: '喜欢动手、想让生活多一点花草与手作的学员',
    teacherTitles: ['高级园艺师 · 上海植物园', '非遗传承人 · 海派剪纸'],
    tags: ['园艺', '多肉', '插花', '剪纸', '手工'],
    titles: [
      '阳台种菜入门',
      '多肉植物养护',
      '插花艺术基础',
      '盆景制作与养护',
      '中国结编织',
      '布艺手工：零钱包',
      '剪纸艺术入门',
      '绒线编织：围巾与帽子',
      '衍纸与纸艺',
      '家庭绿植养护',
      '月季栽培技巧',
      '旧物改造与创意手工',
    ],
    lessons: [
      '工具与材料准备',
      '土壤与花盆的选择',
      '浇水与施肥',
      '病虫害的防治',
      '修剪与造型',
      '花材的搭配',
      '基本结的编法',
      '对称剪纸的折法',
      '起针与收针',
      '作品的装饰与收纳',
      '换盆与分株',
      '作品展示与交流',
    ],
  },
];

const GENERAL_TAGS = ['零基础', '中老年', '实用', '热门', '精品课', '微课', '名师'] as const;

/** Later rounds of the same title get a suffix, so titles stay distinct at any scale. */
const TITLE_ROUNDS = ['', '（进阶篇）', '（实践篇）', '（精讲版）'] as const;

const CHAPTER_STAGES = [
  ['课程导学', '基础认识', '入门准备', '基本概念'],
  ['方法要领', '核心技巧', '要点精讲', '分步讲解'],
  ['实践练习', '案例示范', '跟练巩固', '实操演示'],
  ['拓展提高', '常见问题解答', '总结回顾', '综合运用'],
] as const;
const CHAPTER_NUMBERS = ['一', '二', '三', '四'] as const;
const EXTRA_LESSONS = ['课堂练习', '要点回顾', '常见问题答疑', '学员作品点评', '课后小结'] as const;

const TEACHER_GIVEN_NAMES = [
  '文华',
  '志明',
  '丽娟',
  '建华',
  '晓燕',
  '国强',
  '海燕',
  '振宇',
  '雅琴',
  '春生',
  '佩玲',
  '德华',
  '慧敏',
  '永康',
  '静怡',
  '伟民',
  '玉兰',
  '立新',
  '晓东',
  '素珍',
] as const;
const BIO_TAILS = [
  '讲课深入浅出，善于把复杂的内容讲得明白易懂',
  '长期在社区学校和老年大学授课，深受学员喜爱',
  '曾多次获评市级优秀社区教育工作者',
  '注重示范与互动，课堂气氛轻松活泼',
  '出版过多本面向大众的普及读物',
  '热心公益，常年参与社区志愿服务',
] as const;

const SUMMARIES = [
  '从零开始学习{topic}，讲解通俗易懂，步骤清晰，适合跟着视频一起练。',
  '{teacher}老师带你系统了解{topic}，每节课十来分钟，学了就能用。',
  '围绕{topic}中的常见问题，结合生活实例逐一讲解，帮助你轻松入门。',
  '本课程由浅入深讲解{topic}，配有示范与练习，在家也能学会。',
  '精选{topic}的核心内容，图文与视频结合，随时随地都能学。',
] as const;
const HIGHLIGHTS = [
  '每节课时长适中，利用碎片时间就能学',
  '讲师手把手示范，关键步骤反复讲解',
  '配有图文讲义，便于课后复习',
  '结合生活实例，学了就能用',
  '每章附有练习，学练结合',
  '由浅入深，循序渐进',
] as const;
const ARTICLE_TIPS = [
  '先看一遍示范，再跟着一步一步做',
  '每天练习十五分钟，比一周练一次效果更好',
  '遇到不明白的地方，可以回看对应的视频课时',
  '把要点记在笔记本上，方便随时翻看',
  '和家人朋友一起学，互相督促更容易坚持',
  '不要急于求成，打好基础最重要',
] as const;

function distinct<T>(random: Random, items: readonly T[], count: number): T[] {
  return shuffled(random, items).slice(0, count);
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+|区)\}/g, (_, key: string) => values[key] ?? '');

function titleFor(spec: CategorySpec, order: readonly number[], k: number, district: string) {
  const base = fill(spec.titles[order[k % order.length] as number] as string, { 区: district });
  const round = Math.floor(k / order.length);
  const suffix = TITLE_ROUNDS[round] ?? `（第${round - TITLE_ROUNDS.length + 2}期）`;
  return {
    title: base + suffix,
    topic: base.includes('：') ? (base.split('：')[1] ?? base) : base,
  };
}

function articleHtml(random: Random, topic: string): string {
  const [first, second] = distinct(random, ARTICLE_TIPS, 2);
  return (
    `<p>本节以图文形式整理<strong>${topic}</strong>的要点，建议边看边练。</p>` +
    `<ul><li>${first}</li><li>${second}</li></ul>` +
    '<p>学完后别忘了回到课程目录，继续下一节的学习。</p>'
  );
}

interface LessonDraft {
  title: string;
  kind: 'video' | 'article';
  duration: number;
  articleHtml: string | null;
}

function chaptersFor(random: Random, spec: CategorySpec) {
  const chapterCount = random.int(2, 4);
  const stages = chapterCount === 4 ? [0, 1, 2, 3] : chapterCount === 3 ? [0, 1, 2] : [0, 2];
  const topics = [...shuffled(random, spec.lessons), ...EXTRA_LESSONS];
  let next = 0;
  return stages.map((stage, c) => {
    const lessons: LessonDraft[] = [];
    const lessonCount = random.int(2, 5);
    for (let l = 0; l < lessonCount; l += 1) {
      const title = topics[next % topics.length] as string;
      next += 1;
      const article = !(c === 0 && l === 0) && random.chance(0.2);
      lessons.push({
        title,
        kind: article ? 'article' : 'video',
        duration: article ? 0 : random.int(180, 1500),
        articleHtml: article ? articleHtml(random, title) : null,
      });
    }
    const name = random.pick(CHAPTER_STAGES[stage] ?? CHAPTER_STAGES[0]);
    return { title: `第${CHAPTER_NUMBERS[c]}章 ${name}`, lessons };
  });
}

/**
 * Seeds each site's course catalogue: ten categories, two teachers per category, and
 * {@link COURSES_PER_SCALE} courses per unit of scale with chapters, lessons and tags.
 * Covers are files, written at start-up by `writeCategoryCovers` (covers.ts).
 */
export async function seedCourses({ db, random, scale, now }: SeedContext): Promise<void> {
  for (const site of await seededSites(db)) {
    const district = districtName(site);
    const categoryIds = await insertReturningIds(
      db,
      'course_categories',
      categoryRows(site.key, CATEGORIES),
    );
    const teachers = CATEGORIES.flatMap((spec) =>
      spec.teacherTitles.map((template) => {
        const name = random.pick(surnames) + random.pick(TEACHER_GIVEN_NAMES);
        const title = fill(template, { 区: district });
        const years = random.int(8, 30);
        return {
          site_key: site.key,
          name,
          title,
          bio: `${name}，${title}。从事${spec.field}教学${years}年，${random.pick(BIO_TAILS)}。`,
          avatar: null,
        };
      }),
    );
    const teacherIds = await insertReturningIds(db, 'teachers', teachers);
    const titleOrders = CATEGORIES.map((spec) =>
      shuffled(
        random,
        spec.titles.map((_, i) => i),
      ),
    );
    const made = CATEGORIES.map(() => 0);

    const total = Math.max(1, Math.round(COURSES_PER_SCALE * scale));
    for (let start = 0; start < total; start += BATCH) {
      const drafts = [];
      for (let i = start; i < Math.min(total, start + BATCH); i += 1) {
        const c = random.int(0, CATEGORIES.length - 1);
        const spec = CATEGORIES[c] as CategorySpec;
        const k = made[c] ?? 0;
        made[c] = k + 1;
        const { title, topic } = titleFor(spec, titleOrders[c] ?? [0], k, district);
        const teacherIndex = random.chance(0.85)
          ? c * 2 + random.int(0, 1)
          : random.int(0, teachers.length - 1);
        const teacher = teachers[teacherIndex] ?? teachers[0];
        const chapters = chaptersFor(random, spec);
        const lessons = chapters.flatMap((chapter) => chapter.lessons);
        const summary = fill(random.pick(SUMMARIES), {
          topic,
          teacher: teacher?.name.slice(0, 1) ?? '',
        });
        const learned = lessons.filter((lesson) => lesson.kind === 'video').slice(0, 3);
        const [h1, h2] = distinct(random, HIGHLIGHTS, 2);
        const introduction =
          `<p>${summary}</p><p><strong>你将学到</strong></p>` +
          `<ul>${learned.map((lesson) => `<li>${lesson.title}</li>`).join('')}</ul>` +
          `<p><strong>课程特色：</strong>${h1}；${h2}。</p>` +
          `<p><strong>适合人群：</strong>${spec.audience}。</p>`;
        // Log-uniform learners: most courses have hundreds, a few pass ten thousand.
        const learners = Math.floor(Math.exp(random.next() * Math.log(25_000)));
        const published = i % UNPUBLISHED_EVERY !== UNPUBLISHED_EVERY - 1;
        const publishedAt = now - random.int(0, 730) * DAY - random.int(0, DAY - 1);
        const mainTag = random.pick(spec.tags);
        const otherTags = [...new Set([...spec.tags, ...GENERAL_TAGS])].filter(
          (tag) => tag !== mainTag,
        );
        drafts.push({
          row: {
            site_key: site.key,
            category_id: categoryIds[c] as number,
            teacher_id: teacherIds[teacherIndex] as number,
            title,
            summary,
            introduction,
            cover: coverPath(site.key, c + 1, random.int(1, COVER_VARIANTS)),
            published: published ? 1 : 0,
            lesson_count: lessons.length,
            duration_seconds: lessons.reduce((sum, lesson) => sum + lesson.duration, 0),
            view_count: Math.round(learners * (1.5 + random.next() * 3.5)) + random.int(0, 300),
            learner_count: learners,
            created_at: published
              ? publishedAt - random.int(1, 20) * DAY
              : now - random.int(0, 30) * DAY,
            published_at: published ? publishedAt : null,
          },
          tags: [mainTag, ...distinct(random, otherTags, random.int(1, 2))],
          chapters,
        });
      }
      await insertBatch(db, drafts);
    }
  }
}

interface Draft {
  row: NewCourseRow;
  tags: string[];
  chapters: Array<{ title: string; lessons: LessonDraft[] }>;
}

async function insertBatch(db: SeedContext['db'], drafts: Draft[]) {
  const courseIds = await insertCourses(
    db,
    // Review state from the flag: a course not published is one taken down (已下线).
    drafts.map(({ row }) => ({
      ...row,
      status: row.published === 1 ? ('published' as const) : ('offline' as const),
      updated_at: row.created_at,
    })),
  );
  const tags: NewCourseTagRow[] = [];
  const chapters: NewCourseChapterRow[] = [];
  drafts.forEach((draft, d) => {
    const courseId = courseIds[d] as number;
    for (const tag of draft.tags) tags.push({ course_id: courseId, tag });
    draft.chapters.forEach((chapter, sort) => {
      chapters.push({ course_id: courseId, title: chapter.title, sort });
    });
  });
  await insertChunked(tags, (chunk) => insertRows(db, 'course_tags', chunk));
  const chapterIds: number[] = [];
  await insertChunked(chapters, async (chunk) => {
    chapterIds.push(...(await insertReturningIds(db, 'course_chapters', chunk)));
  });

  const lessons: NewCourseLessonRow[] = [];
  let chapterIndex = 0;
  drafts.forEach((draft, d) => {
    // A lesson's sort is its place in the whole course, so `order by sort` reads a course in order.
    let sort = 0;
    for (const chapter of draft.chapters) {
      const chapterId = chapterIds[chapterIndex] as number;
      chapterIndex += 1;
      for (const lesson of chapter.lessons) {
        lessons.push({
          course_id: courseIds[d] as number,
          chapter_id: chapterId,
          title: lesson.title,
          kind: lesson.kind,
          duration_seconds: lesson.duration,
          video_url: lesson.kind === 'video' ? DEMO_VIDEO_URL : null,
          article_html: lesson.articleHtml,
          sort,
        });
        sort += 1;
      }
    }
  });
  await insertChunked(lessons, (chunk) => insertRows(db, 'course_lessons', chunk));
}
