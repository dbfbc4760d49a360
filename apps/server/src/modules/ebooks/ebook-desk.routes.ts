import {
  adminEbookChoicesSchema,
  adminEbookFormSchema,
  adminEbookListQuerySchema,
  adminEbookRowSchema,
  adminEbookSchema,
  adminEbookUpdateBodySchema,
  adminPdfUploadFieldsSchema,
  adminPdfUploadSchema,
  pageOf,
} from '@portal/contract';
import { ADMIN_PDF_MAX_BYTES } from '@portal/contract/constants';
import { adminRoutes } from '../../http/admin-route.ts';
import { withMultipart } from '../../http/multipart.ts';
import { portalModule } from '../../http/portal-module.ts';
import { reviewRoutes } from '../../http/review-routes.ts';
import { RateLimits } from '../../platform/rate-limit.ts';
import { UploadStore, uploadsDir } from '../../platform/upload-store.ts';
import { ADMIN_INCOMING_AREA } from '../operators/admin-uploads.ts';
import { EbookDesk } from './ebook-desk.service.ts';
import { pdfTextKind } from './ebook-text.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ebookDesk: EbookDesk;
  }
}

/**
 * The console's e-books: catalogue data, the PDF (uploaded here, its pages read from the file,
 * its first page made the cover) and the cover, written by editors, reviewed and published by
 * reviewers (先审后发), as articles and courses are.
 */
export const ebookDeskModule = portalModule({
  name: 'ebookDesk',
  tag: 'admin-ebooks',
  create: (app) =>
    new EbookDesk(
      app.database.db,
      app.database.engine,
      app.files,
      app.operators.audit,
      app.publicCache,
      app.jobs,
    ),
  routes(api, desk, app) {
    app.jobs.define(pdfTextKind(app.database.db, app.files));
    const received = new UploadStore(app.files, uploadsDir(app.config));
    const admin = adminRoutes(api, app.operators);
    admin.get('/api/admin/ebooks/choices', {
      operationId: 'listAdminEbookChoices',
      summary: '电子书分类（后台）',
      description: '本站的电子书分类，供编辑选择。',
      roles: ['editor', 'reviewer'],
      response: adminEbookChoicesSchema,
      handle: ({ operator }) => desk.choices(operator.siteKey),
    });
    admin.get('/api/admin/ebooks', {
      operationId: 'listAdminEbooks',
      summary: '电子书列表（后台）',
      description:
        '本站的全部电子书（含草稿、待审核、已下线），最近修改在前；可按审核状态（待审核含已发布电子书待审的修改）、分类与书名或作者关键词筛选，分页。',
      roles: ['editor', 'reviewer'],
      query: adminEbookListQuerySchema,
      response: pageOf(adminEbookRowSchema),
      handle: ({ operator, query }) => desk.list(operator.siteKey, query),
    });
    admin.post('/api/admin/uploads/pdf', {
      operationId: 'uploadAdminPdf',
      summary: '上传 PDF（后台）',
      description: `上传一本电子书或一个 PDF 课时的 PDF（multipart，字段 file；字段 use 为 ebook（默认）或 lesson）：按内容识别 PDF，须能打开且未加密，最大 ${ADMIN_PDF_MAX_BYTES / 1024 / 1024} MB，按原样保存在本站目录并以字节范围供阅读；答复文件地址、大小、页数，电子书另答复用第一页生成的封面（无法生成时或课时为 null）。记入操作日志。`,
      roles: ['editor'],
      limit: RateLimits.uploads,
      response: adminPdfUploadSchema,
      handle: ({ request, operator }) =>
        withMultipart(
          request,
          {
            fields: adminPdfUploadFieldsSchema,
            notMultipart: '请以 multipart/form-data 上传 PDF 文件',
            fileField: 'file',
            strayFile: 'PDF 文件：请以 file 字段上传',
            maxFiles: 1,
            receive: (stream, name) =>
              received.receive(ADMIN_INCOMING_AREA, stream, name, ADMIN_PDF_MAX_BYTES),
            discard: (files) => received.discard(files),
          },
          ({ fields, files }) => desk.uploads.keepPdf(operator, files, fields.use),
        ),
    });
    reviewRoutes(admin, {
      path: '/api/admin/ebooks',
      operation: 'Ebook',
      name: '电子书',
      desk: desk.review,
      form: adminEbookFormSchema,
      update: adminEbookUpdateBodySchema,
      detail: adminEbookSchema,
    });
  },
});
