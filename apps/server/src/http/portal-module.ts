import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/**
 * An area of the server as one plugin: it builds its service from what is registered before it
 * (the config, the database, other modules' services: passed explicitly in `create`), decorates
 * the app with it under `name`, and registers its routes. `app.ts` lists the modules in order.
 */
export function portalModule<K extends keyof FastifyInstance & string>(
  name: K,
  create: (app: FastifyInstance) => FastifyInstance[K],
  routes: FastifyPluginAsync,
) {
  return fp(
    async (app: FastifyInstance) => {
      // Typed by the module's own `declare module 'fastify'` entry; widened here to register it.
      const service: unknown = create(app);
      app.decorate(name as string, service);
      await app.register(routes);
    },
    { name: `module-${name}` },
  );
}
