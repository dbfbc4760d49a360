import fs from 'node:fs';
import type { Kysely } from 'kysely';
import type { Database, NewEbookRow } from '../db/schema.ts';
import {
  insertEbookCategories,
  insertEbooks,
  listEbookFileRows,
} from '../modules/ebooks/ebooks.queries.ts';
import { escapeHtml } from '../platform/html.ts';
import { fileKeyOf, type SeedFiles } from './files.ts';
import { type BookPdfOptions, cachedBookPdf } from './pdf.ts';
import { Random } from './random.ts';
import { categoryRows, type SeedContext, seededSites } from './support.ts';
import { DAY } from './time.ts';
import { givenNames, surnames } from './words.ts';

/**
 * E-books per site. The catalogue does not grow with the seed's scale: each book is a real PDF
 * file, and the list's cost does not depend on the number of books at the sizes a city has.
 */
export const EBOOKS_PER_SITE = 50;
/** Pages of the first e-book of every site (the lowest id, shown first in the list). */
export const FIRST_EBOOK_PAGES = 100;
/** URL path of the demo document that is not a book, for the generic PDF viewer (`/pdf?url=`). */
export const DEMO_DOC_URL = '/files/docs/学习指南.pdf';

interface CategorySpec {
  name: string;
  /** `#rrggbb` of its covers and title pages. */
  accent: string;
  /** What its books are about, for introductions. */
  about: string;
  chapters: readonly string[];
  titles: readonly string[];
}

/** Eight categories holding exactly {@link EBOOKS_PER_SITE} titles. */
export const EBOOK_CATEGORIES: readonly CategorySpec[] = [
  {
    name: '家庭教育',
    accent: '#c2410c',
    about: '亲子沟通、习惯培养与家庭关系',
    chapters: [
      '好好说话的力量',
      '倾听孩子的心声',
      '规则与自由',
      '习惯是这样养成的',
      '情绪管理',
      '隔代教育的智慧',
      '陪伴的质量',
      '学习兴趣的培养',
      '青春期的沟通',
      '家风与家训',
    ],
    titles: [
      '家庭教育的智慧：写给父母的三十堂课',
      '好父母胜过好老师',
      '正面管教在家庭',
      '隔代养育指南',
      '陪孩子走过青春期',
      '亲子阅读的一百个问答',
      '家风家训的故事',
    ],
  },
  {
    name: '健康养生',
    accent: '#0f766e',
    about: '科学养生、慢病管理与日常保健',
    chapters: [
      '认识身体的信号',
      '吃得对才健康',
      '动起来的好处',
      '睡个好觉',
      '四季起居',
      '常见慢病管理',
      '用药常识',
      '心理健康',
      '家庭急救',
      '中医养生入门',
    ],
    titles: [
      '中老年健康生活手册',
      '四季养生与节气饮食',
      '高血压高血糖的日常管理',
      '八段锦与太极拳图解',
      '家庭急救常识读本',
      '好睡眠从今晚开始',
      '吃出来的健康',
    ],
  },
  {
    name: '文史哲',
    accent: '#7c2d12',
    about: '中国历史、古典文学与哲学思想',
    chapters: [
      '先秦诸子',
      '汉唐气象',
      '宋明风雅',
      '诗词的格律',
      '史书怎么读',
      '人物与时代',
      '思想的源流',
      '典故与成语',
      '文学的流变',
      '读书的方法',
    ],
    titles: [
      '唐诗宋词五十讲',
      '论语今读',
      '中国历史十五讲',
      '古文观止选读',
      '二十四节气里的中国',
      '红楼梦人物谈',
    ],
  },
  {
    name: '艺术鉴赏',
    accent: '#be185d',
    about: '书画、音乐、戏曲与美术的欣赏',
    chapters: [
      '看懂一幅画',
      '笔墨与线条',
      '色彩的语言',
      '戏曲的程式',
      '音乐的结构',
      '名作细读',
      '博物馆里的中国',
      '工艺之美',
      '收藏入门',
      '艺术与生活',
    ],
    titles: [
      '中国书画鉴赏入门',
      '走进京剧与昆曲',
      '西方美术简史',
      '古典音乐聆听指南',
      '博物馆里的中国',
      '摄影构图与光影',
    ],
  },
  {
    name: '科普',
    accent: '#1d4ed8',
    about: '天文、地理、生物与身边的科学',
    chapters: [
      '从一个问题开始',
      '宇宙的尺度',
      '地球的故事',
      '生命的奥秘',
      '身边的物理',
      '化学与生活',
      '气候与环境',
      '科学家的故事',
      '动手做实验',
      '未来的科技',
    ],
    titles: [
      '身边的科学一百问',
      '星空观测入门',
      '气候变化与我们',
      '长江口的湿地与候鸟',
      '人体的奥秘',
      '垃圾分类与循环利用',
    ],
  },
  {
    name: '信息技术',
    accent: '#4338ca',
    about: '智能手机、网络安全与数字生活',
    chapters: [
      '认识智能手机',
      '网络与连接',
      '微信与社交',
      '移动支付',
      '识别网络诈骗',
      '保护个人信息',
      '网上办事',
      '照片与视频',
      '人工智能初探',
      '数字生活小技巧',
    ],
    titles: [
      '智能手机使用指南',
      '老年人防诈骗手册',
      '人工智能通识读本',
      '网上办事一本通',
      '数字生活小百科',
      '个人信息保护指南',
    ],
  },
  {
    name: '生活技能',
    accent: '#15803d',
    about: '家务、烹饪、理财与实用技能',
    chapters: [
      '从准备开始',
      '家常菜的学问',
      '收纳与整理',
      '家庭理财',
      '绿植养护',
      '衣物护理',
      '小家电使用',
      '安全用电用气',
      '手工小制作',
      '邻里与社区',
    ],
    titles: [
      '家常菜一百例',
      '家庭收纳整理术',
      '家庭理财入门',
      '阳台种菜与绿植养护',
      '居家安全手册',
      '手工编织入门',
    ],
  },
  {
    name: '上海文化',
    accent: '#b45309',
    about: '上海的历史街区、海派文化与城市记忆',
    chapters: [
      '开埠与城市',
      '石库门里的生活',
      '老街与弄堂',
      '海派文化',
      '沪语与童谣',
      '老字号的故事',
      '苏州河两岸',
      '城市的建筑',
      '红色印记',
      '新时代的上海',
    ],
    titles: [
      '静安寺与南京西路',
      '上海弄堂的故事',
      '海派文化十讲',
      '苏州河畔的记忆',
      '上海老字号',
      '石库门建筑与生活',
    ],
  },
];

