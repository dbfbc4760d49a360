import { z } from 'zod';
import {
  ARTICLE_BODY_MAX,
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  BULK_MAX,
  OPERATOR_ROLES,
  REJECT_REASON_MAX,
  REVIEW_STATUSES,
  VIDEO_LADDER_STATES,
} from './admin-values.ts';
import { ARTICLE_KINDS, ARTICLE_TITLE_MAX } from './article-kinds.ts';
import { pageQuery } from './envelope.ts';
import { PHONE_PATTERN } from './limits.ts';
import { idParam, idQuery } from './parts.ts';

/*
 * The operators' console's API (`/api/admin/...`): every operation declares the role it needs
 * and acts only inside the site of the call (`X-Site`), where the operator must hold that role.
 */

const operatorRole = z.enum(OPERATOR_ROLES, { error: '请选择一个操作员角色' });
const reviewStatus = z.enum(REVIEW_STATUSES, {
  error: '请选择草稿、待审核、已发布、已下线或已驳回',
});
const waitingEditStatus = z.enum(['draft', 'pending', 'rejected']);

/** A calendar day `YYYY-MM-DD` (Shanghai time) of a date filter. */
const dayParam = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '请按 年-月-日 填写日期');

/** `GET /api/admin/session`: who the operator is and what they may do on which site. */
export const adminSessionSchema = z.object({
  userId: z.number().int(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  /** 超级管理员: every site, every role. */
  superAdmin: z.boolean(),
  /** The sites the operator works on, each with the operator's roles there (none: refused). */
  sites: z.array(z.object({ key: z.string(), name: z.string(), roles: z.array(operatorRole) })),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

/** An operator of the site as its 站点管理员 sees them. */
export const operatorSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  roles: z.array(operatorRole),
});
export type Operator = z.infer<typeof operatorSchema>;

/** `POST /api/admin/operators/grant` and `/revoke`: a role of the site for an account. */
export const operatorGrantBodySchema = z.object({
  username: z.string().trim().regex(PHONE_PATTERN, '请填写操作员登录用的 11 位手机号'),
  role: operatorRole,
});
export type OperatorGrantBody = z.infer<typeof operatorGrantBodySchema>;

/** What an operator writes of an article (the console's form); the server checks it all. */
export const adminArticleFormSchema = z.object({
  channelId: idParam,
  title: z
    .string()
    .trim()
    .min(1, '不能为空')
    .max(ARTICLE_TITLE_MAX, `最多 ${ARTICLE_TITLE_MAX} 个字`),
  summary: z.string().trim().max(200, '最多 200 个字').default(''),
  /** A cover uploaded to this site (`/files/...`), or null. */
  cover: z
    .string()
    .max(500)
    .regex(/^\/files\/[A-Za-z0-9/_.-]+$/, '请上传封面图片')
    .nullable()
    .default(null),
  source: z.string().trim().max(100, '最多 100 个字').default(''),
  /** HTML from the editor: sanitized by the server when stored and again when shown. */
  bodyHtml: z.string().min(1, '不能为空').max(ARTICLE_BODY_MAX, '内容过长'),
  pinned: z.boolean().default(false),
  /** On its first publication, every learner of the site gets it as a notice in 我的消息. */
  notify: z.boolean().default(false),
});
export type AdminArticleForm = z.infer<typeof adminArticleFormSchema>;
export type AdminArticleFormInput = z.input<typeof adminArticleFormSchema>;

/** The version an operator's change was made against: an older one answers 409. */
const versioned = { id: idParam, version: z.number().int().min(1) };

export const adminArticleUpdateBodySchema = adminArticleFormSchema.extend(versioned);
export type AdminArticleUpdateBody = z.infer<typeof adminArticleUpdateBodySchema>;

/** `submit`, `approve`, `withdraw`: one article at the version the operator saw. */
export const adminVersionBodySchema = z.object(versioned);
export type AdminVersionBody = z.infer<typeof adminVersionBodySchema>;

/** `reject`: with the reason the editor reads. */
export const adminRejectBodySchema = z.object({
  ...versioned,
  reason: z
    .string()
    .trim()
    .min(1, '请填写驳回理由')
    .max(REJECT_REASON_MAX, `最多 ${REJECT_REASON_MAX} 个字`),
});
export type AdminRejectBody = z.infer<typeof adminRejectBodySchema>;

/** `schedule`: publish what waits for review at `publishAt` (ISO 8601), within a year. */
export const adminScheduleBodySchema = z.object({
  ...versioned,
  publishAt: z.iso.datetime({ offset: true, error: '请选择发布时间' }),
});
export type AdminScheduleBody = z.infer<typeof adminScheduleBodySchema>;

/** Bulk publish or take-down of the ticked rows. */
export const adminBulkBodySchema = z.object({
  ids: z.array(idParam).min(1, '请至少选择一条').max(BULK_MAX, `一次最多 ${BULK_MAX} 条`),
});
export type AdminBulkBody = z.infer<typeof adminBulkBodySchema>;

export const adminBulkResultSchema = z.object({
  /** The records the action was applied to. */
  done: z.array(z.number().int()),
  /** The others, each with why (already in that state, an edit waiting...). */
  skipped: z.array(z.object({ id: z.number().int(), reason: z.string() })),
});
export type AdminBulkResult = z.infer<typeof adminBulkResultSchema>;

/** The edit of a published article waiting beside its live version. */
const waitingEditShape = z.object({
  status: waitingEditStatus,
  authorId: z.number().int().nullable(),
  authorName: z.string().nullable(),
  /** The reviewer's reason when refused. */
  note: z.string().nullable(),
  updatedAt: z.string(),
});

/** An article in the console's list. */
export const adminArticleRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ARTICLE_KINDS),
  channelId: z.number().int(),
  channelName: z.string(),
  /** The title as the operator last wrote it (the waiting edit's, if any). */
  title: z.string(),
  status: reviewStatus,
  /** A published article's waiting edit, by its state; null when none. */
  editStatus: waitingEditStatus.nullable(),
  pinned: z.boolean(),
  version: z.number().int(),
  authorName: z.string().nullable(),
  /** ISO 8601. */
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type AdminArticleRow = z.infer<typeof adminArticleRowSchema>;

