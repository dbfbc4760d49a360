import { labelOf, ssoLoginFormSchema, ssoRegisterFormSchema } from '@portal/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { LoginThrottle } from './login-throttle.ts';
import { loginPage, messagePage, registerPage, ssoCss } from './sso.views.ts';

/** This site's origin as the browser sees it (default ports dropped, like `URL.origin`). */
function requestOrigin(request: FastifyRequest): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return 'null';
  }
}

/**
 * The callback to send the browser back to: an absolute http(s) URL on this site's own origin.
 * Missing means this origin's `/authPage`; anything else (foreign origin, other scheme) is null.
 */
export function acceptCallback(raw: string | undefined, origin: string): string | null {
  if (!raw) return `${origin}/authPage`;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin === origin ? url.toString() : null;
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

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${labelOf(issue.path)}：${issue.message}` : '请检查填写的内容';
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body);
}

/** The built-in account center: server-rendered login and register pages under `/sso`. */
export const ssoRoutes: FastifyPluginAsync = async (app) => {
  const throttle = new LoginThrottle(app.counters);

  /** Reads the callback and its site; answers a refusal page for a foreign callback. */
  async function target(request: FastifyRequest, reply: FastifyReply, raw: unknown) {
    const origin = requestOrigin(request);
    const callback = acceptCallback(typeof raw === 'string' ? raw : undefined, origin);
    const site = await app.sites.fromPath(callback ? new URL(callback).pathname : '/');
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
    return { callback, siteName: site.name };
  }

  app.get('/sso/sso.css', async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(ssoCss),
  );

  app.get<{ Querystring: Record<string, unknown> }>('/sso/login', async (request, reply) => {
    const found = await target(request, reply, request.query.callback);
    if (!found) return reply;
    return html(reply, 200, loginPage(found));
  });

  app.post<{ Body: Record<string, unknown> | undefined }>('/sso/login', async (request, reply) => {
    const body = request.body ?? {};
    const found = await target(request, reply, body.callback);
    if (!found) return reply;
    const parsed = ssoLoginFormSchema.safeParse(body);
    const typed = typeof body.username === 'string' ? body.username.slice(0, 64) : '';
    if (!parsed.success) {
      return html(
        reply,
        400,
        loginPage({ ...found, username: typed, error: firstIssue(parsed.error) }),
      );
    }
    const { username, password } = parsed.data;
    if (await throttle.isBlocked(username, request.ip)) {
      return html(
        reply,
        429,
        loginPage({ ...found, username, error: '登录失败次数过多，请 15 分钟后再试' }),
      );
    }
    const user = await app.accounts.checkPassword(username, password);
    if (!user) {
      await throttle.recordFailure(username, request.ip);
      request.log.info({ username }, 'failed login');
      return html(reply, 401, loginPage({ ...found, username, error: '手机号或密码错误' }));
    }
    await throttle.recordSuccess(username);
    const ticket = await app.accounts.issueTicket(user.id);
    return reply
      .header('cache-control', 'no-store')
      .redirect(withTicket(found.callback, ticket), 302);
  });

  app.get<{ Querystring: Record<string, unknown> }>('/sso/register', async (request, reply) => {
    const found = await target(request, reply, request.query.callback);
    if (!found) return reply;
    return html(reply, 200, registerPage(found));
  });

  app.post<{ Body: Record<string, unknown> | undefined }>(
    '/sso/register',
    async (request, reply) => {
      const body = request.body ?? {};
      const found = await target(request, reply, body.callback);
      if (!found) return reply;
      const text = (key: string) =>
        typeof body[key] === 'string' ? (body[key] as string).slice(0, 64) : '';
      const again = { ...found, username: text('username'), nickname: text('nickname') };
      const parsed = ssoRegisterFormSchema.safeParse(body);
      if (!parsed.success)
        return html(reply, 400, registerPage({ ...again, error: firstIssue(parsed.error) }));
      if (await throttle.registrationBlocked(request.ip)) {
        return html(reply, 429, registerPage({ ...again, error: '注册过于频繁，请稍后再试' }));
      }
      try {
        const userId = await app.accounts.register(parsed.data);
        const ticket = await app.accounts.issueTicket(userId);
        return reply
          .header('cache-control', 'no-store')
          .redirect(withTicket(found.callback, ticket), 302);
      } catch (error) {
        if (error instanceof AppError)
          return html(reply, 409, registerPage({ ...again, error: error.message }));
        throw error;
      }
    },
  );
};
