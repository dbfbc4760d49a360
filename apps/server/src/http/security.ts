import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config.ts';

function originOf(url: string | null): string[] {
  if (!url) return [];
  try {
    // Tile templates look like https://{s}.tile.example.com/{z}/{x}/{y}.png
    const parsed = new URL(url.replace(/\{s\}/g, 'a'));
    const origin = parsed.origin;
    return url.includes('{s}') ? [origin.replace('//a.', '//*.')] : [origin];
  } catch {
    return [];
  }
}

/**
 * Security headers on every response: a Content-Security-Policy that allows only what the app
 * loads (its own scripts, inline styles of the UI kit, images from itself and the map tiles),
 * `nosniff`, and a referrer policy that sends only the origin to other sites. The headers are
 * worked out once (the Fastify wrapper of helmet parsed the policy again on every request).
 */
export const securityPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...originOf(config.mapTileUrl)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });
});
