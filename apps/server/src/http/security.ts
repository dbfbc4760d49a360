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
        // The account center's login form redirects to its callback: this site, or a portal
        // that uses it as its identity provider (`SSO_TRUSTED_ORIGINS`).
        formAction: ["'self'", ...config.ssoTrustedOrigins],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // A phone pays for every header of every script and style it downloads: the built app's
  // hashed assets get only the headers that act on them, not those that only mean something on
  // a document. Workers (`.mjs`) keep them all: a worker's CSP comes from its own answer.
  app.addHook('onRequest', (request, reply, done) => {
    if (isPlainAsset(request.url)) {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('cross-origin-resource-policy', 'same-origin');
      done();
      return;
    }
    setHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });
});

/** A built script, style or image under `/assets/`, not a worker. */
export const isPlainAsset = (url: string) =>
  url.startsWith('/assets/') && !/\.mjs(?:$|\?)/.test(url);
