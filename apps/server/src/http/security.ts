import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import { redactUrl } from './log-redaction.ts';

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
 * `nosniff`, and a referrer policy that sends only the origin to other sites (and nothing at all
 * from a page whose address holds a secret). The headers are
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
        // Chromium posts what the policy blocked here (see `cspReports`).
        reportUri: [CSP_REPORT_PATH],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const headers = headersOf(setHeaders);
  cspReports(app);
  // A phone pays for every header of every script and style it downloads: the built app's
  // hashed assets get only the headers that act on them, not those that only mean something on
  // a document. Workers (`.mjs`) keep them all: a worker's CSP comes from its own answer.
  app.addHook('onRequest', (request, reply, done) => {
    if (isPlainAsset(request.url)) {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('cross-origin-resource-policy', 'same-origin');
    } else {
      reply.headers(headers);
      // A page opened with a secret in its address (the login callback's `?ticket=`): nothing
      // it loads or calls, before its script takes the secret off the address, names it in a
      // Referer, not even on this site.
      if (carriesSecret(request.url)) reply.header('referrer-policy', 'no-referrer');
    }
    done();
  });
});

/**
 * The headers helmet sets, read once from a stand-in answer: they depend on the options only,
 * and running helmet's dozen middlewares on every answer cost more than the answer of a cheap
 * read. Helmet only sets and removes headers (it removes `X-Powered-By`, which nothing here sets).
 */
function headersOf(setHeaders: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const standIn = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  setHeaders(
    {} as Parameters<typeof setHeaders>[0],
    standIn as unknown as Parameters<typeof setHeaders>[1],
    (error) => {
      failure = error ?? null;
    },
  );
  if (failure !== null || Object.keys(headers).length === 0) {
    throw new Error(`helmet's headers could not be read: ${String(failure)}`);
  }
  return headers;
}

/**
 * An address whose query or fragment holds a secret (the redacted log form differs). Most have
 * neither query nor fragment, and are answered without parsing.
 */
export const carriesSecret = (url: string) =>
  (url.includes('?') || url.includes('#')) && redactUrl(url) !== url;

/** A built script, style or image under `/assets/`, not a worker. */
export const isPlainAsset = (url: string) =>
  url.startsWith('/assets/') && !/\.mjs(?:$|\?)/.test(url);

/** Where browsers report what the Content-Security-Policy blocked. */
export const CSP_REPORT_PATH = '/api/csp-report';

/** Violation reports logged per minute at most (a page in a loop must not flood the log). */
const REPORTS_PER_MINUTE = 60;

/** The parts of a report worth a log line: what was blocked, by which directive, on which page. */
function summarise(body: unknown) {
  const report =
    typeof body === 'object' && body !== null && 'csp-report' in body
      ? (body as { 'csp-report': unknown })['csp-report']
      : body;
  const field = (name: string) => {
    const value =
      typeof report === 'object' && report !== null
        ? (report as Record<string, unknown>)[name]
        : undefined;
    // Addresses lose their secrets (a report from the login callback names its ticket).
    return typeof value === 'string' ? redactUrl(value).slice(0, 300) : '';
  };
  return {
    directive: field('violated-directive') || field('effective-directive'),
    blocked: field('blocked-uri'),
    page: field('document-uri'),
    source: field('source-file'),
    line: field('line-number'),
  };
}

/**
 * `POST /api/csp-report`: a browser's report of something the policy blocked, logged as a
 * warning (`csp violation`) for operators and for the end-to-end suite, which fails on any.
 * Always answers the success envelope: a report is never the reporter's problem.
 */
function cspReports(app: FastifyInstance) {
  let window = 0;
  let logged = 0;
  app.addContentTypeParser(
    ['application/csp-report', 'application/reports+json'],
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(null, null);
      }
    },
  );
  app.post(CSP_REPORT_PATH, { schema: { hide: true } }, async (request) => {
    const minute = Math.floor(Date.now() / 60_000);
    if (minute !== window) {
      window = minute;
      logged = 0;
    }
    logged += 1;
    if (logged <= REPORTS_PER_MINUTE) {
      request.log.warn({ csp: summarise(request.body) }, 'csp violation');
    }
    // The envelope is added in one place (`envelope.ts`).
    return null;
  });
}
