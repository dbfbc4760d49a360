import {
  loginBodySchema,
  loginResultSchema,
  refreshTokenResultSchema,
  userInfoSchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../http/api-route.ts';
import { portalModule } from '../../http/portal-module.ts';
import { deleteExpired } from './account.queries.ts';
import { AccountService, type SessionContext } from './account.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountService;
  }
}

const CLEANUP_EVERY_MS = 60 * 60 * 1000;

/** Token exchange, refresh, logout and the learner's own profile. */
async function accountRoutes(app: FastifyInstance) {
  const api = apiRoutes(app, 'account');
  const sessionOf = (request: FastifyRequest, siteKey: string): SessionContext => ({
    fingerprint: request.fingerprint(),
    siteKey,
  });
  api.post('/api/account/login', {
    summary: '用账号中心的一次性票据换取登录凭证',
    body: loginBodySchema,
    response: loginResultSchema,
    handle: ({ site, body, request }) =>
      app.accounts.login(body.ticket, sessionOf(request, site.key)),
  });
  api.get('/api/account/refresh-token', {
    summary: '刷新登录凭证；没有有效凭证时 data 为 null',
    response: refreshTokenResultSchema,
    handle: ({ site, request }) =>
      app.accounts.refresh(request.bearer(), sessionOf(request, site.key)),
  });
  api.post('/api/account/logout', {
    summary: '退出登录，吊销当前凭证',
    response: z.null(),
    handle: async ({ request }) => {
      await app.accounts.logout(request.bearer());
      return null;
    },
  });
  api.get('/api/account/me', {
    summary: '当前学员的资料',
    login: 'required',
    response: userInfoSchema,
    handle: ({ learner }) => app.accounts.profile(learner),
  });

  // Expired sessions and tickets are deleted hourly while the server runs.
  const cleanup = setInterval(() => {
    deleteExpired(app.database.db, Date.now()).catch((error) =>
      app.log.warn({ err: error }, 'cleanup failed'),
    );
  }, CLEANUP_EVERY_MS);
  cleanup.unref();
  app.addHook('onClose', async () => clearInterval(cleanup));
}

export const accountModule = portalModule(
  'accounts',
  (app) => new AccountService(app.database.db),
  accountRoutes,
);