/**
 * What every reviewed kind's console list is filtered by (each kind adds its own): the review
 * state (`pending` also finds published records whose edit waits for review), words of the
 * title, the author, and the days of the last change (Shanghai days, both inclusive).
 */
export const reviewListQuery = pageQuery.extend({
  status: reviewStatus.optional(),
  q: z.string().trim().max(50, '最多 50 个字').optional(),
  authorId: idParam.optional(),
  from: dayParam.optional(),
  to: dayParam.optional(),
});
export type ReviewListQuery = z.infer<typeof reviewListQuery>;

/** `GET /api/admin/articles`: the site's articles, newest change first. */
export const adminArticleListQuerySchema = reviewListQuery.extend({
  kind: z.enum(ARTICLE_KINDS, { error: '请选择文章类型' }).optional(),
  channelId: idParam.optional(),
});
export type AdminArticleListQuery = z.infer<typeof adminArticleListQuerySchema>;

/**
 * The console's detail of a reviewed record: its form (the waiting edit's, if any) with its
 * review state, and the published version beside it while an edit waits. The same for every kind.
 */
export const reviewedSchemaOf = <S extends z.core.$ZodShape>(form: z.ZodObject<S>) =>
  form.extend({
    id: z.number().int(),
    status: reviewStatus,
    version: z.number().int(),
    authorId: z.number().int().nullable(),
    authorName: z.string().nullable(),
    /** Who last sent it for review (an editor may not approve their own change). */
    submittedBy: z.number().int().nullable(),
    /** The reviewer's reason for the last refusal. */
    note: z.string().nullable(),
    updatedAt: z.string(),
    publishedAt: z.string().nullable(),
    /** The waiting edit of a published record (the form's fields are the edit's). */
    edit: waitingEditShape.nullable(),
    /** The published version while an edit waits, to compare with. */
    live: form.nullable(),
    /** When a reviewer scheduled what waits to be published (定时发布), and who. */
    schedule: z.object({ publishAt: z.string(), reviewerName: z.string() }).nullable(),
  });

/** `GET /api/admin/articles/detail?id=`: what the form edits, and the live version beside it. */
export const adminArticleSchema = reviewedSchemaOf(adminArticleFormSchema);
export type AdminArticle = z.infer<typeof adminArticleSchema>;

export const adminIdQuerySchema = idQuery();

