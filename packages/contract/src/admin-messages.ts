import { z } from 'zod';
import {
  CAMPAIGN_AUDIENCES,
  CAMPAIGN_BODY_MAX,
  CAMPAIGN_STATES,
  CAMPAIGN_TITLE_MAX,
  PARTICIPANT_KINDS,
} from './admin-values.ts';
import { pageOf, pageQuery } from './envelope.ts';
import { ID_MAX } from './limits.ts';
import { idParam, idQuery } from './parts.ts';

/*
 * Notices the staff write to learners (群发消息, `/api/admin/messages`): to every learner of the
 * site, or a group (the participants of an item, the members of a team, learners who have not
 * come for 30 days), sent now or at a time; with how many it went to, reached and was read by.
 */

const audienceSchema = z.enum(CAMPAIGN_AUDIENCES, {
  error: '请选择发送对象：全站学员、报名学员、团队成员或 30 天未登录的学员',
});

/** Who a notice goes to: `item` names a kind and id, `team` an id; the others nothing more. */
export const campaignAudienceSchema = z
  .object({
    type: audienceSchema,
    kind: z.enum(PARTICIPANT_KINDS, { error: '请选择报名项目的类型' }).optional(),
    id: idParam.optional(),
  })
  .refine((audience) => audience.type !== 'item' || (audience.kind && audience.id), {
    message: '请选择要通知哪个项目的报名学员',
    path: ['id'],
  })
  .refine((audience) => audience.type !== 'team' || audience.id, {
    message: '请选择要通知的团队',
    path: ['id'],
  });
export type CampaignAudience = z.infer<typeof campaignAudienceSchema>;

/** `GET /api/admin/messages/audience?type&kind&id`: who a notice would reach now. */
export const campaignAudienceQuerySchema = z.object({
  type: audienceSchema,
  kind: z.enum(PARTICIPANT_KINDS, { error: '请选择报名项目的类型' }).optional(),
  id: z.coerce
    .number({ error: '请选择项目或团队' })
    .int('项目或团队编号有误')
    .min(1, '请选择项目或团队')
    .max(ID_MAX, '项目或团队编号有误')
    .optional(),
});
export type CampaignAudienceQuery = z.infer<typeof campaignAudienceQuerySchema>;

export const campaignAudiencePreviewSchema = z.object({
  /** What the audience is called, e.g. `班级「书法入门班」的报名学员`. */
  label: z.string(),
  /** The learners it holds now. */
  recipients: z.number().int(),
});
export type CampaignAudiencePreview = z.infer<typeof campaignAudiencePreviewSchema>;

/** `POST /api/admin/messages`: writes a notice, sent now (`sendAt` null) or at a later time. */
export const campaignCreateBodySchema = z.object({
  title: z
    .string({ error: '请填写标题' })
    .trim()
    .min(2, '标题至少 2 个字')
    .max(CAMPAIGN_TITLE_MAX, `标题最多 ${CAMPAIGN_TITLE_MAX} 个字`),
  body: z
    .string({ error: '请填写正文' })
    .trim()
    .min(2, '正文至少 2 个字')
    .max(CAMPAIGN_BODY_MAX, `正文最多 ${CAMPAIGN_BODY_MAX} 个字`),
  audience: campaignAudienceSchema,
  /** ISO 8601, at least a minute ahead and within 90 days; null sends now. */
  sendAt: z.iso
    .datetime({ offset: true, error: '发送时间不是有效的时间' })
    .nullable()
    .default(null),
});
export type CampaignCreateBody = z.infer<typeof campaignCreateBodySchema>;

/** A notice as the console lists it, with its counts once sent. */
export const campaignRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  audience: z.object({
    type: audienceSchema,
    kind: z.enum(PARTICIPANT_KINDS).nullable(),
    id: z.number().int().nullable(),
    label: z.string(),
  }),
  state: z.enum(CAMPAIGN_STATES),
  /** When it is (or was) to go out, ISO 8601. */
  sendAt: z.string(),
  sentAt: z.string().nullable(),
  /** Learners it went to (null until sent). */
  recipients: z.number().int().nullable(),
  /** Of those, who came to the site since (it reached their 我的消息), and who read it. */
  delivered: z.number().int().nullable(),
  read: z.number().int().nullable(),
  author: z.string(),
  createdAt: z.string(),
});
export type CampaignRow = z.infer<typeof campaignRowSchema>;

/** `GET /api/admin/messages?page&size&state`: the site's notices, the latest written first. */
export const campaignListQuerySchema = pageQuery.extend({
  state: z.enum(CAMPAIGN_STATES, { error: '请选择待发送、发送中、已发送或已取消' }).optional(),
});
export type CampaignListQuery = z.infer<typeof campaignListQuerySchema>;

export const campaignPageSchema = pageOf(campaignRowSchema);
export type CampaignPage = z.infer<typeof campaignPageSchema>;

/** `GET /api/admin/messages/detail?id=`. */
export const campaignDetailQuerySchema = idQuery();

/** `POST /api/admin/messages/cancel`: cancels a notice that waits for its time. */
export const campaignCancelBodySchema = z.object({
  id: z
    .number({ error: '请指定消息' })
    .int('消息编号有误')
    .min(1, '请指定消息')
    .max(ID_MAX, '消息编号有误'),
});
