/* The kinds of article: zod-free, so the web app takes them from `@portal/contract/constants`. */
import { namedValues } from './named-values.ts';

/**
 * What an article is, one list page each: 资讯 (news, with channel tabs), 通知 (info), 公告
 * (notice), 风采 (fengcai, learner and team showcases), 展示 (zanshi, exhibitions) and 讲座访谈
 * (talk); `ARTICLE_KIND_NAMES` holds the Chinese name of each kind.
 */
export const [ARTICLE_KINDS, ARTICLE_KIND_NAMES] = namedValues([
  ['news', '资讯'],
  ['info', '通知'],
  ['notice', '公告'],
  ['fengcai', '风采'],
  ['zanshi', '展示'],
  ['talk', '讲座访谈'],
]);
export type ArticleKind = (typeof ARTICLE_KINDS)[number];

/** Kinds whose unread items are marked for a learner (and can be marked all read). */
export const READ_MARKED_KINDS = ['info', 'notice'] as const;

/** The longest article title, in characters. */
export const ARTICLE_TITLE_MAX = 100;
