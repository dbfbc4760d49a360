import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { PortalConfig } from '@portal/contract';
import { siteTitleOf } from '@portal/contract/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { escapeHtml } from '../platform/html.ts';

const YEAR_SECONDS = 365 * 24 * 3600;

/** JSON that is safe inside a `<script>` element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Puts the site's runtime config and title into the built `index.html`. */
export function injectConfig(template: string, config: PortalConfig): string {
  const tag = `<script type="application/json" id="portal-config">${scriptJson(config)}</script>`;
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(siteTitleOf(config))}</title>`)
    .replace('</head>', `${tag}</head>`);
}

/**
 * Serves the built web app: hashed `/assets` cached for a year, the other build files briefly,
 * and `index.html` with the runtime config for every page path (the SPA fallback).
 */
export async function registerWebHost(app: FastifyInstance, config: Config) {
  const dist = config.webDistDir;
  const assets = path.join(dist, 'assets');
  if (fs.existsSync(assets)) {
    await app.register(fastifyStatic, {
      root: assets,
      prefix: '/assets/',
      index: false,
      immutable: true,
      maxAge: YEAR_SECONDS * 1000,
      preCompressed: true,
    });
  }
  if (fs.existsSync(dist) && app.hasReplyDecorator('sendFile')) {
    const topFiles = fs
      .readdirSync(dist, { withFileTypes: true })
      .filter(
        (entry) => entry.isFile() && entry.name !== 'index.html' && !/\.(br|gz)$/.test(entry.name),
      );
    for (const { name } of topFiles) {
      app.get(`/${name}`, (_request, reply) =>
        reply.sendFile(name, dist, { immutable: false, maxAge: 3600 * 1000 }),
      );
    }
  }

  let template: string | null = null;
  const readTemplate = () => {
    template ??= fs.existsSync(path.join(dist, 'index.html'))
      ? fs.readFileSync(path.join(dist, 'index.html'), 'utf8')
      : null;
    return template;
  };

  return async function servePage(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/\.[a-z0-9]{1,8}$/i.test(pathname);
    const page = wantsPage ? readTemplate() : null;
    if (
      !wantsPage ||
      pathname.startsWith('/assets/') ||
      pathname.startsWith('/files/') ||
      pathname.startsWith('/media/')
    ) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    if (!page) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    const site = await app.sites.fromPath(pathname);
    const body = injectConfig(page, {
      siteKey: site.key,
      siteName: site.name,
      themeColor: site.themeColor,
      ssoLoginUrl: config.ssoLoginUrl,
      portalUrl: config.portalUrl,
      mapTileUrl: config.mapTileUrl,
    });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(body);
  };
}
