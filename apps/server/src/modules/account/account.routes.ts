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
import { SessionCache } from './session-cache.ts';

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
  create: (app) =>
    new AccountService(
      app.database.db,
      undefined,
      app.sideEffects,
      new SessionCache({
        redisUrl: app.config.redisUrl,
        onError: (error) => app.log.warn({ err: error }, 'kept sessions: Redis failed'),
      }),
    ),
  routes(api, accounts, app) {
    app.addHook('onClose', () => accounts.sessions.close());
    api.post('/api/account/login', {
      operationId: 'logIn',
      summary: '用票据登录',
      description:
        '用账号中心登录后带回的一次性票据换取登录凭证（token）与学员资料；票据只能用一次，过期或已用过答复 400。',
      login: 'none',
      body: loginBodySchema,
      response: loginResultSchema,
      // Only refused tickets count, per address (see `RateLimits.login`).
      handle: ({ site, body, request }) =>
        app.rateLimiter.guardFailures(RateLimits.login, rateLimitSubject(null, request.ip), () =>
          accounts.login(body.ticket, sessionOf(request, site.key), body.app),
        ),
    });
    api.get('/api/account/refresh-token', {
      operationId: 'refreshToken',
      summary: '刷新登录凭证',
      description:
        '每次打开应用时调用：答复新的登录凭证，旧凭证在短暂宽限后失效；没有有效凭证时 data 为 null，客户端随之清除本地的凭证与学员资料。',
      login: 'none',
      response: refreshTokenResultSchema,
      handle: ({ site, request }) =>
        accounts.refresh(request.bearer(), sessionOf(request, site.key)),
    });
    api.post('/api/account/logout', {
      operationId: 'logOut',
      summary: '退出登录',
      description: '吊销这次请求所带的登录凭证；没有凭证或凭证已失效时也答复成功。',
      login: 'none',
      limit: RateLimits.logout,
      response: z.null(),
      handle: async ({ request }) => {
        await accounts.logout(request.bearer());
        return null;
      },
    });
    api.get('/api/account/me', {
      operationId: 'getMyProfile',
      summary: '我的资料',
      description: '当前登录学员的公开资料（昵称、头像等），需登录。',
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