const PUBLISHERS = [
  '上海教育出版社',
  '上海人民出版社',
  '上海科学技术出版社',
  '上海文艺出版社',
  '华东师范大学出版社',
  '复旦大学出版社',
  '上海辞书出版社',
  '学林出版社',
  '上海书店出版社',
  '上海远东出版社',
];

/** One book of the catalogue, the same on every site. */
interface CatalogueBook {
  categoryIndex: number;
  title: string;
  author: string;
  publisher: string;
  publishedYear: number;
  isbn: string;
  pageCount: number;
  introduction: string;
}

/** A valid ISBN-13 in the Chinese group (978-7-…), formatted with hyphens. */
function isbnOf(random: Random): string {
  const publisher = String(random.int(5000, 5999));
  // 13 digits in all (a 4-digit publisher, a 4-digit item): a valid ISBN-13 with its check digit.
  const item = String(random.int(0, 9_999)).padStart(4, '0');
  const digits = `9787${publisher}${item}`;
  const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `978-7-${publisher}-${item}-${(10 - (sum % 10)) % 10}`;
}

function introductionOf(random: Random, title: string, spec: CategorySpec): string {
  const opening = random.pick([
    `《${title}》是一本面向社区学员的${spec.name}读物，围绕${spec.about}展开。`,
    `《${title}》由多年从事社区教育的作者编写，用通俗的语言讲述${spec.about}。`,
    `这是一本关于${spec.about}的普及读本，《${title}》把专业知识讲得明白易懂。`,
  ]);
  const middle = random.pick([
    '全书每章配有案例与思考题，适合自学，也适合学习小组共读讨论。',
    '书中穿插了大量生活中的真实场景，读来亲切，学了就能用上。',
    '作者注重方法与实践，读者可以按章节循序渐进，也可以挑感兴趣的部分阅读。',
  ]);
  const closing = random.pick([
    '推荐给希望终身学习、丰富生活的各位读者。',
    '适合社区学校、老年大学和家庭阅读使用。',
    '愿这本书成为您学习路上的好朋友。',
  ]);
  return `${opening}${middle}\n\n${closing}`;
}

