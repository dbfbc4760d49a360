import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { PortalConfig, Site } from '@portal/contract';
import { pictureSrcSet, sitePrefix, siteTitleOf } from '@portal/contract/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { encodeText, preferredEncoding } from '../platform/accept-encoding.ts';
import { escapeHtml } from '../platform/html.ts';
import { manifestLinks } from './web-app-manifest.ts';

const YEAR_SECONDS = 365 * 24 * 3600;

/** The web app's service worker (built by vite-plugin-pwa from `apps/web/sw/sw.ts`). */
const SERVICE_WORKER = 'sw.js';

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
  return (
    template
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(siteTitleOf(config))}</title>`)
      // First in the head: the boot script (next) reads it before any stylesheet has arrived.
      .replace(/<head>/, `<head>${tag}`)
  );
}

/** The CSP sources (`'sha256-…'`) of the template's inline scripts (the boot script). */
export function inlineScriptHashes(template: string): string[] {
  const hashes: string[] = [];
  for (const [, attrs = '', code = ''] of template.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/g,
  )) {
    if (/\bsrc=/.test(attrs) || /type="application\/json"/.test(attrs) || code === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
  }
  return hashes;
}

/** The runtime config a page of `site` gets (`#portal-config`), with its home's entries. */
function pageConfig(
  site: Site,
  config: Config,
  homeEntries: readonly string[] | null = null,
): PortalConfig {
  return {
    homeEntries: homeEntries && [...homeEntries],
    siteKey: site.key,
    siteName: site.name,
    themeColor: site.themeColor,
    ssoLoginUrl: config.ssoLoginUrl,
    portalUrl: config.portalUrl,
    mapTileUrl: config.mapTileUrl,
    mapTileDatum: config.mapTileDatum,
  };
}

/** An image a page shows first: its URL and how wide it is shown (the `sizes` of its `<img>`). */
export interface FirstImage {
  href: string;
  sizes: string;
}

/**
 * `<link rel="preload">` tags for the images a page shows first (its LCP candidate); a picture
 * kept at several widths names them all, so the phone preloads the one its `<img>` will take.
 */
export function imagePreloads(images: readonly FirstImage[]): string {
  return images
    .map(({ href, sizes }) => {
      const srcset = pictureSrcSet(href);
      const widths = srcset
        ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"`
        : '';
      return `<link rel="preload" as="image" href="${escapeHtml(href)}"${widths} fetchpriority="high">`;
    })
    .join('');
}

/**
 * What a page shows first that the HTML can announce: the images to preload, by site, page
 * path (without the site's prefix) and query. Failures mean no hints, never a failed page.
 */
export type PageHints = (
  siteKey: string,
  page: string,
  query: URLSearchParams,
) => Promise<readonly FirstImage[]>;

/**
 * Serves the built web app: hashed `/assets` cached for a year, the other build files briefly,
 * and `index.html` with the runtime config for every page path (the SPA fallback).
 */
export async function registerWebHost(
  app: FastifyInstance,
  config: Config,
  firstImages: PageHints = async () => [],
) {
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
      // Files, not operations: kept out of the OpenAPI document. The service worker is checked
      // on every visit (a new deploy's is found at once); the others are kept an hour.
      const worker = name === SERVICE_WORKER;
      app.get(`/${name}`, { schema: { hide: true } }, (_request, reply) =>
        worker
          ? reply.sendFile(name, dist, { cacheControl: false }).header('cache-control', 'no-cache')
          : reply.sendFile(name, dist, { immutable: false, maxAge: 3600 * 1000 }),
      );
    }
  }

  let template: { html: string; scriptHashes: string } | null = null;
  const readTemplate = () => {
    if (!template && fs.existsSync(path.join(dist, 'index.html'))) {
      const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
      template = { html, scriptHashes: inlineScriptHashes(html).join(' ') };
    }
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
    const images = await firstImages(
      site.key,
      pathname.slice(sitePrefix(site.key).length) || '/',
      new URLSearchParams(request.url.split('?')[1] ?? ''),
    ).catch((error: unknown) => {
      request.log.warn({ err: error }, 'no page hints');
      return [];
    });
    const html = page.html.replace(
      '</head>',
      `${imagePreloads(images)}${manifestLinks(site)}</head>`,
    );
    const body = injectConfig(
      html,
      pageConfig(site, config, await app.sites.homeEntries(site.key)),
    );
    // The inline boot script runs by its hash, and only it: scripts stay 'self' otherwise.
    const policy = reply.getHeader('content-security-policy');
    if (page.scriptHashes && typeof policy === 'string') {
      reply.header(
        'content-security-policy',
        policy.replace("script-src 'self'", `script-src 'self' ${page.scriptHashes}`),
      );
    }
    // The service worker keeps the page as the shell of the site whose prefix the address has.
    const prefix = sitePrefix(site.key);
    const addressPrefix = prefix && (pathname === prefix || pathname.startsWith(`${prefix}/`));
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('x-portal-prefix', addressPrefix ? prefix : '')
      // ...and learns which first segments name a site (a site never opened has no shell).
      .header(
        'x-portal-sites',
        (await app.sites.list())
          .map((each) => sitePrefix(each.key))
          .filter(Boolean)
          .join(','),
      );
    // Served outside any route, where the server's compression does not reach: compressed here.
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(body);
    return reply
      .header('content-encoding', encoding)
      .send(await encodeText(Buffer.from(body), encoding));
  };
}

/**
 * Serves the built operators' console under `/admin`: its hashed `/admin/assets` cached for a
 * year, its other files briefly, and its `index.html` (with the runtime config) for every page
 * path under `/admin`. Nothing is registered when it is not built (the console answers 503).
 */
export async function registerAdminHost(app: FastifyInstance, config: Config) {
  const dist = config.adminDistDir;
  const assets = path.join(dist, 'assets');
  if (fs.existsSync(assets)) {
    await app.register(fastifyStatic, {
      root: assets,
      prefix: '/admin/assets/',
      index: false,
      immutable: true,
      maxAge: YEAR_SECONDS * 1000,
      // The `.br` and `.gz` copies the console's build made beside each asset.
      preCompressed: true,
      // `reply.sendFile` comes from the web app's static host when it is built.
      decorateReply: !app.hasReplyDecorator('sendFile'),
    });
  }
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/admin';
    const file = pathname.replace(/^\/admin\/?/, '');
    if (/^[A-Za-z0-9._-]+\.[a-z0-9]{1,8}$/i.test(file)) {
      // A top-level file of the build (the icon): served when it exists, else not found.
      if (
        file !== 'index.html' &&
        app.hasReplyDecorator('sendFile') &&
        fs.existsSync(path.join(dist, file))
      ) {
        return reply.sendFile(file, dist, { immutable: false, maxAge: 3600 * 1000 });
      }
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    const indexFile = path.join(dist, 'index.html');
    if (!fs.existsSync(indexFile)) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The console is not built yet: run `npm run build` (npm start does it for you).');
    }
    const site = await app.sites.defaultSite();
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(
        injectConfig(fs.readFileSync(indexFile, 'utf8'), pageConfig(site, config)).replace(
          /<title>[^<]*<\/title>/,
          '<title>运营后台</title>',
        ),
      );
  };
  for (const url of ['/admin', '/admin/*']) app.get(url, { schema: { hide: true } }, page);
}
