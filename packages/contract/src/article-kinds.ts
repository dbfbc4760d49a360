/* The kinds of article: zod-free, so the web app takes them from `@portal/contract/constants`. */

/**
 * What an article is, one list page each: 资讯 (news, with channel tabs), 通知 (info), 公告
 * (notice), 风采 (fengcai, learner and team showcases), 展示 (zanshi, exhibitions) and 讲座访谈
 * (talk).
 */
export const ARTICLE_KINDS = ['news', 'info', 'notice', 'fengcai', 'zanshi', 'talk'] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];

/** The Chinese name of each kind. */
export const ARTICLE_KIND_NAMES: Record<ArticleKind, string> = {
  news: '资讯',
  info: '通知',
  notice: '公告',
  fengcai: '风采',
  zanshi: '展示',
  talk: '讲座访谈',
};

/** Kinds whose unread items are marked for a learner (and can be marked all read). */
export const READ_MARKED_KINDS = ['info', 'notice'] as const;

/** The longest article title, in characters. */
export const ARTICLE_TITLE_MAX = 100;