/**
 * The catalogue, from a random generator of its own: the books (and so their PDFs, which are
 * cached by content) stay the same whatever the other seed steps draw. The first book has
 * exactly {@link FIRST_EBOOK_PAGES} pages.
 */
export function ebookCatalogue(): CatalogueBook[] {
  const random = new Random(20_241_123);
  const books: CatalogueBook[] = [];
  EBOOK_CATEGORIES.forEach((spec, categoryIndex) => {
    for (const title of spec.titles) {
      books.push({
        categoryIndex,
        title,
        author: random.pick(surnames) + random.pick(givenNames),
        publisher: random.pick(PUBLISHERS),
        publishedYear: random.int(2015, 2025),
        isbn: isbnOf(random),
        pageCount: random.int(12, 160),
        introduction: introductionOf(random, title, spec),
      });
    }
  });
  // Interleave the categories, so the newest-first list mixes them.
  const mixed = books
    .map((book, i) => ({ book, key: (i % 7) * 100 + Math.floor(i / 7) }))
    .sort((a, b) => a.key - b.key)
    .map(({ book }) => book);
  const first = mixed[0];
  if (first) first.pageCount = FIRST_EBOOK_PAGES;
  return mixed;
}

/** The PDF of an e-book, from what its row holds (so the seed and the file writer agree). */
export function ebookPdfOptions(book: {
  title: string;
  author: string;
  publisher: string;
  pageCount: number;
  publishedYear: number;
  categoryName: string;
}): BookPdfOptions {
  const spec = EBOOK_CATEGORIES.find((category) => category.name === book.categoryName);
  return {
    title: book.title,
    author: book.author,
    publisher: book.publisher,
    pageCount: book.pageCount,
    publishedYear: book.publishedYear,
    chapters: spec?.chapters,
    accent: spec?.accent,
  };
}

/** The demo document of the generic PDF viewer: a five-page guide to the portal. */
export const DEMO_DOC_OPTIONS: BookPdfOptions = {
  title: '学习网移动门户学习指南',
  author: '学习网编辑部',
  publisher: '静安学习网',
  pageCount: 5,
  publishedYear: 2026,
  chapters: ['登录与注册', '选课与学习', '报名班级与活动', '阅读电子书'],
  accent: '#1664ff',
};

const ebookFileBase = (siteKey: string, n: number) => `${siteKey}-${String(n).padStart(3, '0')}`;

/** A 300x400 SVG cover: the category's colour, the title in large text, author and category. */
export function ebookCoverSvg(book: {
  title: string;
  author: string;
  categoryName: string;
}): string {
  const spec = EBOOK_CATEGORIES.find((category) => category.name === book.categoryName);
  const accent = spec?.accent ?? '#1d4ed8';
  const font = `'Noto Serif CJK SC', 'Songti SC', 'Noto Sans CJK SC', serif`;
  // The title in lines of at most 7 characters, at most 4 lines.
  const chars = [...book.title];
  const lines: string[] = [];
  for (let i = 0; i < chars.length && lines.length < 4; i += 7) {
    lines.push(chars.slice(i, i + 7).join(''));
  }
  const text = lines
    .map(
      (line, i) =>
        `<text x="34" y="${120 + i * 42}" font-family="${font}" font-size="32" font-weight="700" fill="#fff">${escapeHtml(line)}</text>`,
    )
    .join('');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400" viewBox="0 0 300 400">',
    `<rect width="300" height="400" fill="${accent}"/>`,
    '<rect x="0" y="0" width="14" height="400" fill="#000" fill-opacity=".18"/>',
    '<circle cx="260" cy="360" r="120" fill="#fff" fill-opacity=".1"/>',
    `<rect x="34" y="60" width="40" height="4" fill="#fff" fill-opacity=".8"/>`,
    text,
    `<text x="34" y="330" font-family="${font}" font-size="18" fill="#fff" fill-opacity=".9">${escapeHtml(book.author)} 著</text>`,
    `<text x="34" y="360" font-family="${font}" font-size="14" fill="#fff" fill-opacity=".75">${escapeHtml(book.categoryName)}</text>`,
    '</svg>',
  ].join('');
}

