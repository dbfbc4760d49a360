import type { Site } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import { preferredEncoding } from '../platform/accept-encoding.ts';
import type { AuthUser } from '../platform/auth.ts';
import { type RateLimit, rateLimitSubject } from '../platform/rate-limit.ts';
import { EnvelopeText, wrap } from './envelope.ts';
import { keyOf, onceForKey } from './idempotency.ts';
import { type ApiTag, type OperationDocs, operationSchema } from './openapi.ts';
import type { LoginRule } from './request-context.ts';

/** The learner a handler gets under each login rule. */
type LearnerOf<L extends LoginRule> = L extends 'required'
  ? AuthUser
  : L extends 'optional'
    ? AuthUser | null
    : null;

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler receives: the request context (site, learner) and the checked input. */
export interface RouteInput<L extends LoginRule, Q, B> {
  site: Site;
  learner: LearnerOf<L>;
  query: Parsed<Q>;
  body: Parsed<B>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * How a route's answers to visitors are kept in the site's public cache (`app.publicCache`):
 * serialized, per site and parsed query, for a short time, and dropped as soon as what visitors
 * see of the site changes (a signup moving seats or a status). Only calls without a token are
 * answered from it, so nothing of a learner is ever kept: a public route (login `none`) for every
 * visitor, and a route whose login is `optional` (its answer marks things for a learner, such as
 * unread notices) for the calls that carry no `Authorization` header at all.
 */
export interface VisitorCache<Q> {
  /** Keeps only pages 1 to `firstPages` of a list (the pages most visits stop at). */
  firstPages?: number;
  /** Queries not worth keeping, e.g. a free-text search. */
  unless?: (query: Q) => boolean;
  /**
   * What a visitor's call counts however it is answered (a view): run for each call answered
   * with a kept answer; a call whose answer is made counts in the handler.
   */
  counted?: (site: Site, query: Q) => void;
}

/**
 * One `/api` endpoint: its documentation (`operationId`, `summary`, `description`), login rule,
 * input and answer schemas and handler.
 */
export interface ApiRoute<
  L extends LoginRule,
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  R extends z.ZodType,
> extends OperationDocs {
  /** Stated on every route; `required` answers 301 to a visitor before the input is read. */
  login: L;
  query?: Q;
  body?: B;
  /** The schema of `data` in the envelope (it drops any field it does not list). */
  response: R;
  /**
   * The path the endpoint had before it moved: it still answers, with the same schemas and
   * handler, marked deprecated in the OpenAPI docs (operation `<operationId>Deprecated`), until
   * no web app in the field calls it.
   */
  formerly?: string;
  /** Answers to calls without a token (login `none` or `optional`): see {@link VisitorCache}. */
  visitorCache?: L extends 'required' ? never : VisitorCache<Parsed<Q>>;
  /**
   * The ceiling of a write a script could flood (see `RateLimits`): counted per learner, or per
   * address for a call without a login, once the login and the input are checked; past it the
   * call answers 429 with `Retry-After` before the handler runs.
   */
  limit?: RateLimit;
  /** A separate ceiling for visitors of a route whose login is `optional` (per address). */
  visitorLimit?: L extends 'optional' ? RateLimit : never;
  /**
   * Runs right after the login rule, before the input is parsed or checked (e.g. the console's
   * role check): a caller refused here learns nothing of what the input should be.
   */
  guard?: (request: FastifyRequest) => Promise<void>;
  /**
   * A learner's write the phone's outbox may send again (issue 32): with an `Idempotency-Key`
   * header it is done once, and the same key gets the first answer again (`idempotency.ts`).
   */
  idempotent?: L extends 'required' ? true : never;
  /** A multipart body larger than `MULTIPART_BODY_LIMIT` it takes, in bytes (a lesson's video). */
  uploadLimit?: number;
  handle: (input: RouteInput<L, Q, B>) => Promise<z.input<R>> | z.input<R>;
}

/** Whether a call may be answered from the public cache under `rule`. */
function servesFromCache<Q>(rule: VisitorCache<Q>, request: FastifyRequest, query: Q): boolean {
  if (request.headers.authorization !== undefined) return false;
  if (rule.unless?.(query)) return false;
  const page = (query as { page?: unknown } | undefined)?.page;
  return rule.firstPages === undefined || (typeof page === 'number' && page <= rule.firstPages);
}

type Method = 'GET' | 'POST';

/**
 * Declares the `/api` endpoints of one module (tagged `tag` in the OpenAPI docs): each route is
 * its schemas, its login rule and a handler that gets the site and learner resolved.
 */
export function apiRoutes(app: FastifyInstance, tag: ApiTag) {
  const declare =
    (method: Method) =>
    <
      R extends z.ZodType,
      L extends LoginRule,
      Q extends z.ZodType | undefined = undefined,
      B extends z.ZodType | undefined = undefined,
    >(
      url: string,
      route: ApiRoute<L, Q, B, R>,
    ) => {
      const { login } = route;
      const schema = (deprecated: boolean): FastifySchema => ({
        ...operationSchema(tag, {
          ...route,
          operationId: deprecated ? `${route.operationId}Deprecated` : route.operationId,
          description: route.idempotent
            ? `${route.description}可带 Idempotency-Key 请求头（手机离线后补发）：同一个键只执行一次，再次发送得到第一次的结果。`
            : route.description,
        }),
        ...(deprecated ? { deprecated: true } : {}),
        ...(route.query ? { querystring: route.query } : {}),
        ...(route.body ? { body: route.body } : {}),
        response: { 200: route.response },
      });
      const cache = route.visitorCache as VisitorCache<Parsed<Q>> | undefined;
      const handler = async (request: FastifyRequest, reply: FastifyReply) => {
        const [site, learner] = await Promise.all([
          request.site(),
          login === 'required'
            ? request.requireUser()
            : login === 'optional'
              ? request.user()
              : null,
        ]);
        const idempotencyKey = route.idempotent && learner ? keyOf(request) : null;
        const ceiling = learner ? route.limit : (route.visitorLimit ?? route.limit);
        if (ceiling) {
          await app.rateLimiter.consume(ceiling, rateLimitSubject(learner?.id ?? null, request.ip));
        }
        const input: RouteInput<L, Q, B> = {
          site,
          learner: learner as LearnerOf<L>,
          query: request.query as Parsed<Q>,
          body: request.body as Parsed<B>,
          request,
          reply,
        };
        if (idempotencyKey && learner) {
          const write = async () => route.handle(input);
          const { id } = learner;
          return onceForKey(app, reply, id, `${method} ${url}`, idempotencyKey, write);
        }
        if (!cache || !servesFromCache(cache, request, input.query)) return route.handle(input);
        // The parsed query, defaults filled in: `?page=1` and no query at all share one answer.
        const key = `${method} ${url} ${JSON.stringify(input.query ?? null)}`;
        let made = false;
        const { bytes, encoding } = await app.publicCache.encodedAnswer(
          site.key,
          key,
          async () => {
            made = true;
            // The route's own compiled serializer: what the answer would have been, as text.
            return Buffer.from(String(reply.serialize(wrap(await route.handle(input)))));
          },
          preferredEncoding(request.headers['accept-encoding']),
        );
        if (!made) cache.counted?.(site, input.query);
        // Compressed with the kept answer: the server's compression leaves it as it is.
        if (encoding !== null)
          reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
        return new EnvelopeText(bytes);
      };
      const guard = route.guard ? { onRequest: route.guard } : {};
      const config = { login, uploadLimit: route.uploadLimit };
      app.route({ method, url, config, schema: schema(false), handler, ...guard });
      if (route.formerly) {
        app.route({
          method,
          url: route.formerly,
          config,
          schema: schema(true),
          handler,
          ...guard,
        });
      }
    };
  return {
    get: declare('GET'),
    post: declare('POST'),
    /** The same declarations under another OpenAPI tag (one module, two groups in the docs). */
    tagged: (other: ApiTag) => apiRoutes(app, other),
  };
}

/** What a module's `routes` declares its endpoints with. */
export type ApiRoutes = ReturnType<typeof apiRoutes>;
