import {
  HOME_ENTRY_BADGES,
  HOME_ENTRY_KEYS,
  HOME_ENTRY_NAMES,
  type HomeEntryKey,
} from '@portal/contract/constants';
import type { PathName } from '@/platform/paths.ts';

export interface Entry {
  name: HomeEntryKey & PathName;
  label: string;
  /** The badge: one character on the area's colour (no icon font or SVG to download). */
  glyph: string;
  hue: number;
  note: string;
}

/** What each entry says of its area in the guide at the foot of home. */
const NOTES: Readonly<Record<HomeEntryKey, string>> = {
  courseList: '名师课程，随时随地学',
  activityList: '讲座、参访、志愿服务',
  ebookList: '好书在线读',
  liveList: '正在直播与精彩回放',
  news: '学习网新闻与通知',
  teamList: '和邻居一起学',
  map: '身边的学习点',
  delivery: '讲师和课程送到社区',
  pointsTasks: '学习得积分',
  medals: '点亮学习勋章',
  familyEducation: '2024 专题',
  experienceBases: '走进体验基地',
  humanitiesWalks: '行走中的课堂',
  channelList: '按频道浏览',
  search: '找课程、活动、书',
};

/** The entries to every content area of the portal, in the default order. */
export const ENTRIES: readonly Entry[] = HOME_ENTRY_KEYS.map((name) => ({
  name,
  label: HOME_ENTRY_NAMES[name],
  ...HOME_ENTRY_BADGES[name],
  note: NOTES[name],
}));

/**
 * The entries home shows: those the site's staff chose, in their order (首页设置, through the
 * page's config), or every entry in the default order when the site keeps it. A key this version
 * does not know is skipped.
 */
export function shownEntries(keys: readonly string[] | null): readonly Entry[] {
  if (keys === null) return ENTRIES;
  const byName = new Map<string, Entry>(ENTRIES.map((entry) => [entry.name, entry]));
  return keys.flatMap((key) => {
    const entry = byName.get(key);
    return entry ? [entry] : [];
  });
}
