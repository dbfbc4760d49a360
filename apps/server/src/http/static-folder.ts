import type { FastifyStaticOptions } from '@fastify/static';

/** What differs between the server's data folders (files, media); the rest is shared. */
export interface StaticFolder
  extends Pick<
    FastifyStaticOptions,
    'root' | 'prefix' | 'allowedPath' | 'acceptRanges' | 'wildcard'
  > {
  /** The headers of one served file (its cache lifetime, its type), in the order they are set. */
  headersFor: (filePath: string) => Record<string, string>;
}

/**
 * The `@fastify/static` options of a data folder: no index, listing, dotfiles or folder
 * redirects, the folder's own headers and `nosniff` on every file. Unknown paths fall through
 * to the not-found handler.
 */
export function staticFolder({ headersFor, ...folder }: StaticFolder): FastifyStaticOptions {
  return {
    ...folder,
    // The web host registers this plugin too; only one registration may decorate the reply.
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'ignore',
    redirect: false,
    setHeaders: (reply, filePath) => {
      for (const [name, value] of Object.entries(headersFor(filePath))) reply.header(name, value);
      reply.header('x-content-type-options', 'nosniff');
    },
  };
}
