import { z } from 'zod';
import { reviewedSchemaOf, reviewListQuery } from './admin.ts';
import {
  REVIEW_STATUSES,
  TOPIC_INTRODUCTION_MAX,
  TOPIC_ITEM_LIMIT_MAX,
  TOPIC_SECTION_ITEMS_MAX,
  TOPIC_SECTION_KIND_NAMES,
  TOPIC_SECTION_KINDS,
  TOPIC_SECTION_NAME_MAX,
  TOPIC_SECTION_TYPES,
  TOPIC_SORT_MAX,
  TOPIC_SUBTITLE_MAX,
  TOPIC_TITLE_MAX,
} from './admin-values.ts';
import { idParam } from './parts.ts';

/*
 * The console's topics (`/api/admin/topics`, 专题): a topic's own fields and its sections in
 * order, each showing chosen published content of one kind in order; written by editors and
 * reviewed before publication as articles are.
 */

/** The content types a topic's items name (`topic_items.content_type`). */
export const TOPIC_CONTENT_TYPES = ['course', 'activity', 'ebook'] as const;

/** One piece of content in a section: its type (the section's) and its id. */
export const adminTopicItemSchema = z.object({
  contentType: z.enum(TOPIC_CONTENT_TYPES, { error: '请选择内容类型' }),
  contentId: idParam,
});
export type AdminTopicItem = z.infer<typeof adminTopicItemSchema>;

export const adminTopicSectionSchema = z.object({
  /** The section's id when it exists; none for a new one. */
  id: idParam.optional(),
  kind: z.enum(TOPIC_SECTION_KINDS, { error: '请选择栏目类型' }),
  /** e.g. 精品课程 */
  name: z
    .string()
    .trim()
    .min(1, '不能为空')
    .max(TOPIC_SECTION_NAME_MAX, `最多 ${TOPIC_SECTION_NAME_MAX} 个字`),
  /** How many cards the topic's page shows (the rest on the section's "more" page). */
  itemLimit: z
    .number({ error: '请填写展示数量' })
    .int('须为整数')
    .min(1, '至少 1 个')
    .max(TOPIC_ITEM_LIMIT_MAX, `最多 ${TOPIC_ITEM_LIMIT_MAX} 个`),
  items: z
    .array(adminTopicItemSchema)
    .max(TOPIC_SECTION_ITEMS_MAX, `每个栏目最多 ${TOPIC_SECTION_ITEMS_MAX} 项`),
});
export type AdminTopicSection = z.infer<typeof adminTopicSectionSchema>;

const topicFormShape = z.object({
  title: z.string().trim().min(1, '不能为空').max(TOPIC_TITLE_MAX, `最多 ${TOPIC_TITLE_MAX} 个字`),
  /** The topic's address under `/zhuanti/`, e.g. `2024/jtjy`, unique in the site. */
  slug: z
    .string()
    .trim()
    .regex(/^\d{4}\/[a-z0-9-]{1,40}$/, '须为“年份/英文名”，如 2024/jtjy（小写字母、数字或连字符）'),
  /** e.g. 2024年家庭教育专题 */
  subtitle: z
    .string()
    .trim()
    .max(TOPIC_SUBTITLE_MAX, `最多 ${TOPIC_SUBTITLE_MAX} 个字`)
    .default(''),
  /** A wide banner image of this site's file store (`/files/...`). */
  banner: z
    .string()
    .max(500)
    .regex(/^\/files\/[A-Za-z0-9/_.-]+$/, '请上传横幅图片'),
  /** Plain text. */
  introduction: z
    .string()
    .trim()
    .max(TOPIC_INTRODUCTION_MAX, `最多 ${TOPIC_INTRODUCTION_MAX} 个字`)
    .default(''),
  /** Its place on the topic list and the home banners (smaller first). */
  sort: z
    .number({ error: '请填写排序' })
    .int('须为整数')
    .min(0, '不能小于 0')
    .max(TOPIC_SORT_MAX, `最大 ${TOPIC_SORT_MAX}`)
    .default(0),
  /**
   * The sections in order, at most one of each kind: a section shows the topic's content of its
   * type, so two of one kind would show the same cards.
   */
  sections: z
    .array(adminTopicSectionSchema)
    .max(TOPIC_SECTION_KINDS.length, `最多 ${TOPIC_SECTION_KINDS.length} 个栏目`),
});