/**
 * Seeds the e-book categories and {@link EBOOKS_PER_SITE} e-books of every site: the same
 * catalogue, in its order on the first site and rotated on the others. Each book's PDF is
 * generated (or taken from the cache) here for its size; the files land in the file store's
 * `files/` folder through {@link writeEbookFiles} at start-up.
 */
export async function seedEbooks({ db, now }: SeedContext): Promise<void> {
  const catalogue = ebookCatalogue();
  const sizes = new Map<CatalogueBook, number>();
  for (const book of catalogue) {
    const options = ebookPdfOptions({
      ...book,
      categoryName: EBOOK_CATEGORIES[book.categoryIndex]?.name ?? '',
    });
    sizes.set(book, fs.statSync(await cachedBookPdf(options)).size);
  }
  for (const [siteIndex, site] of (await seededSites(db)).entries()) {
    const categoryIds = await insertEbookCategories(db, categoryRows(site.key, EBOOK_CATEGORIES));
    const shift = (siteIndex * 7) % catalogue.length;
    const books =
      siteIndex === 0 ? catalogue : [...catalogue.slice(shift), ...catalogue.slice(0, shift)];
    const rows: NewEbookRow[] = books.slice(0, EBOOKS_PER_SITE).map((book, i) => {
      const base = ebookFileBase(site.key, i + 1);
      return {
        site_key: site.key,
        category_id: categoryIds[book.categoryIndex] as number,
        title: book.title,
        author: book.author,
        publisher: book.publisher,
        published_year: book.publishedYear,
        isbn: book.isbn,
        introduction: book.introduction,
        page_count: book.pageCount,
        cover: `/files/covers/ebook-${base}.svg`,
        pdf_path: `/files/ebooks/${base}.pdf`,
        file_size: sizes.get(book) ?? 0,
        published: 1,
        // The first book is the newest, so the lowest id also leads the newest-first list.
        created_at: now - i * DAY,
      };
    });
    await insertEbooks(db, rows);
  }
}

/**
 * Writes the missing PDFs and covers of every e-book into the file store's `files/` folder, and
 * the demo document at {@link DEMO_DOC_URL}; run at start-up, like the course covers. A missing
 * PDF comes from the cache when it has it, else it is generated; answers how many files it wrote.
 */
export async function writeEbookFiles(db: Kysely<Database>, files: SeedFiles): Promise<number> {
  let written = 0;
  for (const row of await listEbookFileRows(db)) {
    const book = {
      title: row.title,
      author: row.author,
      publisher: row.publisher,
      pageCount: Number(row.page_count),
      publishedYear: Number(row.published_year),
      categoryName: row.category_name,
    };
    const pdf = fileKeyOf(row.pdf_path);
    if (pdf && (await writeNewPdf(files, pdf, ebookPdfOptions(book)))) written += 1;
    const cover = fileKeyOf(row.cover);
    if (cover && (await files.writeNew(cover, () => ebookCoverSvg(book)))) written += 1;
  }
  const doc = fileKeyOf(DEMO_DOC_URL);
  if (doc && (await writeNewPdf(files, doc, DEMO_DOC_OPTIONS))) written += 1;
  return written;
}

/**
 * Writes the PDF of `options` at `key` unless the store has it (then nothing is generated or
 * read); answers whether it wrote it.
 */
async function writeNewPdf(files: SeedFiles, key: string, options: BookPdfOptions) {
  if (await files.has(key)) return false;
  return files.writeNew(key, await fs.promises.readFile(await cachedBookPdf(options)));
}
