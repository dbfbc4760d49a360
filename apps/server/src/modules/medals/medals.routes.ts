import {
  achievementsSchema,
  certificateFileQuerySchema,
  certificateVerificationSchema,
  certificateVerifyQuerySchema,
  medalDetailQuerySchema,
  medalListSchema,
  medalSchema,
} from '@portal/contract';
import type { z } from 'zod';
import { RawAnswer } from '../../http/envelope.ts';
import { operationSchema } from '../../http/openapi.ts';
import { portalModule } from '../../http/portal-module.ts';
import { attachmentDisposition } from '../../platform/calendar-file.ts';
import { RateLimits } from '../../platform/rate-limit.ts';
import { subscribeMedalAwards } from './medals.awards.ts';
import { MedalService } from './medals.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    medals: MedalService;
  }
}

/**
 * Medals (勋章) and achievements (成就): the medal wall and a medal's detail, milestones and
 * certificates, a certificate's PDF (through the API with the bearer token, never a token in a
 * URL) and the public check of a verification code. The awards subscribe to the side effects of
 * the deeds that move a medal's metric and run in their transactions.
 */
export const medalsModule = portalModule({
  name: 'medals',
  tag: 'medals',
  create: (app) => {
    subscribeMedalAwards(app.sideEffects, Date.now);
    return new MedalService(app.database.db, undefined, app.sideEffects);
  },
  routes(api, medals, app) {
    api.get('/api/medals', {
      operationId: 'listMedals',
      summary: '我的勋章',
      description: '全部勋章：已获得的带获得时间，未获得的带进度（需登录）。',
      login: 'required',
      response: medalListSchema,
      handle: ({ learner }) => medals.list(learner.id),
    });
    api.get('/api/medals/detail', {
      operationId: 'getMedal',
      summary: '勋章详情',
      description: '一枚勋章的详情：获得条件与我的进度或获得时间（需登录）。',
      login: 'required',
      query: medalDetailQuerySchema,
      response: medalSchema,
      handle: ({ learner, query }) => medals.detail(learner.id, query.key),
    });
    api.get('/api/achievements', {
      operationId: 'listAchievements',
      summary: '我的成就',
      description: '我的学习成就：里程碑与结业证书（完成的课程、结业的班级）（需登录）。',
      login: 'required',
      response: achievementsSchema,
      handle: ({ learner }) => medals.achievements(learner.id),
    });
    api.get('/api/certificates/verify', {
      operationId: 'verifyCertificate',
      summary: '验证证书',
      description:
        '公开的证书验证：按证书上的验证码答复证书与脱敏的持有人姓名；按地址限频，以防批量猜测验证码。',
      login: 'none',
      query: certificateVerifyQuerySchema,
      response: certificateVerificationSchema,
      // Per address, so codes cannot be tried in bulk.
      limit: RateLimits.certificateVerify,
      handle: ({ query }) => medals.verify(query.code),
    });
    // Not JSON: the PDF itself, fetched with the Authorization header (the web saves the blob).
    // Failures still answer the envelope.
    app.get(
      '/api/certificates/file',
      {
        config: { login: 'required' },
        schema: {
          ...operationSchema('medals', {
            operationId: 'downloadCertificate',
            summary: '下载结业证书',
            description:
              '我的一张结业证书的 PDF 文件本身（需登录；不是信封，失败时仍答复信封）；他人的证书答复 404。',
          }),
          querystring: certificateFileQuerySchema,
        },
      },
      async (request, reply) => {
        const learner = await request.requireUser();
        const query = request.query as z.infer<typeof certificateFileQuerySchema>;
        const file = await medals.file(learner.id, query.id);
        reply
          .header(
            'content-disposition',
            attachmentDisposition(file.name, `certificate-${query.id}.pdf`),
          )
          .header('cache-control', 'private, no-store');
        return new RawAnswer('application/pdf', Buffer.from(file.bytes));
      },
    );
  },
});
