import { z } from 'zod';
import { activitySummarySchema } from './activities.ts';
import { courseSummarySchema } from './courses.ts';
import { ebookSummarySchema } from './ebooks.ts';
import { pageQuery } from './envelope.ts';

/**
 * A topic (专题) is data: a row with its sections, each showing the content tagged with the
 * topic of one area. `slug` is the path under `/zhuanti/`, e.g. `2024/jtjy`.
 */
export const topicSlugSchema = z
  .string()
  .trim()
  .regex(/^\d{4}\/[a-z0-9-]{1,40}$/, '专题地址格式不正确');

/** A section of a topic: the first cards of one area's tagged content, and how many there are. */
const sectionOf = <K extends string, T extends z.ZodType>(kind: K, item: T) =>
  z.object({
    kind: z.literal(kind),
    id: z.number().int(),
    title: z.string(),
    total: z.number().int(),
    items: z.array(item),
  });

export const topicSectionSchema = z.discriminatedUnion('kind', [
  sectionOf('courses', courseSummarySchema),
  sectionOf('activities', activitySummarySchema),
  sectionOf('ebooks', ebookSummarySchema),
]);
export type TopicSection = z.infer<typeof topicSectionSchema>;

/** `GET /api/topics/detail?slug=2024/jtjy`: a published topic of the site with its sections. */
export const topicSchema = z.object({
  slug: z.string(),
  title: z.string(),
  /** e.g. 2024年家庭教育专题 */
  subtitle: z.string(),
  /** URL path of a wide banner image. */
  banner: z.string(),
  /** Plain text. */
  introduction: z.string(),
  sections: z.array(topicSectionSchema),
});
export type Topic = z.infer<typeof topicSchema>;

export const topicQuerySchema = z.object({ slug: topicSlugSchema });

/** `GET /api/topics/ebooks?slug=`: one page of the topic's e-books (`/zhuanti/2024/moreBook`). */
export const topicEbooksQuerySchema = pageQuery.extend({ slug: topicSlugSchema });
export type TopicEbooksQuery = z.infer<typeof topicEbooksQuerySchema>;
