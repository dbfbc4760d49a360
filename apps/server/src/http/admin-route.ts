import { OPERATOR_ROLE_NAMES, type OperatorRole } from '@portal/contract/constants';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Operator, OperatorService } from '../modules/operators/operators.service.ts';
import type { RateLimit } from '../platform/rate-limit.ts';
import type { ApiRoutes, RouteInput } from './api-route.ts';
import type { OperationDocs } from './openapi.ts';

/** What an admin handler receives: the route input, and the operator checked for the route's roles. */
export interface AdminRouteInput<Q, B> extends RouteInput<'required', Q, B> {
  operator: Operator;
}

/** One `/api/admin` operation: the roles that may call it (any one of them) and its handler. */
export interface AdminRoute<
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  R extends z.ZodType,
> extends OperationDocs {
  roles: readonly OperatorRole[];
  query?: Q;
  body?: B;
  response: R;
  limit?: RateLimit;
  /** A multipart body larger than `MULTIPART_BODY_LIMIT` it takes, in bytes (a lesson's video). */
  uploadLimit?: number;
  handle: (input: AdminRouteInput<Q, B>) => Promise<z.input<R>> | z.input<R>;
}

/**
 * The roles each `/api/admin` operation declares (`GET /api/admin/articles` → roles), filled as
 * routes are declared: the role matrix and the other-site sweep read it.
 */
export const ADMIN_ROUTE_ROLES = new Map<string, readonly OperatorRole[]>();

/**
 * Declares `/api/admin` operations on a module's routes: each needs a login, then one of its
 * roles on the site of the call (`X-Site`), checked before the handler, which acts as that
 * operator and only inside that site.
 */
export function adminRoutes(api: ApiRoutes, operators: OperatorService) {
  const checked = new WeakMap<FastifyRequest, Promise<Operator>>();
  const declare =
    (method: 'get' | 'post') =>
    <
      R extends z.ZodType,
      Q extends z.ZodType | undefined = undefined,
      B extends z.ZodType | undefined = undefined,
    >(
      url: string,
      route: AdminRoute<Q, B, R>,
    ) => {
      if (!url.startsWith('/api/admin/')) throw new Error(`${url} is not under /api/admin/`);
      ADMIN_ROUTE_ROLES.set(`${method.toUpperCase()} ${url}`, route.roles);
      const names = route.roles.map((role) => OPERATOR_ROLE_NAMES[role]).join('、');
      /** The operator of a call, checked once (before its input is read, then in the handler). */
      const operatorOf = (request: FastifyRequest) => {
        let operator = checked.get(request);
        if (!operator) {
          operator = (async () =>
            operators.require(
              await request.requireUser(),
              (await request.site()).key,
              route.roles,
              request.ip,
            ))();
          checked.set(request, operator);
        }
        return operator;
      };
      api[method](url, {
        operationId: route.operationId,
        summary: route.summary,
        description: `${route.description}（运营后台；需要本站的${names}角色之一。）`,
        login: 'required',
        query: route.query,
        body: route.body,
        response: route.response,
        limit: route.limit,
        uploadLimit: route.uploadLimit,
        // A visitor, a learner or the wrong role is refused before the input is checked.
        guard: async (request) => {
          await operatorOf(request);
        },
        handle: async (input) =>
          route.handle({ ...input, operator: await operatorOf(input.request) }),
      });
    };
  return { get: declare('get'), post: declare('post'), operators };
}
