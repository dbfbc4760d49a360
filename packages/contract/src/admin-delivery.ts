import { z } from 'zod';
import { reviewedSchemaOf, reviewListQuery } from './admin.ts';
import {
  DELIVERY_LEAD_DAYS_MAX,
  DELIVERY_LECTURER_NAME_MAX,
  DELIVERY_LECTURER_TITLE_MAX,
  DELIVERY_LECTURER_TOPIC_MAX,
  DELIVERY_LECTURER_TOPICS_MAX,
  DELIVERY_NEEDS_MAX,
  DELIVERY_TAG_MAX,
  DELIVERY_TAGS_MAX,
  DELIVERY_TITLE_MAX,
  REVIEW_STATUSES,
} from './admin-values.ts';
import { DELIVERY_AUDIENCE_MAX, DELIVERY_KINDS } from './delivery-values.ts';
import { idParam } from './parts.ts';

/*
 * The console's delivery catalogue (`/api/admin/delivery`): the resources learners ask to have
 * delivered (讲师, 送课, 活动套件, 展览), written by editors and reviewed before publication as
 * e-books are.
 */

/** A cover uploaded to this site (`/files/...`; the column holds 300). */
const coverPath = z
  .string()
  .max(300, '地址过长')
  .regex(/^\/files\/[A-Za-z0-9/_.-]+$/, '请上传封面图片');

/** A short text of the form, empty allowed. */
const optionalText = (max: number) => z.string().trim().max(max, `最多 ${max} 个字`).default('');

/** A list of short words (tags, a lecturer's topics), each trimmed and said once. */
const words = (most: number, longest: number, what: string) =>
  z
    .array(
      z.string().trim().min(1, `${what}不能为空`).max(longest, `每个${what}最多 ${longest} 个字`),
    )
    .max(most, `最多 ${most} 个${what}`)
    .transform((list) => [...new Set(list)])
    .default([]);

/** A number of people a resource serves. */
const audience = (what: string) =>
  z
    .number({ error: `请填写${what}` })
    .int('须为整数')
    .min(1, '至少 1 人')
    .max(DELIVERY_AUDIENCE_MAX, `最多 ${DELIVERY_AUDIENCE_MAX} 人`);

/** The form's fields, unrefined (zod's `.extend()` refuses a refined object). */
const deliveryFormShape = z.object({
  kind: z.enum(DELIVERY_KINDS, { error: '请选择资源类型' }),
  title: z
    .string()
    .trim()
    .min(1, '不能为空')
    .max(DELIVERY_TITLE_MAX, `最多 ${DELIVERY_TITLE_MAX} 个字`),
  /** Rich HTML (the portal renders it), sanitized when stored and again when shown. */
  introductionHtml: z.string().max(100_000, '内容过长').default(''),
  /** The catalogue's picture, or null before one is uploaded (a draft may wait for it). */
  cover: coverPath.nullable().default(null),
  tags: words(DELIVERY_TAGS_MAX, DELIVERY_TAG_MAX, '标签'),
  /** The fewest and most people it serves (a request's audience must fall between them). */
  audienceMin: audience('最少人数'),
  audienceMax: audience('最多人数'),
  /** What the place must offer (场地要求), e.g. 可容纳 50 人的活动室. */
  room: optionalText(DELIVERY_NEEDS_MAX),
  /** What must be there (设备要求), e.g. 投影仪、话筒. */
  equipment: optionalText(DELIVERY_NEEDS_MAX),
  /** Days of notice a request needs (提前预约天数). */
  leadDays: z
    .number({ error: '请填写提前预约天数' })
    .int('须为整数')
    .min(0, '不能为负数')
    .max(DELIVERY_LEAD_DAYS_MAX, `最多 ${DELIVERY_LEAD_DAYS_MAX} 天`),
  /** A lecturer's name, title and topics: required of a lecturer, not kept for other kinds. */
  lecturerName: optionalText(DELIVERY_LECTURER_NAME_MAX),
  lecturerTitle: optionalText(DELIVERY_LECTURER_TITLE_MAX),
  lecturerTopics: words(DELIVERY_LECTURER_TOPICS_MAX, DELIVERY_LECTURER_TOPIC_MAX, '主讲方向'),
});

/** The checks across fields: the audience range in order, a lecturer's own fields filled. */
function refineResource(form: z.infer<typeof deliveryFormShape>, context: z.RefinementCtx) {
  if (form.audienceMax < form.audienceMin) {
    context.addIssue({
      code: 'custom',
      path: ['audienceMax'],
      message: `不能少于最少人数（${form.audienceMin} 人）`,
    });
  }
  if (form.kind !== 'lecturer') return;
  const missing = [
    ['lecturerName', form.lecturerName === '', '讲师须填写姓名'],
    ['lecturerTitle', form.lecturerTitle === '', '讲师须填写头衔'],
    ['lecturerTopics', form.lecturerTopics.length === 0, '讲师须填写至少一个主讲方向'],
  ] as const;
  for (const [field, empty, message] of missing) {
    if (empty) context.addIssue({ code: 'custom', path: [field], message });
  }
}

/** What an operator writes of a deliverable resource (the console's form); the server checks it all. */
export const adminDeliveryFormSchema = deliveryFormShape.superRefine(refineResource);
export type AdminDeliveryForm = z.infer<typeof adminDeliveryFormSchema>;
export type AdminDeliveryFormInput = z.input<typeof adminDeliveryFormSchema>;

export const adminDeliveryUpdateBodySchema = deliveryFormShape
  .extend({ id: idParam, version: z.number().int().min(1) })
  .superRefine(refineResource);
export type AdminDeliveryUpdateBody = z.infer<typeof adminDeliveryUpdateBodySchema>;

/**
 * `GET /api/admin/delivery/detail?id=`: the form as stored, its review state, the live version
 * beside it.
 */
export const adminDeliverySchema = reviewedSchemaOf(
  // As stored (the form's transforms ran when it was saved).
  deliveryFormShape.extend({
    tags: z.array(z.string()),
    lecturerTopics: z.array(z.string()),
  }),
);
export type AdminDelivery = z.infer<typeof adminDeliverySchema>;

/** A deliverable resource in the console's list. */
export const adminDeliveryRowSchema = z.object({
  id: z.number().int(),
  /** The title as the operator last wrote it (the waiting edit's, if any). */
  title: z.string(),
  kind: z.enum(DELIVERY_KINDS),
  audienceMin: z.number().int(),
  audienceMax: z.number().int(),
  leadDays: z.number().int(),
  status: z.enum(REVIEW_STATUSES),
  editStatus: z.union([z.enum(['draft', 'pending', 'rejected']), z.null()]),
  version: z.number().int(),
  authorName: z.string().nullable(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type AdminDeliveryRow = z.infer<typeof adminDeliveryRowSchema>;

/** `GET /api/admin/delivery`: the site's resources, newest change first. */
export const adminDeliveryListQuerySchema = reviewListQuery.extend({
  kind: z.enum(DELIVERY_KINDS, { error: '请选择资源类型' }).optional(),
});
export type AdminDeliveryListQuery = z.infer<typeof adminDeliveryListQuerySchema>;