/** The checks across fields: one section per kind, items of the section's type, no repeats. */
function refineTopic(form: z.infer<typeof topicFormShape>, context: z.RefinementCtx) {
  const kinds = new Set<string>();
  for (const [index, section] of form.sections.entries()) {
    const kindName = TOPIC_SECTION_KIND_NAMES[section.kind];
    if (kinds.has(section.kind)) {
      context.addIssue({
        code: 'custom',
        path: ['sections', index, 'kind'],
        message: `已有一个${kindName}栏目，每种内容只能有一个栏目`,
      });
    }
    kinds.add(section.kind);
    const chosen = new Set<number>();
    for (const [position, item] of section.items.entries()) {
      if (item.contentType !== TOPIC_SECTION_TYPES[section.kind]) {
        context.addIssue({
          code: 'custom',
          path: ['sections', index, 'items', position, 'contentType'],
          message: `“${section.name}”是${kindName}栏目，第 ${position + 1} 项须为${kindName}`,
        });
      }
      if (chosen.has(item.contentId)) {
        context.addIssue({
          code: 'custom',
          path: ['sections', index, 'items', position, 'contentId'],
          message: `“${section.name}”的第 ${position + 1} 项与前面重复`,
        });
      }
      chosen.add(item.contentId);
    }
  }
}

/** What an operator writes of a topic (the console's form); the server checks it all. */
export const adminTopicFormSchema = topicFormShape.superRefine(refineTopic);
export type AdminTopicForm = z.infer<typeof adminTopicFormSchema>;
export type AdminTopicFormInput = z.input<typeof adminTopicFormSchema>;

export const adminTopicUpdateBodySchema = topicFormShape
  .extend({ id: idParam, version: z.number().int().min(1) })
  .superRefine(refineTopic);
export type AdminTopicUpdateBody = z.infer<typeof adminTopicUpdateBodySchema>;

/** `GET /api/admin/topics/detail?id=`: the form, its review state, the live version beside it. */
export const adminTopicSchema = reviewedSchemaOf(topicFormShape);
export type AdminTopic = z.infer<typeof adminTopicSchema>;

/** A topic in the console's list (its counts are its waiting edit's, if any). */
export const adminTopicRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  sectionCount: z.number().int(),
  itemCount: z.number().int(),
  status: z.enum(REVIEW_STATUSES),
  editStatus: z.union([z.enum(['draft', 'pending', 'rejected']), z.null()]),
  version: z.number().int(),
  authorName: z.string().nullable(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type AdminTopicRow = z.infer<typeof adminTopicRowSchema>;

export const adminTopicListQuerySchema = reviewListQuery.extend({});
export type AdminTopicListQuery = z.infer<typeof adminTopicListQuerySchema>;

/**
 * `GET /api/admin/topics/content?kind=&q=&ids=`: the site's published content of a section's
 * kind whose title has the words (at most 20, newest first), after the chosen ones (`ids`,
 * comma-separated), which are answered even when no longer published, to be shown as such.
 */
export const adminTopicContentQuerySchema = z.object({
  /** The section's kind (课程 when not said). */
  kind: z.enum(TOPIC_SECTION_KINDS, { error: '请选择栏目类型' }).default('courses'),
  q: z.string().trim().max(50, '最多 50 个字').default(''),
  ids: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, '须为逗号分隔的内容编号，最多 100 个')
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .optional(),
});
export type AdminTopicContentQuery = z.infer<typeof adminTopicContentQuerySchema>;

/** A piece of content an operator may put in a section. */
export const adminTopicContentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The line under the title on its card (e.g. 张老师 · 家庭教育). */
  subtitle: z.string(),
  /** Published on this site now (a chosen one may have been taken down since). */
  visible: z.boolean(),
});
export type AdminTopicContent = z.infer<typeof adminTopicContentSchema>;
