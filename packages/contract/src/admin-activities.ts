import { z } from 'zod';
import { attachmentRuleSchema } from './activities.ts';
import { reviewedSchemaOf, reviewListQuery } from './admin.ts';
import { adminSignupFieldsSchema, adminWindowShape, refineWindow } from './admin-signups.ts';
import {
  ATTACHMENT_FILE_MAX_BYTES,
  ATTACHMENT_FILES_MAX,
  ATTACHMENT_TYPES,
  COURSE_TITLE_MAX,
  REVIEW_STATUSES,
  SEATS_MAX,
} from './admin-values.ts';
import { signupFieldSchema } from './classes.ts';
import { idParam } from './parts.ts';
import { ACTIVITY_KINDS, CLASS_STATUSES } from './signup-form.ts';

/*
 * The console's activities (`/api/admin/activities`): activities and special activities (特色活动)
 * with their sign-up form and, for special activities, the attachments their sign-up takes;
 * written by editors and reviewed before publication as articles are.
 */

/** A cover of this site's file store (`/files/...`), as the console's uploads answer. */
const coverPath = z
  .string()
  .max(500)
  .regex(/^\/files\/[A-Za-z0-9/_.-]+$/, '请上传封面');

/** What a special activity's sign-up asks to be attached. */
export const adminAttachmentRuleSchema = z.object({
  /** e.g. 作品照片或报名材料 */
  label: z.string().trim().min(1, '请填写附件说明').max(30, '最多 30 个字'),
  required: z.boolean().default(false),
  maxCount: z
    .number()
    .int()
    .min(1, '至少 1 个')
    .max(ATTACHMENT_FILES_MAX, `最多 ${ATTACHMENT_FILES_MAX} 个`),
  maxBytes: z
    .number()
    .int()
    .min(100 * 1024, '至少 100 KB')
    .max(ATTACHMENT_FILE_MAX_BYTES, `每个文件最大 ${ATTACHMENT_FILE_MAX_BYTES / 1024 / 1024} MB`),
  accept: z
    .array(z.enum(ATTACHMENT_TYPES, { error: '只能接受 JPG、PNG、WebP 图片或 PDF' }))
    .min(1, '请选择至少一种文件类型')
    .transform((types) => ATTACHMENT_TYPES.filter((type) => types.includes(type))),
});
export type AdminAttachmentRule = z.infer<typeof adminAttachmentRuleSchema>;

const activityFormShape = z.object({
  kind: z.enum(ACTIVITY_KINDS, { error: '请选择活动类型' }),
  organiserId: idParam,
  title: z
    .string()
    .trim()
    .min(1, '不能为空')
    .max(COURSE_TITLE_MAX, `最多 ${COURSE_TITLE_MAX} 个字`),
  cover: coverPath,
  /** Where it is held, as learners read it (e.g. 静安区文化馆三楼多功能厅). */
  place: z.string().trim().min(1, '不能为空').max(100, '最多 100 个字'),
  /** The learning-map place it is held at, when it is on the map. */
  mapPlaceId: idParam.nullable().default(null),
  contact: z.string().trim().min(1, '不能为空').max(50, '最多 50 个字'),
  capacity: z
    .number({ error: '请填写名额' })
    .int('须为整数')
    .min(1, '至少 1 人')
    .max(SEATS_MAX, `最多 ${SEATS_MAX} 人`),
  /** A sign-up waits for a reviewer (待审核) before it is confirmed. */
  reviewSignups: z.boolean().default(false),
  ...adminWindowShape(),
  /** Rich HTML, sanitized when stored and again when shown. */
  descriptionHtml: z.string().max(100_000, '内容过长').default(''),
  formFields: adminSignupFieldsSchema.default([]),
  /** Special activities only: what their sign-up takes as attachments (null: none). */
  attachments: adminAttachmentRuleSchema.nullable().default(null),
});

/** The checks across fields: the times in order, attachments only on a special activity. */
function refineActivity(form: z.infer<typeof activityFormShape>, context: z.RefinementCtx) {
  refineWindow(form, context);
  if (form.attachments !== null && form.kind !== '特色活动') {
    context.addIssue({
      code: 'custom',
      path: ['attachments'],
      message: '只有特色活动的报名可以上传附件',
    });
  }
}

/** What an operator writes of an activity (the console's form); the server checks it all. */
export const adminActivityFormSchema = activityFormShape.superRefine(refineActivity);
export type AdminActivityForm = z.infer<typeof adminActivityFormSchema>;
export type AdminActivityFormInput = z.input<typeof adminActivityFormSchema>;

export const adminActivityUpdateBodySchema = activityFormShape
  .extend({ id: idParam, version: z.number().int().min(1) })
  .superRefine(refineActivity);
export type AdminActivityUpdateBody = z.infer<typeof adminActivityUpdateBodySchema>;

/**
 * `GET /api/admin/activities/detail?id=`: the form, its review state, the live version beside
 * it, and the seats taken (the least the capacity may become).
 */
export const adminActivitySchema = reviewedSchemaOf(
  // As stored (the form's transforms ran when it was saved).
  activityFormShape.extend({
    formFields: z.array(signupFieldSchema),
    attachments: attachmentRuleSchema.nullable(),
  }),
).extend({ seatsTaken: z.number().int() });
export type AdminActivity = z.infer<typeof adminActivitySchema>;

/** An activity in the console's list. */
export const adminActivityRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  organiserName: z.string(),
  startAt: z.string(),
  /** Its sign-up state now, as learners see it. */
  phase: z.enum(CLASS_STATUSES),
  capacity: z.number().int(),
  seatsTaken: z.number().int(),
  status: z.enum(REVIEW_STATUSES),
  editStatus: z.union([z.enum(['draft', 'pending', 'rejected']), z.null()]),
  version: z.number().int(),
  authorName: z.string().nullable(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type AdminActivityRow = z.infer<typeof adminActivityRowSchema>;

export const adminActivityListQuerySchema = reviewListQuery.extend({
  kind: z.enum(ACTIVITY_KINDS, { error: '请选择活动类型' }).optional(),
  organiserId: idParam.optional(),
});
export type AdminActivityListQuery = z.infer<typeof adminActivityListQuerySchema>;

/** The site's organisers, for the activity form's choice. */
export const adminActivityChoicesSchema = z.object({
  organisers: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AdminActivityChoices = z.infer<typeof adminActivityChoicesSchema>;

/** `GET /api/admin/activities/places?q=`: the site's map places whose name has the words. */
export const adminPlaceOptionsQuerySchema = z.object({
  q: z.string().trim().max(50, '最多 50 个字').default(''),
  /** The place already chosen, answered first even when the words miss it. */
  id: idParam.optional(),
});
export const adminPlaceOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
});
export type AdminPlaceOption = z.infer<typeof adminPlaceOptionSchema>;
