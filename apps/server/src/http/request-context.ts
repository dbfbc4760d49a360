import type { Site } from '@portal/contract';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { type AuthUser, bearerToken } from '../platform/auth.ts';
import { loginRequired } from '../platform/errors.ts';
import { isApi } from './envelope.ts';

/**
 * Who may call a route: `required` answers code 301 to a visitor before the request is read or
 * checked; `optional` resolves the learner when a valid token is sent; `none` never looks.
 */
export type LoginRule = 'required' | 'optional' | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's login rule, stated on every `/api` route; see `LoginRule`. */
    login?: LoginRule;
  }
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

export interface RequestContextOptions {
  /** The site named by an `X-Site` header value (the default when absent; 400 when unknown). */
  siteOf: (header: string | string[] | undefined) => Promise<Site>;
  /** The learner behind a bearer token, or null. */
  authenticate: (token: string | null) => Promise<AuthUser | null>;
}

const siteCache = new WeakMap<FastifyRequest, Promise<Site>>();
const userCache = new WeakMap<FastifyRequest, Promise<AuthUser | null>>();

/** Asks a visitor to log in (code 301) before the request body is even read or checked. */
const requireLogin: onRequestHookHandler = async (request) => {
  await request.requireUser();
};

/**
 * Per-request accessors for the site and the learner, each resolved at most once, and the login
 * rule: a route declared with `config: { login: 'required' }` answers 301 to a visitor first.
 * Every `/api` route states its rule; one that does not refuses to register (the app won't start).
 */
export const requestContextPlugin = fp(
  async (app: FastifyInstance, { siteOf, authenticate }: RequestContextOptions) => {
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
        site = siteOf(this.headers['x-site']);
        siteCache.set(this, site);
      }
      return site;
    });
    app.decorateRequest('user', function (this: FastifyRequest) {
      let user = userCache.get(this);
      if (!user) {
        user = authenticate(this.bearer());
        userCache.set(this, user);
      }
      return user;
    });
    app.decorateRequest('requireUser', async function (this: FastifyRequest) {
      const user = await this.user();
      if (!user) throw loginRequired();
      return user;
    });

    // The login rule runs first among the route's own hooks, so a visitor learns to log in
    // before any input is parsed or checked; the docs mark the route as needing a bearer token.
    app.addHook('onRoute', (route) => {
      const login = route.config?.login;
      if (!login && isApi(route.url)) {
        throw new Error(`${route.method} ${route.url} states no login rule (config.login)`);
      }
      if (login !== 'required') return;
      const own = route.onRequest;
      route.onRequest = [requireLogin, ...(own ? [own].flat() : [])];
      if (route.schema) route.schema = { ...route.schema, security: [{ bearer: [] }] };
    });

    // Resolve the site before any /api handler runs, so an unknown X-Site is refused everywhere.
    app.addHook('preHandler', async (request) => {
      if (request.url.startsWith('/api/')) await request.site();
    });
  },
);
