import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type ApiRoutes, apiRoutes } from './api-route.ts';
import type { ApiTag } from './openapi.ts';

/** One area of the server: its service, and its routes declared with that service. */
export interface PortalModule<K extends keyof FastifyInstance & string> {
  /** The app decorator the service is registered under (typed by the module's `declare module`). */
  name: K;
  /** The OpenAPI tag of the module's `/api` routes (described in `API_TAGS`). */
  tag: ApiTag;
  /** Builds the service from what is registered before it (passed explicitly). */
  create: (app: FastifyInstance) => FastifyInstance[K];
  /** Declares the routes: `/api` endpoints through `api`, anything else on `app`. */
  routes: (api: ApiRoutes, service: FastifyInstance[K], app: FastifyInstance) => void;
}

/**
 * An area of the server as one plugin: it builds its service from what is registered before it
 * (the config, the database, other modules' services: passed explicitly in `create`), decorates
 * the app with it under `name`, and registers its routes. `app.ts` lists the modules in order.
 */
export function portalModule<K extends keyof FastifyInstance & string>(module: PortalModule<K>) {
  return fp(
    async (app: FastifyInstance) => {
      const service = module.create(app);
      // Widened to register it; the module's own `declare module 'fastify'` entry types it.
      app.decorate(module.name as string, service as unknown);
      await app.register(async (scope) =>
        module.routes(apiRoutes(scope, module.tag), service, scope),
      );
    },
    { name: `module-${module.name}` },
  );
}
