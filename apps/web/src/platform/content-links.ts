import type { ContentType } from '@portal/contract';
import { href } from './paths.ts';

/** The kinds of content that lists across areas show (favourites, history, search results). */
export type LinkedContentType = ContentType;

/** What a learner calls each kind of content, as a small tag on a card. */
export const CONTENT_TYPE_LABELS: Record<LinkedContentType, string> = {
  course: '课程',
  class: '班级',
  activity: '活动',
  ebook: '电子书',
  live: '直播',
  article: '资讯',
  place: '地点',
  walk: '人文行走',
};

/**
 * The detail page of a piece of content. An activity opens at `/activityDetails`, which sends a
 * special activity (特色活动) on to its own page; an article of any kind opens at the general
 * article page `/contentDetails`;
 * a place of the map opens at `/mapDetails`.
 */
export function contentHref(type: LinkedContentType, id: number): string {
  switch (type) {
    case 'course':
      return href('courseDetail', { id });
    case 'class':
      return href('classDetail', { id });
    case 'activity':
      return href('activityDetail', { id });
    case 'ebook':
      return href('ebookDetail', { id });
    case 'live':
      return href('liveDetail', { id });
    case 'article':
      return href('contentDetail', { id });
    case 'place':
      // Any place opens at /mapDetails, which shows what its category has (a school's classes).
      return href('mapDetail', { id });
    case 'walk':
      return href('humanitiesWalks', { id });
  }
}

/** The page of a topic (专题) by its slug, e.g. `2024/jtjy` -> `/zhuanti/2024/jtjy`. */
export function topicHref(slug: string): string {
  return `/zhuanti/${slug.split('/').map(encodeURIComponent).join('/')}`;
}
