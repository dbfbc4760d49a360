import { z } from 'zod';
import { ARTICLE_KINDS, READ_MARKED_KINDS } from './article-kinds.ts';
import { pageQuery } from './envelope.ts';
import { idParam, idQuery } from './parts.ts';

const articleKind = z.enum(ARTICLE_KINDS, {
  error: '请选择资讯、通知、公告、风采、展示或讲座访谈',
});

/** A channel of one kind's articles, e.g. 社区动态 of 资讯. */
export const articleChannelSchema = z.object({
  id: z.number().int(),
  kind: articleKind,
  name: z.string(),
  /** Published articles of the site in it. */
  count: z.number().int(),
});
export type ArticleChannel = z.infer<typeof articleChannelSchema>;

/** `GET /api/articles/channels?kind=`: the site's channels, of one kind or all. */
export const articleChannelQuerySchema = z.object({ kind: articleKind.optional() });
export type ArticleChannelQuery = z.infer<typeof articleChannelQuerySchema>;

/** An article in a list (card). The title and summary are plain text, never HTML. */
export const articleSummarySchema = z.object({
  id: z.number().int(),
  kind: articleKind,
  channelId: z.number().int(),
  channelName: z.string(),
  title: z.string(),
  summary: z.string(),
  /** URL path of a 4:3 cover, or null when the article has none. */
  cover: z.string().nullable(),
  /** The author or source. */
  source: z.string(),
  pinned: z.boolean(),
  viewCount: z.number().int(),
  /** ISO 8601. */
  publishedAt: z.string(),
  /** True for a notice or info the logged-in learner has not opened; always false for visitors. */
  unread: z.boolean(),
  /** True when the article carries a PDF. */
  hasAttachment: z.boolean(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

/**
 * `GET /api/articles`: one page of the site's published articles, pinned first, then newest
 * published; of a kind and/or a channel.
 */
export const articleListQuerySchema = pageQuery.extend({
  kind: articleKind.optional(),
  channelId: idParam.optional(),
});
export type ArticleListQuery = z.infer<typeof articleListQuerySchema>;

/** A PDF an article carries (often a notice's), opened in the PDF reader. */
export const articleAttachmentSchema = z.object({
  /** URL path of the PDF on this site. */
  url: z.string(),
  name: z.string(),
});
export type ArticleAttachment = z.infer<typeof articleAttachmentSchema>;

/** `GET /api/articles/detail?id=`: a published article (counts a view; marks it read). */
export const articleDetailSchema = articleSummarySchema.extend({
  /** Sanitized HTML (an allowlist of text, links and images); sanitize again before rendering. */
  bodyHtml: z.string(),
  attachment: articleAttachmentSchema.nullable(),
});
export type ArticleDetail = z.infer<typeof articleDetailSchema>;

export const articleDetailQuerySchema = idQuery();

/** `POST /api/articles/read-all` (login): marks every published article of the kind read. */
export const articleReadAllBodySchema = z.object({
  kind: z.enum(READ_MARKED_KINDS, { error: '只有通知和公告可以全部标为已读' }),
});
export type ArticleReadAllBody = z.infer<typeof articleReadAllBodySchema>;

export const articleReadAllResultSchema = z.object({
  /** Articles newly marked read by this request. */
  marked: z.number().int(),
});
export type ArticleReadAllResult = z.infer<typeof articleReadAllResultSchema>;

/**
 * `POST /api/articles/read-end` (login): the learner reached the end of an article they opened
 * (its detail) long enough ago; rewarded once per learner and article.
 */
export const articleReadEndBodySchema = idQuery();
export type ArticleReadEndBody = z.infer<typeof articleReadEndBodySchema>;

export const articleReadEndResultSchema = z.object({ read: z.boolean() });
export type ArticleReadEndResult = z.infer<typeof articleReadEndResultSchema>;
