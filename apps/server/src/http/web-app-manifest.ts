import type { Site } from '@portal/contract';
import { sitePrefix } from '@portal/contract/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { escapeHtml } from '../platform/html.ts';

/** The icon sizes the manifest names: Android's launcher and splash, and iOS's home screen. */
export const ICON_SIZES = [192, 512] as const;
const APPLE_ICON_SIZE = 180;

/** The page behind an installed app's splash screen while the app starts (index.html's). */
const BACKGROUND = '#f5f7fa';

const DAY_SECONDS = 24 * 3600;

/**
 * The icon of a site in its colour: the portal's mark (a mortarboard over an open book) on a
 * rounded square, or, `maskable`, on a full square with the mark inside the safe circle (the
 * launcher crops it to its own shape).
 */
export function iconSvg(color: string, maskable: boolean): string {
  const fill = /^#[0-9a-f]{6}$/i.test(color) ? color : '#1664ff';
  // The mark is drawn for a 64 × 64 square, its middle at (32, 29.5): centred, and for a
  // maskable icon scaled to stay well inside the safe circle (80 % of the square).
  const mark = maskable ? 'translate(8 9.875) scale(0.75)' : 'translate(0 2.5)';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="${maskable ? 0 : 14}" fill="${fill}"/><g transform="${mark}"><path d="M14 22 32 13l18 9-18 9z" fill="#fff"/><path d="M21 28v10c0 4 5 8 11 8s11-4 11-8V28l-11 6z" fill="#fff" opacity=".85"/></g></svg>`;
}

/** The web app manifest of a site: its name, colour and icons, started and scoped at its prefix. */
export function webAppManifest(site: Site) {
  const prefix = sitePrefix(site.key);
  return {
    id: `${prefix}/`,
    name: site.name,
    short_name: site.name,
    description: `${site.name}：课程、活动、直播、电子书与学习团队，随时随地学习。`,
    lang: 'zh-CN',
    dir: 'ltr',
    start_url: `${prefix}/index/home`,
    scope: `${prefix}/`,
    display: 'standalone',
    orientation: 'portrait',
    theme_color: site.themeColor,
    background_color: BACKGROUND,
    icons: [
      ...ICON_SIZES.map((size) => ({
        src: `${prefix}/app-icon-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'any',
      })),
      {
        src: `${prefix}/app-icon-maskable-512.png`,
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  };
}

/**
 * The `<head>` tags that name a site's manifest, and its home-screen icon and name for iOS
 * (which reads neither from the manifest).
 */
export function manifestLinks(site: Site): string {
  const prefix = sitePrefix(site.key);
  return (
    `<link rel="manifest" href="${prefix}/manifest.webmanifest">` +
    `<link rel="apple-touch-icon" href="${prefix}/app-icon-${APPLE_ICON_SIZE}.png">` +
    `<meta name="apple-mobile-web-app-title" content="${escapeHtml(site.name)}">`
  );
}

/** The icons served, by file name: size, and whether maskable. */
const ICON_FILES: ReadonlyArray<readonly [string, number, boolean]> = [
  ...[...ICON_SIZES, APPLE_ICON_SIZE].map((size) => [`app-icon-${size}.png`, size, false] as const),
  ['app-icon-maskable-512.png', 512, true],
];

/**
 * Serves each site's web app manifest (`/manifest.webmanifest`, `/<site>/manifest.webmanifest`)
 * and its icons (`app-icon-192.png`, `app-icon-512.png`, `app-icon-maskable-512.png`,
 * `app-icon-180.png`) drawn in the site's colour, each made once per site and colour.
 */
export function registerWebAppManifest(app: FastifyInstance) {
  const icons = new Map<string, Promise<Buffer>>();
  const drawn = (site: Site, size: number, maskable: boolean) => {
    const key = `${site.themeColor}:${size}:${maskable}`;
    let icon = icons.get(key);
    if (!icon) {
      icon = sharp(Buffer.from(iconSvg(site.themeColor, maskable)), { density: (72 * size) / 64 })
        .resize(size, size)
        .png({ compressionLevel: 9 })
        .toBuffer();
      icon.catch(() => icons.delete(key));
      icons.set(key, icon);
    }
    return icon;
  };

  const manifest = async (request: FastifyRequest, reply: FastifyReply) => {
    const site = await siteOf(app, request);
    if (!site) return notFound(reply);
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', `public, max-age=${DAY_SECONDS}`)
      .send(JSON.stringify(webAppManifest(site)));
  };
  const icon =
    (size: number, maskable: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
      const site = await siteOf(app, request);
      if (!site) return notFound(reply);
      return reply
        .type('image/png')
        .header('cache-control', `public, max-age=${DAY_SECONDS}`)
        .send(await drawn(site, size, maskable));
    };

  // Files, not operations: kept out of the OpenAPI document.
  const hide = { schema: { hide: true } };
  app.get('/manifest.webmanifest', hide, manifest);
  app.get('/:site/manifest.webmanifest', hide, manifest);
  for (const [file, size, maskable] of ICON_FILES) {
    app.get(`/${file}`, hide, icon(size, maskable));
    app.get(`/:site/${file}`, hide, icon(size, maskable));
  }
}

/** The site of an address with a prefix (a site other than the root one), or the root site. */
async function siteOf(app: FastifyInstance, request: FastifyRequest): Promise<Site | undefined> {
  const { site: key } = request.params as { site?: string };
  if (key === undefined) return app.sites.defaultSite();
  const site = await app.sites.find(key);
  return site && sitePrefix(site.key) !== '' ? site : undefined;
}

const notFound = (reply: FastifyReply) =>
  reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
