import { z } from 'zod';
import {
  DELIVERY_ACTORS,
  DELIVERY_AUDIENCE_MAX,
  DELIVERY_KINDS,
  DELIVERY_STAFF_ACTIONS,
  DELIVERY_STATUSES,
  DELIVERY_TEXT_MAX,
} from './delivery-values.ts';
import { pageQuery } from './envelope.ts';
import { ID_MAX } from './limits.ts';
import { contactPhoneField, contactShape, idQuery } from './parts.ts';

/** A deliverable resource in the catalogue (资源目录). */
export const deliveryResourceCardSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DELIVERY_KINDS),
  title: z.string(),
  cover: z.string(),
  tags: z.array(z.string()),
  audienceMin: z.number().int(),
  audienceMax: z.number().int(),
  /** Days of notice a request needs (提前预约天数). */
  leadDays: z.number().int(),
  /** A lecturer's name; null for the other kinds. */
  lecturerName: z.string().nullable(),
});
export type DeliveryResourceCard = z.infer<typeof deliveryResourceCardSchema>;

/** `GET /api/delivery/resources/detail?id=`: a published resource with what it needs. */
export const deliveryResourceDetailSchema = deliveryResourceCardSchema.extend({
  /** Sanitized HTML. */
  intro: z.string(),
  room: z.string(),
  equipment: z.string(),
  lecturerTitle: z.string().nullable(),
  lecturerTopics: z.array(z.string()),
  /** The first date it can be requested for today (YYYY-MM-DD, Asia/Shanghai). */
  earliestDate: z.string(),
});
export type DeliveryResourceDetail = z.infer<typeof deliveryResourceDetailSchema>;

export const deliveryResourceListQuerySchema = pageQuery.extend({
  kind: z.enum(DELIVERY_KINDS).optional(),
});
export type DeliveryResourceListQuery = z.infer<typeof deliveryResourceListQuerySchema>;
export const deliveryResourceDetailQuerySchema = idQuery();

const text = (max: number, required: boolean) => {
  const trimmed = z.string().trim().max(max, `不能超过 ${max} 个字`);
  return required ? trimmed.min(1, '请填写') : trimmed;
};
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '请选择日期（年-月-日）');
/** An id in a JSON body of this area: a positive integer, never coerced from a string. */
const bodyId = z.number().int().min(1).max(ID_MAX);

/** `POST /api/delivery/requests`: a learner asks for a resource for a date, a place and an audience. */
export const createDeliveryRequestBodySchema = z.object({
  resourceId: bodyId,
  date: day,
  address: text(DELIVERY_TEXT_MAX.address, true),
  audience: z
    .number()
    .int('须为整数')
    .min(1, '至少 1 人')
    .max(DELIVERY_AUDIENCE_MAX, `不能超过 ${DELIVERY_AUDIENCE_MAX} 人`),
  organisation: text(DELIVERY_TEXT_MAX.organisation, true),
  contactName: text(DELIVERY_TEXT_MAX.contactName, true),
  contactPhone: contactPhoneField(),
  note: text(DELIVERY_TEXT_MAX.note, false).default(''),
});
export type CreateDeliveryRequestBody = z.input<typeof createDeliveryRequestBodySchema>;

/** One change of a request, oldest first on the request's page. */
export const deliveryHistoryItemSchema = z.object({
  status: z.enum(DELIVERY_STATUSES),
  /** The reason of a rejection, the confirmed time and place of a schedule, or ''. */
  note: z.string(),
  actor: z.enum(DELIVERY_ACTORS),
  at: z.string(),
});
export type DeliveryHistoryItem = z.infer<typeof deliveryHistoryItemSchema>;

/** A request in a list (我的申请, 待处理). */
export const deliveryRequestCardSchema = z.object({
  id: z.number().int(),
  resourceId: z.number().int(),
  resourceTitle: z.string(),
  resourceKind: z.enum(DELIVERY_KINDS),
  cover: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  date: z.string(),
  address: z.string(),
  audience: z.number().int(),
  organisation: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DeliveryRequestCard = z.infer<typeof deliveryRequestCardSchema>;

/** `GET /api/delivery/requests/detail?id=`: the requester's (or staff's) view with its history. */
export const deliveryRequestDetailSchema = deliveryRequestCardSchema.extend({
  ...contactShape(),
  note: z.string(),
  /** When staff scheduled it: the confirmed time (ISO) and place. */
  scheduledAt: z.string().nullable(),
  scheduledPlace: z.string().nullable(),
  /** Why it was rejected. */
  reason: z.string().nullable(),
  rating: z.number().int().nullable(),
  ratingComment: z.string().nullable(),
  history: z.array(deliveryHistoryItemSchema),
  /** The caller asked for it (may withdraw and rate). */
  mine: z.boolean(),
  /** The caller is delivery staff of the site (may change its status). */
  staff: z.boolean(),
});
export type DeliveryRequestDetail = z.infer<typeof deliveryRequestDetailSchema>;

export const deliveryRequestDetailQuerySchema = idQuery();
export const deliveryMyRequestsQuerySchema = pageQuery;

export const deliveryRequestIdBodySchema = z.object({
  requestId: bodyId,
});

/** `POST /api/delivery/requests/rate`: 1 to 5 stars and a comment, once, after completion. */
export const rateDeliveryBodySchema = z.object({
  requestId: bodyId,
  stars: z.number().int('须为整数').min(1, '请选择 1 到 5 星').max(5, '请选择 1 到 5 星'),
  comment: text(DELIVERY_TEXT_MAX.comment, false).default(''),
});
export type RateDeliveryBody = z.input<typeof rateDeliveryBodySchema>;

/** `GET /api/delivery/staff/requests?status=`: the site's requests to handle (staff only). */
export const deliveryStaffQuerySchema = pageQuery.extend({
  status: z.enum(DELIVERY_STATUSES).default('submitted'),
});
export type DeliveryStaffQuery = z.infer<typeof deliveryStaffQuerySchema>;

/**
 * `POST /api/delivery/staff/decide`: accept, schedule (with the confirmed time, `YYYY-MM-DD
 * HH:mm` Asia/Shanghai, and place), complete or reject (with a reason) a request (staff only).
 */
export const deliveryDecideBodySchema = z.object({
  requestId: bodyId,
  action: z.enum(DELIVERY_STAFF_ACTIONS),
  scheduledAt: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, '请填写排期时间（年-月-日 时:分）')
    .optional(),
  place: text(DELIVERY_TEXT_MAX.place, false).optional(),
  reason: text(DELIVERY_TEXT_MAX.reason, false).optional(),
});
export type DeliveryDecideBody = z.input<typeof deliveryDecideBodySchema>;

/** `GET /api/delivery/staff/role`: whether the caller handles the site's requests. */
export const deliveryRoleSchema = z.object({ staff: z.boolean() });
export type DeliveryRole = z.infer<typeof deliveryRoleSchema>;
