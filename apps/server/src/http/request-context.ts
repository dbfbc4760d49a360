import type { Site } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthUser } from '../modules/account/account.service.ts';
import { bearerToken } from '../modules/account/tokens.ts';
import { loginRequired } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The site this call is for (`X-Site`, else the default); unknown keys answer 400. */
    site(): Promise<Site>;
    /** The learner behind the bearer token, or null. */
    user(): Promise<AuthUser | null>;
    /** The learner behind the bearer token; answers code 301 when there is none. */
    requireUser(): Promise<AuthUser>;
    /** The bearer token of the call, or null. */
    bearer(): string | null;
    /** The device fingerprint the web app sends as `X-Finger`. */
    fingerprint(): string | null;
  }
}

const siteCache = new WeakMap<FastifyRequest, Promise<Site>>();
const userCache = new WeakMap<FastifyRequest, Promise<AuthUser | null>>();

/** Per-request accessors for the site and the learner, each resolved at most once. */
export const requestContextPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('bearer', function (this: FastifyRequest) {
    return bearerToken(this.headers.authorization);
  });
  app.decorateRequest('fingerprint', function (this: FastifyRequest) {
    const value = this.headers['x-finger'];
    const text = Array.isArray(value) ? value[0] : value;
    return text ? text.slice(0, 128) : null;
  });
  app.decorateRequest('site', function (this: FastifyRequest) {
    let site = siteCache.get(this);
    if (!site) {
      site = app.sites.fromHeader(this.headers['x-site']);
      siteCache.set(this, site);
    }
    return site;
  });
  app.decorateRequest('user', function (this: FastifyRequest) {
    let user = userCache.get(this);
    if (!user) {
      user = app.accounts.authenticate(this.bearer());
      userCache.set(this, user);
    }
    return user;
  });
  app.decorateRequest('requireUser', async function (this: FastifyRequest) {
    const user = await this.user();
    if (!user) throw loginRequired();
    return user;
  });

  // Resolve the site before any /api handler runs, so an unknown X-Site is refused everywhere.
  app.addHook('preHandler', async (request) => {
    if (request.url.startsWith('/api/')) await request.site();
  });
});
