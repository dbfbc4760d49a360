/* Home as the network's staff arrange it: the entries and the banners' limits, zod-free. */
import { namedValues } from './named-values.ts';

/**
 * The entries of home (the grid of areas), in their default order, by the web app's page names.
 * A site's staff order them and hide some (首页设置); a site without its own order has this one.
 */
export const [HOME_ENTRY_KEYS, HOME_ENTRY_NAMES] = namedValues([
  ['courseList', '课程'],
  ['activityList', '活动'],
  ['ebookList', '电子书'],
  ['liveList', '直播'],
  ['news', '资讯'],
  ['teamList', '学习团队'],
  ['map', '学习地图'],
  ['delivery', '资源配送'],
  ['pointsTasks', '积分'],
  ['medals', '勋章'],
  ['familyEducation', '家庭教育'],
  ['experienceBases', '体验基地'],
  ['humanitiesWalks', '人文行走'],
  ['channelList', '频道'],
  ['search', '搜索'],
]);
export type HomeEntryKey = (typeof HOME_ENTRY_KEYS)[number];
/**
 * Each entry's badge as home draws it (the console's preview too): one character on the area's
 * hue (no icon font or SVG to download).
 */
export const HOME_ENTRY_BADGES: Readonly<Record<HomeEntryKey, { glyph: string; hue: number }>> = {
  courseList: { glyph: '课', hue: 217 },
  activityList: { glyph: '活', hue: 12 },
  ebookList: { glyph: '书', hue: 152 },
  liveList: { glyph: '播', hue: 340 },
  news: { glyph: '讯', hue: 200 },
  teamList: { glyph: '团', hue: 265 },
  map: { glyph: '图', hue: 170 },
  delivery: { glyph: '送', hue: 95 },
  pointsTasks: { glyph: '积', hue: 30 },
  medals: { glyph: '勋', hue: 45 },
  familyEducation: { glyph: '家', hue: 330 },
  experienceBases: { glyph: '验', hue: 120 },
  humanitiesWalks: { glyph: '行', hue: 280 },
  channelList: { glyph: '频', hue: 190 },
  search: { glyph: '搜', hue: 230 },
};
/** The fewest entries home may show (the grid is the way into the areas). */
export const HOME_ENTRIES_MIN = 4;

/** What an operator's banner opens: a piece of content of the site, or a topic. */
export const [BANNER_LINK_KINDS, BANNER_LINK_KIND_NAMES] = namedValues([
  ['course', '课程'],
  ['class', '班级'],
  ['activity', '活动'],
  ['ebook', '电子书'],
  ['live', '直播'],
  ['article', '文章'],
  ['topic', '专题'],
]);
export type BannerLinkKind = (typeof BANNER_LINK_KINDS)[number];

/** The most slides home's carousel shows. */
export const HOME_SLIDES_MAX = 5;
export const BANNER_TITLE_MAX = 40;
export const BANNER_LABEL_MAX = 6;
/** Banners are ordered by this number, smallest first (then the newest publication). */
export const BANNER_POSITION_MAX = 99;
