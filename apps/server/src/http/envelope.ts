import type { Readable } from 'node:stream';
import { ErrorCode, labelOf } from '@portal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodType, z } from 'zod';
import { isDatabaseUnavailable, isUniqueViolation } from '../db/database.ts';
import { AppError } from '../platform/errors.ts';
import { FileStoreUnavailable } from '../platform/file-store.ts';
import { compileEnvelopeWriter, type SerializerOptions } from './response-serializer.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route outside `/api` whose failures answer as an `/api` call's do (the envelope, on
     * HTTP 200 unless unexpected), e.g. the live playlist under `/media/`.
     */
    envelopeFailures?: boolean;
  }
}

interface Failure {
  http: number;
  code: number;
  message: string;
  data: unknown;
}

/** A failure answered on HTTP 200 with `code` in the envelope and no data. */
const refusal = (code: number, message: string): Failure => ({
  http: 200,
  code,
  message,
  data: null,
});

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** An answer already written out as the envelope's JSON (e.g. kept by a cache): sent as is. */
export class EnvelopeText {
  constructor(readonly text: Buffer) {}
}

/**
 * An `/api` answer that is not the envelope (a certificate's PDF, the OpenAPI document):
 * sent as is, with its media type; failures of the same route still answer the envelope.
 */
export class RawAnswer {
  constructor(
    readonly type: string,
    readonly body: string | Buffer | Readable,
  ) {}
}

/**
 * The response schema of an `/api` route whose success is a file ({@link RawAnswer}): the
 * OpenAPI document describes it as a file, not as JSON (`openapi.ts`).
 */
export const fileAnswerSchema = z.instanceof(RawAnswer);

/** Wraps a handler's return value in `{ code: 0, message: '', data }` for every `/api` route. */
export function wrap(data: unknown) {
  return { code: ErrorCode.ok, message: '', data: data ?? null };
}

/** The value the caller sent at `path` of the validated part (`body`, `querystring`...). */
function valueAt(request: FastifyRequest, context: string | undefined, path: string[]): unknown {
  const parts: Record<string, unknown> = {
    body: request.body,
    querystring: request.query,
    params: request.params,
    headers: request.headers,
  };
  let value: unknown = context ? parts[context] : undefined;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Maps anything thrown to what the caller sees; `null` means an unexpected failure. */
function describe(error: FastifyError | AppError, request: FastifyRequest): Failure | null {
  if (error instanceof AppError) {
    return { http: 200, code: error.code, message: error.message, data: error.data };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const path = first?.instancePath.split('/').filter(Boolean) ?? [];
    const label = labelOf(path, request.routeOptions.url);
    const missing =
      first?.keyword === 'invalid_type' &&
      valueAt(request, error.validationContext, path) === undefined;
    const message = missing ? `缺少${label}` : `${label}：${first?.message ?? '格式不正确'}`;
    return refusal(ErrorCode.invalid, message);
  }
  if (isUniqueViolation(error)) return refusal(ErrorCode.conflict, '记录已存在，请勿重复提交');
  // The database is down or restarting: HTTP 503 (a balancer may send the learner elsewhere)
  // with the envelope of an unexpected failure, which the client shows as 网络异常.
  if (isDatabaseUnavailable(error) || error instanceof FileStoreUnavailable) {
    request.log.warn({ err: error.message }, 'database or file store unavailable');
    return {
      http: 503,
      code: ErrorCode.internal,
      message: '服务暂时不可用，请稍后再试',
      data: null,
    };
  }
  const status = error.statusCode ?? 500;
  if (
    status === 413 ||
    error.code === 'FST_REQ_FILE_TOO_LARGE' ||
    error.code === 'FST_FILES_LIMIT'
  ) {
    return refusal(ErrorCode.invalid, '请求内容过大');
  }
  if (status === 415) return refusal(ErrorCode.invalid, '不支持的请求内容类型');
  if (status === 429) return refusal(ErrorCode.tooMany, '操作过于频繁，请稍后再试');
  if (status >= 400 && status < 500) {
    const message =
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? '请求内容为空'
        : error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
          ? '请求内容不是有效的 JSON'
          : '请求格式不正确';
    return refusal(ErrorCode.invalid, message);
  }
  return null;
}

/**
 * The one error model: `/api` answers always carry the envelope; 4xx problems are code 400-429
 * on HTTP 200; unexpected failures are logged with the request id and answered HTTP 500
 * without details.
 */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  // Every /api handler returns its data; the envelope is put around it here, in one place.
  // (A hook on the payload would miss strings, which Fastify sends without serializing.)
  app.addHook('onRoute', (route) => {
    if (!isApi(route.url)) return;
    const handler = route.handler;
    route.handler = async function handleWithEnvelope(this: FastifyInstance, request, reply) {
      const data = await handler.call(this, request, reply);
      if (data instanceof EnvelopeText) {
        // Bytes with a JSON type are sent without serializing them again.
        reply.type('application/json; charset=utf-8');
        return data.text;
      }
      if (data instanceof RawAnswer) {
        reply.type(data.type);
        return data.body;
      }
      return data === reply ? reply : wrap(data);
    };
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const failure = describe(error, request);
    if (!failure) {
      request.log.error({ err: error }, 'unexpected failure');
      return sendFailure(reply, request, {
        http: 500,
        code: ErrorCode.internal,
        message: '服务器开小差了，请稍后再试',
        data: null,
      });
    }
    if (failure.code === ErrorCode.invalid) request.log.info({ err: error.message }, 'bad input');
    if (error instanceof AppError && error.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    return sendFailure(reply, request, failure);
  });
});

/** Answers an unknown `/api` path with code 404 in the envelope. */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  return sendFailure(
    reply,
    request,
    refusal(ErrorCode.notFound, `接口不存在：${request.method} ${path}`),
  );
}

export { isApi };

function sendFailure(reply: FastifyReply, request: FastifyRequest, failure: Failure) {
  const body = { code: failure.code, message: failure.message, data: failure.data };
  if (!isApi(request.url) && request.routeOptions.config?.envelopeFailures !== true) {
    return reply.code(failure.http === 200 ? 400 : failure.http).send(body);
  }
  return reply.code(failure.http).send(body);
}

/**
 * Serializes `/api` answers: routes declare the schema of `data` only; the envelope hook has
 * wrapped it, and here it is written by a serializer compiled from that schema, which writes
 * only the fields the schema lists (a row never leaks a column). Failure envelopes pass through.
 * With `check` (tests), every success is also parsed by its zod schema (see
 * {@link compileEnvelopeWriter}).
 */
export function envelopeSerializerCompiler(options: SerializerOptions = {}) {
  return ({ schema }: { schema: unknown }) => {
    if (!(schema instanceof ZodType)) {
      throw new Error('An /api response schema must be a zod schema (of `data`)');
    }
    return compileEnvelopeWriter(schema, options);
  };
}
