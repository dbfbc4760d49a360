import {
  loginBodySchema,
  loginResultSchema,
  refreshTokenResultSchema,
  userInfoSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Token exchange, refresh, logout and the learner's own profile. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = async (request: {
    fingerprint(): string | null;
    site(): Promise<{ key: string }>;
  }) => ({
    fingerprint: request.fingerprint(),
    siteKey: (await request.site()).key,
  });

  app.post(
    '/api/account/login',
    {
      schema: {
        tags: ['account'],
        summary: '用账号中心的一次性票据换取登录凭证',
        body: loginBodySchema,
        response: { 200: loginResultSchema },
      },
    },
    async (request) => app.accounts.login(request.body.ticket, await context(request)),
  );

  app.get(
    '/api/account/refresh-token',
    {
      schema: {
        tags: ['account'],
        summary: '刷新登录凭证；没有有效凭证时 data 为 null',
        response: { 200: refreshTokenResultSchema },
      },
    },
    async (request) => app.accounts.refresh(request.bearer(), await context(request)),
  );

  app.post(
    '/api/account/logout',
    {
      schema: {
        tags: ['account'],
        summary: '退出登录，吊销当前凭证',
        response: { 200: z.null() },
      },
    },
    async (request) => {
      await app.accounts.logout(request.bearer());
      return null;
    },
  );

  app.get(
    '/api/account/me',
    {
      schema: {
        tags: ['account'],
        summary: '当前学员的资料',
        response: { 200: userInfoSchema },
      },
    },
    async (request) => app.accounts.profile(await request.requireUser()),
  );
};
