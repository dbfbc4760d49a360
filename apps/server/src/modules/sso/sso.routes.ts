import { validatedIdentitySchema, validateTicketQuerySchema, withCallback } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type OperationDocs, operationSchema } from '../../http/openapi.ts';
import { portalModule } from '../../http/portal-module.ts';
import { AccountCenter } from './sso.service.ts';
import { formPage, messagePage, ssoCss } from './sso.views.ts';

declare module 'fastify' {
  interface FastifyInstance {
    accountCenter: AccountCenter;
  }
}

/** This site's origin as the browser sees it (default ports dropped, like `URL.origin`). */
function requestOrigin(request: FastifyRequest): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return 'null';
  }
}

/**
 * The callback to send the browser back to: an absolute http(s) URL on this site's own origin or
 * on a trusted one (a portal using this account center as its identity provider). Missing means
 * this origin's `/authPage`; anything else (foreign origin, other scheme) is null.
 */
export function acceptCallback(
  raw: string | undefined,
  origin: string,
  trusted: readonly string[] = [],
): string | null {
  if (!raw) return `${origin}/authPage`;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin === origin || trusted.includes(url.origin) ? url.toString() : null;
  } catch {
    return null;
  }
}

function withTicket(callback: string, ticket: string): string {
  const url = new URL(callback);
  url.searchParams.delete('ticket');
  url.searchParams.set('ticket', ticket);
  return url.toString();
}

function sendTicket(reply: FastifyReply, callback: string, ticket: string) {
  return reply.header('cache-control', 'no-store').redirect(withTicket(callback, ticket), 302);
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body);
}

const CALLBACK_RULE =
  '查询参数 callback 为成功后跳回的地址，只接受本站或受信任门户的地址（缺省为本站的 /authPage），其余答复 400 的提示页。';
const SUBMIT_RULE =
  '成功时 302 跳回 callback，并在其查询中加上一次性票据 ticket；其他来源（Origin）的提交答复 403 的提示页。';

/** The account center's pages (HTML forms, not the envelope) as the OpenAPI document lists them. */
const PAGE_DOCS: Record<'login' | 'register', { show: OperationDocs; submit: OperationDocs }> = {
  login: {
    show: {
      operationId: 'showLoginPage',
      summary: '登录页',
      description: `账号中心的登录页（HTML）：手机号与密码的表单。${CALLBACK_RULE}`,
    },
    submit: {
      operationId: 'submitLogin',
      summary: '提交登录',
      description: `提交登录表单（username、password、callback）。${SUBMIT_RULE}填写有误答复 400、手机号或密码错误答复 401、失败次数过多答复 429（带 Retry-After），都是带提示的表单页。`,
    },
  },
  register: {
    show: {
      operationId: 'showRegisterPage',
      summary: '注册页',
      description: `账号中心的注册页（HTML）：手机号、密码、确认密码与昵称的表单。${CALLBACK_RULE}`,
    },
    submit: {
      operationId: 'submitRegistration',
      summary: '提交注册',
      description: `提交注册表单（username、password、confirmPassword、nickname、callback），创建账号并登录。${SUBMIT_RULE}填写有误答复 400、手机号已注册答复 409、注册过于频繁答复 429（带 Retry-After），都是带提示的表单页。`,
    },
  },
};

/** The built-in account center: server-rendered login and register pages under `/sso`. */
export const ssoModule = portalModule({
  name: 'accountCenter',
  tag: 'sso',
  // It checks passwords through the accounts module before it.
  create: (app) => new AccountCenter(app.accounts, app.counters),
  routes(api, center, app) {
    /** Reads the callback and its site; answers a refusal page for a foreign callback. */
    async function target(request: FastifyRequest, reply: FastifyReply, raw: unknown) {
      const origin = requestOrigin(request);
      const callback = acceptCallback(
        typeof raw === 'string' ? raw : undefined,
        origin,
        app.config.ssoTrustedOrigins,
      );
      const own = callback !== null && new URL(callback).origin === origin;
      const site = await app.sites.fromPath(own ? new URL(callback).pathname : '/');
      if (!callback) {
        await html(
          reply,
          400,
          messagePage(
            site.name,
            '无法登录',
            '回调地址不属于本站，已拒绝跳转。请从学习网页面重新进入登录。',
          ),
        );
        return null;
      }
      const sentOrigin = request.headers.origin;
      if (request.method === 'POST' && sentOrigin && sentOrigin !== origin) {
        await html(reply, 403, messagePage(site.name, '无法登录', '请求来源不属于本站，已拒绝。'));
        return null;
      }
      const idp = app.config.externalIdp;
      // Only this site's own learners are offered the external provider (not a trusting portal).
      const external =
        idp && own
          ? {
              name: idp.name,
              href: withCallback(idp.loginUrl, callback),
            }
          : undefined;
      return { callback, siteName: site.name, external };
    }

    // A stylesheet, not an operation: kept out of the OpenAPI document.
    app.get('/sso/sso.css', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(ssoCss),
    );

    // The identity provider's side for portals that trust this account center: a ticket its
    // login handed to their callback is redeemed once for the person's id and nickname.
    api.get('/api/sso/validate', {
      operationId: 'validateSsoTicket',
      summary: '验证账号中心票据',
      description:
        '其他学习网把本站账号中心当作统一身份认证时调用：用其登录回调带回的一次性票据换取学员标识与昵称；票据只能兑换一次。',
      login: 'none',
      query: validateTicketQuerySchema,
      response: validatedIdentitySchema,
      handle: ({ query }) => app.accounts.redeemForProvider(query.ticket),
    });

    for (const name of ['login', 'register'] as const) {
      app.get<{ Querystring: Record<string, unknown> }>(
        `/sso/${name}`,
        { schema: operationSchema('sso', PAGE_DOCS[name].show) },
        async (request, reply) => {
          const found = await target(request, reply, request.query.callback);
          if (!found) return reply;
          return html(reply, 200, formPage(name, found));
        },
      );

      app.post<{ Body: Record<string, unknown> | undefined }>(
        `/sso/${name}`,
        { schema: operationSchema('sso', PAGE_DOCS[name].submit) },
        async (request, reply) => {
          const body = request.body ?? {};
          const found = await target(request, reply, body.callback);
          if (!found) return reply;
          // The service's method of the form's name (`login`, `register`) checks it.
          const outcome = await center[name](body, request.ip);
          if (outcome.ok) return sendTicket(reply, found.callback, outcome.ticket);
          if (outcome.status === 401) request.log.info({ username: body.username }, 'failed login');
          if (outcome.retryAfterSeconds) {
            reply.header('retry-after', String(outcome.retryAfterSeconds));
          }
          const view = { ...found, sent: body, error: outcome.error };
          return html(reply, outcome.status, formPage(name, view));
        },
      );
    }
  },
});
