import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
 * `nosniff`, and a referrer policy that sends only the origin to other sites.
 */
export const securityPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  await app.register(helmet, {
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
  // A phone pays for every header of every script and style it downloads (about 40 on the
  // first visit): the headers that only mean something on a document are left off the built
  // app's hashed assets. Workers (`.mjs`) keep theirs: a worker's CSP comes from its own answer.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isPlainAsset(request.url)) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    }
    return payload;
  });
});

/** Headers that only act on documents (and workers), set by helmet on every answer. */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** A built script, style or image under `/assets/`, not a worker. */
export const isPlainAsset = (url: string) =>
  url.startsWith('/assets/') && !/\.mjs(?:$|\?)/.test(url);
