import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { keyOfUrlPath, type S3FileStore, typeOfKey } from '../platform/file-store.ts';

/** What differs between the served folders of the bucket (files, media). */
export interface ObjectFolder {
  /** The URL path prefix, also the keys' folder: `/files/` or `/media/`. */
  prefix: '/files/' | '/media/';
  /** Which keys are served (others are answered like unknown paths). */
  allowed?: (key: string) => boolean;
  /** The cache lifetime of a served key, in seconds. */
  maxAge: (key: string) => number;
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Serves a folder of the S3 bucket at its prefix, as the local backend's static folders do:
 * byte ranges (206 with Content-Range, 416 past the end), ETag and Last-Modified with 304 for a
 * request whose validators match (the bucket answers both), the type by extension, the
 * folder's cache lifetime and `nosniff`. Unknown, hidden and refused paths fall through to the
 * not-found handler; a bucket that is down answers 503 in the envelope.
 */
export function registerObjectFolder(
  app: FastifyInstance,
  store: S3FileStore,
  folder: ObjectFolder,
) {
  // HEAD its own method of the route: Fastify's HEAD made from a GET answers length 0 without
  // a body, and a HEAD here fetches no bytes.
  app.route({
    method: ['GET', 'HEAD'],
    url: `${folder.prefix}*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = keyOfUrlPath(request.url, [folder.prefix]);
      if (!key || !(folder.allowed?.(key) ?? true)) return reply.callNotFound();
      const answer = await store.fetch(
        key,
        {
          range: header(request, 'range'),
          ifNoneMatch: header(request, 'if-none-match'),
          ifModifiedSince: header(request, 'if-modified-since'),
        },
        request.method === 'HEAD',
      );
      if (!answer) return reply.callNotFound();
      if (answer.status === 416) {
        if (answer.contentRange) reply.header('content-range', answer.contentRange);
        return reply.code(416).send();
      }
      setCommonHeaders(reply, key, folder.maxAge(key), answer);
      if (answer.status === 304) return reply.code(304).send();
      reply.header('content-length', answer.length);
      if (answer.contentRange) reply.header('content-range', answer.contentRange);
      return reply
        .code(answer.status)
        .type(typeOfKey(key))
        .send(answer.body ?? undefined);
    },
  });
}

function setCommonHeaders(
  reply: FastifyReply,
  key: string,
  maxAge: number,
  answer: { etag: string | undefined; lastModified: Date | undefined },
) {
  reply
    .header('cache-control', `public, max-age=${maxAge}`)
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff');
  if (answer.etag) reply.header('etag', answer.etag);
  if (answer.lastModified) reply.header('last-modified', answer.lastModified.toUTCString());
  // The type of a 304 is the file's too (caches keep the first one).
  if (typeOfKey(key)) reply.type(typeOfKey(key));
}
