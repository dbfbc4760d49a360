import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRoutes } from './api-route.ts';
import { envelopePlugin, envelopeSerializerCompiler } from './envelope.ts';
import { requestContextPlugin } from './request-context.ts';

const site = { key: 'jingan', name: '静安学习网', prefix: '', themeColor: '#1664ff' };

/** A bare server with the request context and envelope, and the routes `declare` adds. */
async function serverWith(declare: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(envelopeSerializerCompiler({ check: true }));
  await app.register(envelopePlugin);
  await app.register(swagger, { openapi: {}, transform: jsonSchemaTransform });
  await app.register(requestContextPlugin, {
    siteOf: async () => site,
    authenticate: async () => null,
  });
  await app.register(async (scope) => declare(scope));
  await app.ready();
  return app;
}

describe('apiRoutes', () => {
  it('refuses an /api route that states no login rule: the app does not start', async () => {
    await expect(
      serverWith((app) => {
        app.get('/api/test/no-rule', async () => 'never');
      }),
    ).rejects.toThrow('GET /api/test/no-rule states no login rule');
  });

  it('answers the former path of a moved route the same, marked deprecated in the docs', async () => {
    const app = await serverWith((scope) => {
      apiRoutes(scope, 'sites').get('/api/test/now', {
        operationId: 'getNow',
        summary: '现在的路径',
        description: '现在的路径，与以前的路径答复相同。',
        login: 'none',
        formerly: '/api/test/before',
        query: z.object({ n: z.coerce.number() }),
        response: z.object({ twice: z.number(), site: z.string() }),
        handle: ({ site, query }) => ({ twice: query.n * 2, site: site.key }),
      });
    });
    for (const url of ['/api/test/now?n=2', '/api/test/before?n=2']) {
      const response = await app.inject({ url });
      expect(response.json()).toEqual({ code: 0, message: '', data: { twice: 4, site: 'jingan' } });
    }
    const paths = (app.swagger() as { paths: Record<string, { get: Record<string, unknown> }> })
      .paths;
    expect(paths['/api/test/now']?.get).toMatchObject({
      operationId: 'getNow',
      summary: '现在的路径',
      description: '现在的路径，与以前的路径答复相同。',
      tags: ['sites'],
    });
    expect(paths['/api/test/now']?.get.deprecated).toBeUndefined();
    expect(paths['/api/test/before']?.get).toMatchObject({
      operationId: 'getNowDeprecated',
      summary: '现在的路径',
      tags: ['sites'],
      deprecated: true,
      parameters: paths['/api/test/now']?.get.parameters,
    });
    await app.close();
  });
});