/** The site's article channels, for the form's choice. */
export const adminChannelSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ARTICLE_KINDS),
  name: z.string(),
});
export type AdminChannel = z.infer<typeof adminChannelSchema>;

/** One change in the audit log. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  at: z.string(),
  siteKey: z.string().nullable(),
  actorId: z.number().int(),
  actorName: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.number().int().nullable(),
  /** A line a person reads, e.g. the title. */
  summary: z.string(),
  /** The record before and after, as JSON text (null for a creation or a removal). */
  before: z.string().nullable(),
  after: z.string().nullable(),
  /** The address the change came from. */
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `GET /api/admin/audit`: the site's changes, newest first. */
export const auditQuerySchema = pageQuery.extend({
  entity: z.enum(AUDIT_ENTITIES, { error: '请选择记录类型' }).optional(),
  entityId: idParam.optional(),
  action: z.enum(AUDIT_ACTIONS, { error: '请选择操作' }).optional(),
  actorId: idParam.optional(),
  from: dayParam.optional(),
  to: dayParam.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** `GET /api/admin/audit/export`: the filtered log as CSV text (UTF-8 with BOM, for Excel). */
export const auditExportSchema = z.object({
  filename: z.string(),
  csv: z.string(),
  rows: z.number().int(),
  /** More rows matched than one export holds ({@link AUDIT_EXPORT_MAX}). */
  truncated: z.boolean(),
});
export type AuditExport = z.infer<typeof auditExportSchema>;

/** An uploaded image kept in the file store, for a cover or an article's body. */
export const adminUploadSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type AdminUpload = z.infer<typeof adminUploadSchema>;

/** An uploaded lesson video kept in the file store (`/media/uploads/...`), as it came. */
export const adminVideoUploadSchema = z.object({
  url: z.string(),
  bytes: z.number().int(),
});
export type AdminVideoUpload = z.infer<typeof adminVideoUploadSchema>;

/** `GET /api/admin/uploads/video-ladder`: which uploaded video's ladder the console asks after. */
export const adminVideoLadderQuerySchema = z.object({
  url: z
    .string({ error: '请提供视频地址' })
    .trim()
    .min(1, { error: '请提供视频地址' })
    .max(500, { error: '视频地址过长' }),
});
export type AdminVideoLadderQuery = z.infer<typeof adminVideoLadderQuerySchema>;

/**
 * The media pipeline's work on an uploaded lesson video: its state, the transcoding job's
 * progress (0 to 1) and note while it runs, the reason when it failed, what the probe found and,
 * once ready, the ladder's rungs (heights), master playlist, audio-only rendition and poster.
 */
export const adminVideoLadderSchema = z.object({
  url: z.string(),
  state: z.enum(VIDEO_LADDER_STATES),
  reason: z.string().nullable(),
  jobId: z.string().nullable(),
  progress: z.number().nullable(),
  note: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  rungs: z.array(z.number().int()),
  hlsUrl: z.string().nullable(),
  audioUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
});
export type AdminVideoLadder = z.infer<typeof adminVideoLadderSchema>;

/** An uploaded lesson audio (MP3 or M4A) kept in the file store (`/media/uploads/...`), as it came. */
export const adminAudioUploadSchema = adminVideoUploadSchema;
export type AdminAudioUpload = AdminVideoUpload;

/** `GET /api/admin/reviews`: what of the site waits for review, of every kind, oldest first. */
export const adminReviewQuerySchema = pageQuery.extend({
  entity: z.enum(AUDIT_ENTITIES, { error: '请选择内容类型' }).optional(),
});
export type AdminReviewQuery = z.infer<typeof adminReviewQuerySchema>;

/** One record waiting for review, as the review inbox (待审核) lists it. */
export const adminReviewItemSchema = z.object({
  entity: z.enum(AUDIT_ENTITIES),
  id: z.number().int(),
  title: z.string(),
  /** `new`: a record never published; `edit`: a change of a published one. */
  change: z.enum(['new', 'edit']),
  submittedBy: z.string().nullable(),
  /** ISO 8601: when it was sent for review. */
  submittedAt: z.string(),
  /** ISO 8601 when a reviewer scheduled its publication, else null. */
  publishAt: z.string().nullable(),
});
export type AdminReviewItem = z.infer<typeof adminReviewItemSchema>;
