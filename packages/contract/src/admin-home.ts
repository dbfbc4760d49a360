import { z } from 'zod';
import { reviewedSchemaOf, reviewListQuery } from './admin.ts';
import { REVIEW_STATUSES } from './admin-values.ts';
import {
  BANNER_LABEL_MAX,
  BANNER_LINK_KINDS,
  BANNER_POSITION_MAX,
  BANNER_TITLE_MAX,
  HOME_ENTRIES_MIN,
  HOME_ENTRY_KEYS,
} from './home-values.ts';
import { idParam } from './parts.ts';

/*
 * Home as the staff arrange it: their own banners (`/api/admin/banners`, reviewed before
 * publication as other content is) and the order of home's entries (`/api/admin/home`).
 */

/** A picture uploaded to this site (`/files/...`; the column holds 300). */
const imagePath = z
  .string()
  .max(300, '地址过长')
  .regex(/^\/files\/[A-Za-z0-9/_.-]+$/, '请上传图片');

/** The banner's fields, unrefined (zod's `.extend()` refuses a refined object). */
const bannerFormShape = z.object({
  title: z
    .string()
    .trim()
    .min(1, '不能为空')
    .max(BANNER_TITLE_MAX, `最多 ${BANNER_TITLE_MAX} 个字`),
  /** The small tag on the slide, e.g. 专题、活动报名. */
  label: z
    .string()
    .trim()
    .min(1, '不能为空')
    .max(BANNER_LABEL_MAX, `最多 ${BANNER_LABEL_MAX} 个字`),
  /** A 16:9 picture; null before one is uploaded (a draft may wait for it). */
  image: imagePath.nullable().default(null),
  linkKind: z.enum(BANNER_LINK_KINDS, { error: '请选择链接到的内容类型' }),
  /** The content's id (every kind but a topic). */
  linkId: z.number().int().min(1, '请选择链接到的内容').nullable().default(null),
  /** A topic's address, e.g. `2024/jtjy`. */
  linkSlug: z.string().trim().max(120, '地址过长').nullable().default(null),
  /** ISO 8601: home stops showing it then; null: until it is taken down. */
  endsAt: z.iso.datetime({ offset: true, error: '不是有效的时间' }).nullable().default(null),
  /** Smaller first. */
  position: z
    .number({ error: '请填写排序' })
    .int('须为整数')
    .min(0, '不能为负数')
    .max(BANNER_POSITION_MAX, `最多 ${BANNER_POSITION_MAX}`),
});

/** A topic is named by its address, every other kind by its id. */
function refineBanner(form: z.infer<typeof bannerFormShape>, context: z.RefinementCtx) {
  if (form.linkKind === 'topic' && !form.linkSlug) {
    context.addIssue({ code: 'custom', path: ['linkSlug'], message: '请选择专题' });
  }
  if (form.linkKind !== 'topic' && form.linkId === null) {
    context.addIssue({ code: 'custom', path: ['linkId'], message: '请选择链接到的内容' });
  }
}

/** What an operator writes of a banner (the console's form); the server checks it all. */
export const adminBannerFormSchema = bannerFormShape.superRefine(refineBanner);
export type AdminBannerForm = z.infer<typeof adminBannerFormSchema>;
export type AdminBannerFormInput = z.input<typeof adminBannerFormSchema>;

export const adminBannerUpdateBodySchema = bannerFormShape
  .extend({ id: idParam, version: z.number().int().min(1) })
  .superRefine(refineBanner);
export type AdminBannerUpdateBody = z.infer<typeof adminBannerUpdateBodySchema>;

/** `GET /api/admin/banners/detail?id=`: the form as stored, with the linked content's title. */
export const adminBannerSchema = reviewedSchemaOf(bannerFormShape).extend({
  /** The title of what it opens (null when that is gone). */
  linkTitle: z.string().nullable(),
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;

/** A banner in the console's list. */
export const adminBannerRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  label: z.string(),
  image: z.string().nullable(),
  linkKind: z.enum(BANNER_LINK_KINDS),
  position: z.number().int(),
  endsAt: z.string().nullable(),
  status: z.enum(REVIEW_STATUSES),
  editStatus: z.union([z.enum(['draft', 'pending', 'rejected']), z.null()]),
  version: z.number().int(),
  authorName: z.string().nullable(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type AdminBannerRow = z.infer<typeof adminBannerRowSchema>;

/** `GET /api/admin/banners`: the site's banners, in home's order. */
export const adminBannerListQuerySchema = reviewListQuery.extend({});
export type AdminBannerListQuery = z.infer<typeof adminBannerListQuerySchema>;

/**
 * `GET /api/admin/banners/targets?kind=&q=`: content of the site a banner may open; the one
 * chosen (`id` or `slug`) comes first whatever `q` is, so the form can name it.
 */
export const adminBannerTargetQuerySchema = z.object({
  kind: z.enum(BANNER_LINK_KINDS, { error: '请选择链接到的内容类型' }),
  q: z.string().trim().max(50, '最多 50 个字').default(''),
  id: z.coerce.number().int().min(1, '不是有效的编号').optional(),
  slug: z.string().trim().max(120, '地址过长').optional(),
});
export type AdminBannerTargetQuery = z.infer<typeof adminBannerTargetQuerySchema>;
export const adminBannerTargetSchema = z.object({
  id: z.number().int().nullable(),
  slug: z.string().nullable(),
  title: z.string(),
  /** Whether learners can open it now (a banner to unpublished content cannot be approved). */
  published: z.boolean(),
});
export type AdminBannerTarget = z.infer<typeof adminBannerTargetSchema>;

/** `GET /api/admin/home`: the site's entries in their order (shown or hidden), and the carousel. */
export const adminHomeLayoutSchema = z.object({
  entries: z.array(z.object({ key: z.enum(HOME_ENTRY_KEYS), shown: z.boolean() })),
  /** Slides drawn from the site's content fill the carousel after the staff's banners. */
  fillBanners: z.boolean(),
  version: z.number().int(),
});
export type AdminHomeLayout = z.infer<typeof adminHomeLayoutSchema>;

/** `POST /api/admin/home/update`: the entries shown, in their order; the others are hidden. */
export const adminHomeLayoutBodySchema = z.object({
  version: z.number().int().min(1),
  entries: z
    .array(z.enum(HOME_ENTRY_KEYS, { error: '未知的入口' }))
    .min(HOME_ENTRIES_MIN, `至少显示 ${HOME_ENTRIES_MIN} 个入口`)
    .refine((keys) => new Set(keys).size === keys.length, '同一个入口不能出现两次'),
  fillBanners: z.boolean(),
});
export type AdminHomeLayoutBody = z.infer<typeof adminHomeLayoutBodySchema>;
