import { z } from 'zod';
import { reviewedSchemaOf, reviewListQuery } from './admin.ts';
import {
  PLACE_ADDRESS_MAX,
  PLACE_NAME_MAX,
  PLACE_PHONE_MAX,
  PLACE_PHONE_PATTERN,
  PLACE_PHOTOS_MAX,
  PLACE_STREET_MAX,
  REVIEW_STATUSES,
} from './admin-values.ts';
import { PLACE_CATEGORIES, PLACE_CATEGORY_NAMES } from './geo.ts';
import { idParam } from './parts.ts';
import {
  HHMM_PATTERN,
  hoursProblems,
  isPlaceKindOf,
  PLACE_BRANCH_KIND,
  PLACE_HOURS_ROWS_MAX,
  PLACE_KINDS,
} from './place-values.ts';

/*
 * The console's places of the learning map (`/api/admin/places`): learning points, schools and
 * their branches, experience bases and walk stops, written by editors and reviewed before
 * publication as the other content is. Positions are WGS-84 degrees, as the map stores them.
 */

/** One or more path segments of this site's files (none starting with a dot: no `..`). */
const IMAGE_PATTERN = /^\/files(?:\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+$/;

/** An image uploaded to this site (`/files/...`; the columns hold 300). */
const imagePath = (message: string) =>
  z.string().max(300, '地址过长').regex(IMAGE_PATTERN, message);

/** A coordinate of the form: a number in the globe's range, or null before one is set. */
const degrees = (limit: number) =>
  z
    .number({ error: '须为数字' })
    .min(-limit, `须在 -${limit} 到 ${limit} 之间`)
    .max(limit, `须在 -${limit} 到 ${limit} 之间`)
    .nullable()
    .default(null);

/** One row of the weekly opening hours: the days (1 = Monday .. 7 = Sunday), open and close. */
export const adminOpeningRowSchema = z.object({
  days: z
    .array(
      z
        .number({ error: '星期须为 1 到 7 的整数' })
        .int('星期须为 1 到 7 的整数')
        .min(1, '星期须在 1（周一）到 7（周日）之间')
        .max(7, '星期须在 1（周一）到 7（周日）之间'),
    )
    .min(1, '每行请至少选择一天')
    .max(7, '每行最多 7 天')
    // Said once each, Monday first.
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  open: z.string().regex(HHMM_PATTERN, '开门时间须为 HH:mm，如 09:00'),
  close: z.string().regex(HHMM_PATTERN, '关门时间须为 HH:mm，如 17:00'),
});
export type AdminOpeningRow = z.infer<typeof adminOpeningRowSchema>;

/** The form's fields, unrefined (zod's `.extend()` refuses a refined object). */
const placeFormShape = z.object({
  category: z.enum(PLACE_CATEGORIES, { error: '请选择场所类别' }),
  /** The kind's name learners see: one of the category's (`PLACE_KINDS`). */
  kind: z.string({ error: '请选择场所类型' }).trim().min(1, '请选择场所类型'),
  /** The school of a branch (老年大学分校); null for every other kind. */
  parentId: z.number({ error: '请选择所属学校' }).int().min(1).nullable().default(null),
  name: z.string().trim().min(1, '不能为空').max(PLACE_NAME_MAX, `最多 ${PLACE_NAME_MAX} 个字`),
  /** The street (街道) it is in, e.g. 南京西路街道. */
  street: z.string().trim().max(PLACE_STREET_MAX, `最多 ${PLACE_STREET_MAX} 个字`).default(''),
  /** Empty in a draft; a place is published with its address. */
  address: z.string().trim().max(PLACE_ADDRESS_MAX, `最多 ${PLACE_ADDRESS_MAX} 个字`).default(''),
  /** WGS-84 (GPS) degrees, both or neither; a place is published with its position. */
  lat: degrees(90),
  lng: degrees(180),
  phone: z
    .string()
    .trim()
    .max(PLACE_PHONE_MAX, `最多 ${PLACE_PHONE_MAX} 个字`)
    .refine(
      (phone) => phone === '' || PLACE_PHONE_PATTERN.test(phone),
      '请填写带区号的座机（如 021-62561234）或 11 位手机号',
    )
    .default(''),
  /** The weekly opening hours (Asia/Shanghai); none = hours not given. */
  hours: z
    .array(adminOpeningRowSchema)
    .max(PLACE_HOURS_ROWS_MAX, `最多 ${PLACE_HOURS_ROWS_MAX} 行`)
    .default([]),
  /** Rich HTML (the portal renders it), sanitized when stored and again when shown. */
  introductionHtml: z.string().max(100_000, '内容过长').default(''),
  cover: imagePath('请上传封面图片').nullable().default(null),
  /** Pictures of the place, in the order the phone shows them. */
  photos: z
    .array(imagePath('请上传照片'))
    .max(PLACE_PHOTOS_MAX, `最多 ${PLACE_PHOTOS_MAX} 张`)
    .default([]),
});

/**
 * The checks across fields: the kind is one of the category's, a branch names its school, the
 * position is whole, the opening hours are in order and do not overlap on a day.
 */
function refinePlace(form: z.infer<typeof placeFormShape>, context: z.RefinementCtx) {
  if (!isPlaceKindOf(form.category, form.kind)) {
    context.addIssue({
      code: 'custom',
      path: ['kind'],
      message: `${PLACE_CATEGORY_NAMES[form.category]}类场所的类型须是：${PLACE_KINDS[form.category].join('、')}`,
    });
  }
  if (form.kind === PLACE_BRANCH_KIND && form.parentId === null) {
    context.addIssue({ code: 'custom', path: ['parentId'], message: '分校须选择所属学校' });
  }
  if ((form.lat === null) !== (form.lng === null)) {
    context.addIssue({
      code: 'custom',
      path: [form.lat === null ? 'lat' : 'lng'],
      message: '纬度和经度须同时填写',
    });
  }
  for (const { row, message } of hoursProblems(form.hours)) {
    context.addIssue({ code: 'custom', path: ['hours', row], message });
  }
}

/** What an operator writes of a place of the map (the console's form); the server checks it all. */
export const adminPlaceFormSchema = placeFormShape.superRefine(refinePlace);
export type AdminPlaceForm = z.infer<typeof adminPlaceFormSchema>;
export type AdminPlaceFormInput = z.input<typeof adminPlaceFormSchema>;

export const adminPlaceUpdateBodySchema = placeFormShape
  .extend({ id: idParam, version: z.number().int().min(1) })
  .superRefine(refinePlace);
export type AdminPlaceUpdateBody = z.infer<typeof adminPlaceUpdateBodySchema>;

/** A school a branch may belong to, as the form's choice names it. */
export const adminPlaceParentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  address: z.string(),
});
export type AdminPlaceParent = z.infer<typeof adminPlaceParentSchema>;

