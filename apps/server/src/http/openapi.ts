import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { RawAnswer } from './envelope.ts';

/** Where the OpenAPI document is served. */
export const API_DOCS_PATH = '/api/docs';

/** Builds the OpenAPI document from the routes' schemas as they register (so, before them). */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: '学习网移动门户 API', version: '1.0.0' },
      // Routes declared with `login: 'required'` list this scheme (the request context adds it).
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
}

/**
 * Serves the OpenAPI document at `/api/docs` as itself: raw JSON for OpenAPI tools, the one
 * `/api` answer without the envelope (its failures, e.g. an unknown `X-Site`, keep it).
 */
export function serveApiDocs(app: FastifyInstance) {
  let text: string | undefined;
  app.get(API_DOCS_PATH, { schema: { hide: true }, config: { login: 'none' } }, async () => {
    // The routes are all registered by the first call; the document does not change after.
    text ??= JSON.stringify(app.swagger());
    return new RawAnswer('application/json; charset=utf-8', text);
  });
}
