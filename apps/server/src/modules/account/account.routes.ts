import {
  loginBodySchema,
  loginResultSchema,
  refreshTokenResultSchema,
  userInfoSchema,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { portalModule } from '../../http/portal-module.ts';
import { RateLimits, rateLimitSubject } from '../../platform/rate-limit.ts';
import { AccountService, type SessionContext } from './account.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountService;
  }
}

const sessionOf = (request: FastifyRequest, siteKey: string): SessionContext => ({
  fingerprint: request.fingerprint(),
  siteKey,
  userAgent: request.headers['user-agent'] ?? null,
});

/** Token exchange, refresh, logout and the learner's own profile. */
export const accountModule = portalModule({
  name: 'accounts',
  tag: 'account',
  create: (app) => new AccountService(app.database.db, undefined, app.sideEffects),
  routes(api, accounts, app) {
    api.post('/api/account/login', {
      summary: '用账号中心的一次性票据换取登录凭证',
      login: 'none',
      body: loginBodySchema,
      response: loginResultSchema,
      // Only refused tickets count, per address (see `RateLimits.login`).
      handle: ({ site, body, request }) =>
        app.rateLimiter.guardFailures(RateLimits.login, rateLimitSubject(null, request.ip), () =>
          accounts.login(body.ticket, sessionOf(request, site.key)),
        ),
    });
    api.get('/api/account/refresh-token', {
      summary: '刷新登录凭证；没有有效凭证时 data 为 null',
      login: 'none',
      response: refreshTokenResultSchema,
      handle: ({ site, request }) =>
        accounts.refresh(request.bearer(), sessionOf(request, site.key)),
    });
    api.post('/api/account/logout', {
      summary: '退出登录，吊销当前凭证',
      login: 'none',
      limit: RateLimits.logout,
      response: z.null(),
      handle: async ({ request }) => {
        await accounts.logout(request.bearer());
        return null;
      },
    });
    api.get('/api/account/me', {
      summary: '当前学员的资料',
      login: 'required',
      response: userInfoSchema,
      handle: ({ learner }) => accounts.profile(learner),
    });

    const stopCleanup = accounts.scheduleCleanup((error) =>
      app.log.warn({ err: error }, 'cleanup failed'),
    );
    app.addHook('onClose', async () => stopCleanup());
  },
});