/**
 * `GET /api/admin/places/detail?id=`: the form as stored, its review state, the live version
 * beside it.
 */
export const adminPlaceSchema = reviewedSchemaOf(
  // As stored (the form's transforms ran when it was saved).
  placeFormShape.extend({
    kind: z.string(),
    hours: z.array(
      z.object({ days: z.array(z.number().int()), open: z.string(), close: z.string() }),
    ),
  }),
);
export type AdminPlace = z.infer<typeof adminPlaceSchema>;

/** A place of the map in the console's list. */
export const adminPlaceRowSchema = z.object({
  id: z.number().int(),
  /** The name as the operator last wrote it (the waiting edit's, if any). */
  title: z.string(),
  category: z.enum(PLACE_CATEGORIES),
  kind: z.string(),
  street: z.string(),
  address: z.string(),
  /** Whether it has its position (a place without one is not published). */
  located: z.boolean(),
  status: z.enum(REVIEW_STATUSES),
  editStatus: z.union([z.enum(['draft', 'pending', 'rejected']), z.null()]),
  version: z.number().int(),
  authorName: z.string().nullable(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type AdminPlaceRow = z.infer<typeof adminPlaceRowSchema>;

/** `GET /api/admin/places`: the site's places, newest change first. */
export const adminPlaceListQuerySchema = reviewListQuery.extend({
  category: z.enum(PLACE_CATEGORIES, { error: '请选择场所类别' }).optional(),
});
export type AdminPlaceListQuery = z.infer<typeof adminPlaceListQuerySchema>;

/** `GET /api/admin/places/schools?q=&id=`: the schools a branch may belong to. */
export const adminPlaceParentsQuerySchema = z.object({
  q: z.string().trim().max(50, '最多 50 个字').default(''),
  /** The school already chosen, answered first even when the words miss it. */
  id: idParam.optional(),
  /** The place being edited, never its own school. */
  exclude: idParam.optional(),
});
export type AdminPlaceParentsQuery = z.infer<typeof adminPlaceParentsQuerySchema>;
