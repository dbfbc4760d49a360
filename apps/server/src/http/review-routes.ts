import {
  adminBulkBodySchema,
  adminBulkResultSchema,
  adminIdQuerySchema,
  adminRejectBodySchema,
  adminScheduleBodySchema,
  adminVersionBodySchema,
} from '@portal/contract';
import type { z } from 'zod';
import type { ReviewDesk, ReviewRow } from '../modules/content/review-desk.ts';
import type { adminRoutes } from './admin-route.ts';

/** How one kind of reviewed content is named and shaped in the API. */
export interface ReviewApi<Form, Row extends ReviewRow> {
  /** `/api/admin/courses` */
  path: string;
  /** `Course`, in operation ids (`getAdminCourse`, `publishAdminCourses`). */
  operation: string;
  /** Its plural in the bulk operations' ids where adding `s` is wrong (`Classes`). */
  plural?: string;
  /** `课程`, in the docs. */
  name: string;
  desk: ReviewDesk<Form, Row>;
  form: z.ZodType<Form>;
  update: z.ZodType<Form & { id: number; version: number }>;
  detail: z.ZodType;
}

/**
 * The review operations of one kind of content, the same for every kind: its detail, create,
 * save, submit, withdraw, approve, reject, and bulk publish and take-down. Editors write,
 * reviewers decide; each declares its roles.
 */
export function reviewRoutes<Form, Row extends ReviewRow>(
  admin: ReturnType<typeof adminRoutes>,
  kind: ReviewApi<Form, Row>,
) {
  const { path, operation, name, desk } = kind;
  admin.operators.reviews.register({
    entity: desk.entity,
    table: desk.table,
    desk: desk as unknown as ReviewDesk<unknown, ReviewRow>,
  });
  const detail = kind.detail as z.ZodType<unknown>;
  admin.get(`${path}/detail`, {
    operationId: `getAdmin${operation}`,
    summary: `${name}详情（后台）`,
    description: `一个本站${name}的编辑内容、审核状态与版本；已发布的${name}有待审修改时，同时给出线上版本以便对照。`,
    roles: ['editor', 'reviewer'],
    query: adminIdQuerySchema,
    response: detail,
    handle: ({ operator, query }) => desk.detail(operator.siteKey, query.id),
  });
  admin.post(`${path}/create`, {
    operationId: `createAdmin${operation}`,
    summary: `新建${name}`,
    description: `新建一个${name}草稿：所选内容须属于本站，富文本按白名单净化后保存。`,
    roles: ['editor'],
    body: kind.form,
    response: detail,
    handle: ({ operator, body }) => desk.create(operator, body as Form),
  });
  admin.post(`${path}/update`, {
    operationId: `updateAdmin${operation}`,
    summary: `保存${name}`,
    description: `保存编辑内容（须带读取时的版本，已被他人修改答复 409）：草稿、待审核、已驳回的改为草稿；已发布或已下线的保持线上版本，修改另存待审。`,
    roles: ['editor'],
    body: kind.update,
    response: detail,
    handle: ({ operator, body }) => {
      const { id, version, ...form } = body as Form & { id: number; version: number };
      return desk.update(operator, id, version, form as Form);
    },
  });
  const steps = [
    ['submit', '提交审核', `把草稿（或已发布${name}的修改）提交审核。`, 'editor'],
    ['withdraw', '撤回审核', '审核前撤回提交，回到草稿。', 'editor'],
    [
      'approve',
      '审核通过',
      `通过待审核的${name}（发布）或已发布${name}的修改（替换线上版本）；不能审核自己提交的内容。`,
      'reviewer',
    ],
  ] as const;
  for (const [step, summary, description, role] of steps) {
    admin.post(`${path}/${step}`, {
      operationId: `${step}Admin${operation}`,
      summary,
      description,
      roles: [role],
      body: adminVersionBodySchema,
      response: detail,
      handle: ({ operator, body }) => desk[step](operator, body.id, body.version),
    });
  }
  admin.post(`${path}/reject`, {
    operationId: `rejectAdmin${operation}`,
    summary: '驳回',
    description: `驳回待审核的${name}或修改，并写明理由；编辑再次保存后回到草稿。`,
    roles: ['reviewer'],
    body: adminRejectBodySchema,
    response: detail,
    handle: ({ operator, body }) => desk.reject(operator, body.id, body.version, body.reason),
  });
  admin.post(`${path}/schedule`, {
    operationId: `scheduleAdmin${operation}`,
    summary: '定时发布',
    description: `审核通过待审核的${name}（或修改），在指定时间（一年之内）自动发布；之后的任何改动都会取消定时。不能审核自己提交的内容。`,
    roles: ['reviewer'],
    body: adminScheduleBodySchema,
    response: detail,
    handle: ({ operator, body }) =>
      desk.schedule(operator, body.id, body.version, Date.parse(body.publishAt)),
  });
  admin.post(`${path}/unschedule`, {
    operationId: `unscheduleAdmin${operation}`,
    summary: '取消定时发布',
    description: `取消${name}的定时发布，内容仍待审核。`,
    roles: ['reviewer'],
    body: adminVersionBodySchema,
    response: detail,
    handle: ({ operator, body }) => desk.unschedule(operator, body.id, body.version),
  });
  admin.post(`${path}/publish`, {
    operationId: `publishAdmin${kind.plural ?? `${operation}s`}`,
    summary: '批量发布',
    description: `发布所选${name}中待审核的（不含自己提交的）和已下线的，其余跳过并说明原因。`,
    roles: ['reviewer'],
    body: adminBulkBodySchema,
    response: adminBulkResultSchema,
    handle: ({ operator, body }) => desk.publish(operator, body.ids),
  });
  admin.post(`${path}/take-down`, {
    operationId: `takeDownAdmin${kind.plural ?? `${operation}s`}`,
    summary: '批量下线',
    description: `下线所选的已发布${name}（学员端立即不再显示），其余跳过并说明原因。`,
    roles: ['reviewer'],
    body: adminBulkBodySchema,
    response: adminBulkResultSchema,
    handle: ({ operator, body }) => desk.takeDown(operator, body.ids),
  });
}
