import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Writable } from 'node:stream';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { JSON_BODY_LIMIT, MULTIPART_BODY_LIMIT, PICTURE_SIZES, sizeText } from '@portal/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import { createDatabase, type Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { apiNotFound, envelopePlugin, envelopeSerializerCompiler, isApi } from './http/envelope.ts';
import { registerFileHost } from './http/file-host.ts';
import { registerHealth } from './http/health.ts';
import { loggerOptions } from './http/log-redaction.ts';
import { registerMediaHost } from './http/media-host.ts';
import { createMetrics, registerMetrics } from './http/metrics.ts';
import { uploadLimitOf } from './http/multipart.ts';
import { registerOpenApi, serveApiDocs } from './http/openapi.ts';
import { requestContextPlugin } from './http/request-context.ts';
import { securityPlugin } from './http/security.ts';
import { registerWebAppManifest } from './http/web-app-manifest.ts';
import { registerAdminHost, registerWebHost } from './http/web-host.ts';
import { accountModule } from './modules/account/account.routes.ts';
import { accountSettingsModule } from './modules/account-settings/account-settings.routes.ts';
import { activitiesModule } from './modules/activities/activities.routes.ts';
import { activityDeskModule } from './modules/activities/activity-desk.routes.ts';
import { articleDeskModule } from './modules/articles/article-desk.routes.ts';
import { articlesModule } from './modules/articles/articles.routes.ts';
import { basesModule } from './modules/bases/bases.routes.ts';
import { programmeDeskModule } from './modules/bases/programme-desk.routes.ts';
import { checkinDeskModule } from './modules/checkin-desk/checkin-desk.routes.ts';
import { classDeskModule } from './modules/classes/class-desk.routes.ts';
import { classesModule } from './modules/classes/classes.routes.ts';
import { COVER_PAGES, publishedCover } from './modules/content/covers.queries.ts';
import { courseDeskModule } from './modules/courses/course-desk.routes.ts';
import { coursesModule } from './modules/courses/courses.routes.ts';
import { deliveryModule } from './modules/delivery/delivery.routes.ts';
import { deliveryDeskModule } from './modules/delivery/delivery-desk.routes.ts';
import { ebookDeskModule } from './modules/ebooks/ebook-desk.routes.ts';
import { ebooksModule } from './modules/ebooks/ebooks.routes.ts';
import { favouritesModule } from './modules/favourites/favourites.routes.ts';
import { homeModule } from './modules/home/home.routes.ts';
import { homeDeskModule } from './modules/home/home-desk.routes.ts';
import { identitiesModule } from './modules/identities/identities.routes.ts';
import { jobsDeskModule } from './modules/jobs/jobs-desk.routes.ts';
import { learnersModule } from './modules/learners/learners.routes.ts';
import { liveModule } from './modules/live/live.routes.ts';
import { liveDeskModule } from './modules/live/live-desk.routes.ts';
import { medalsModule } from './modules/medals/medals.routes.ts';
import { messageDeskModule } from './modules/message-desk/message-desk.routes.ts';
import { messagesModule } from './modules/messages/messages.routes.ts';
import { operatorsModule } from './modules/operators/operators.routes.ts';
import { participantsModule } from './modules/participants/participants.routes.ts';
import { phoneBindingModule } from './modules/phone-binding/phone-binding.routes.ts';
import { placeDeskModule } from './modules/places/place-desk.routes.ts';
import { placesModule } from './modules/places/places.routes.ts';
import { pointsModule } from './modules/points/points.routes.ts';
import { pushModule } from './modules/push/push.routes.ts';
import { rankingsModule } from './modules/rankings/rankings.routes.ts';
import { rulesDeskModule } from './modules/rules/rules-desk.routes.ts';
import { searchModule } from './modules/search/search.routes.ts';
import { sitesModule } from './modules/sites/sites.routes.ts';
import { ssoModule } from './modules/sso/sso.routes.ts';
import { statisticsModule } from './modules/statistics/statistics.routes.ts';
import { statsModule } from './modules/stats/stats.routes.ts';
import { studyModule } from './modules/study/study.routes.ts';
import { teamResourcesModule } from './modules/team-resources/team-resources.routes.ts';
import { teamWorksModule } from './modules/team-works/team-works.routes.ts';
import { teamsModule } from './modules/teams/teams.routes.ts';
import { topicDeskModule } from './modules/topics/topic-desk.routes.ts';
import { topicsModule } from './modules/topics/topics.routes.ts';
import { walkDeskModule } from './modules/walks/walk-desk.routes.ts';
import { walksModule } from './modules/walks/walks.routes.ts';
import { addressBlockList } from './platform/address-ranges.ts';
import { type CounterStore, createCounterStore } from './platform/counter-store.ts';
import { invalid } from './platform/errors.ts';
import { createFileStore, type FileStore } from './platform/file-store.ts';
import type { JobQueue } from './platform/jobs/job-queue.ts';
import { createJobQueue } from './platform/jobs/jobs.ts';
import { PublicCache } from './platform/public-cache.ts';
import { RateLimiter } from './platform/rate-limit.ts';
import { SideEffects } from './platform/side-effects.ts';
import { type CodeSender, FileCodeSender, LogCodeSender } from './platform/sms.ts';
import { isEmpty, seedDemo, writeDemoFiles } from './seed/seed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Db;
    counters: CounterStore;
    /** Every kept file, uploaded or generated: `DATA_DIR` or the S3 bucket (`S3_BUCKET`). */
    files: FileStore;
    /** The rate limits of every floodable call, counted in `counters`. */
    rateLimiter: RateLimiter;
    /** The award hook: services record side effects; later areas (points, medals) subscribe. */
    sideEffects: SideEffects;
    /** Visitors' answers kept briefly, and the content versions that retire them. */
    publicCache: PublicCache;
    /** Where phone verification codes go (`CODE_SENDER`; tests inject a recording one). */
    codeSender: CodeSender;
    /** The time, in epoch ms, for rules that expire (tests inject one to move it on). */
    clock: () => number;
    /** Background jobs (后台任务): kinds defined by the modules, worked once the app is ready. */
    jobs: JobQueue;
  }
}

/**
 * The areas of the server, in order: each is a plugin that decorates the app with its service
 * and registers its routes; a module may use the services of those listed before it.
 */
const modules = [
  sitesModule,
  accountModule,
  ssoModule,
  coursesModule,
  classesModule,
  ebooksModule,
  topicsModule,
  placesModule,
  activitiesModule,
  liveModule,
  articlesModule,
  studyModule,
  searchModule,
  homeModule,
  favouritesModule,
  messagesModule,
  pushModule,
  accountSettingsModule,
  identitiesModule,
  phoneBindingModule,
  medalsModule,
  statisticsModule,
  pointsModule,
  teamsModule,
  teamWorksModule,
  rankingsModule,
  teamResourcesModule,
  deliveryModule,
  basesModule,
  walksModule,
  // The operators' console: after every module whose content it writes.
  operatorsModule,
  articleDeskModule,
  courseDeskModule,
  ebookDeskModule,
  activityDeskModule,
  classDeskModule,
  liveDeskModule,
  topicDeskModule,
  deliveryDeskModule,
  programmeDeskModule,
  rulesDeskModule,
  jobsDeskModule,
  homeDeskModule,
  walkDeskModule,
  placeDeskModule,
  participantsModule,
  checkinDeskModule,
  learnersModule,
  messageDeskModule,
  statsModule,
];

export interface BuildOptions {
  /** An open database to use (tests pass one per engine); the app closes it on close. */
  database?: Db;
  counters?: CounterStore;
  /** The file store (tests pass one); default by `config.s3`. */
  files?: FileStore;
  /** The visitors' answer cache (tests pass one with their own Redis prefix or life). */
  publicCache?: PublicCache;
  /**
   * Parse every success answer with its zod schema too, failing on a mismatch (tests); the
   * server itself writes answers with the compiled serializers only.
   */
  checkResponses?: boolean;
  /** Where phone verification codes go; default by `config.codeSender`. */
  codeSender?: CodeSender;
  /** The time for expiring rules (phone codes); default `Date.now`. */
  clock?: () => number;
  /** Pino options; `false` silences the log (tests). */
  logger?: boolean;
  /** Where the log goes instead of stdout (tests that read it). */
  logStream?: Writable;
}

// Validation messages in Chinese; each is prefixed with the field's Chinese name.
z.config(z.locales.zhCN());

/** The code sender `CODE_SENDER` names: the server log, or a file in `DATA_DIR`. */
function defaultCodeSender(log: FastifyBaseLogger, config: Config): CodeSender {
  return config.codeSender === 'file'
    ? new FileCodeSender(path.join(config.dataDir, 'sent-codes.log'))
    : new LogCodeSender(log);
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** `TRUST_PROXY` as Fastify takes it: a hop count becomes the test of each hop. */
function trustProxyOption(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * The whole server as one Fastify instance: migrated database (seeded with demo content when
 * empty and allowed), the API under `/api`, the account center under `/sso`, and the web app.
 */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    bodyLimit: JSON_BODY_LIMIT,
    // The client's address (per-address limits, logs) from the proxies named by TRUST_PROXY only.
    trustProxy: trustProxyOption(config.trustProxy),
    requestIdHeader: false,
    genReqId: (request) => {
      const sent = request.headers['x-request-id'];
      return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(envelopeSerializerCompiler({ check: options.checkResponses ?? false }));

  const database =
    options.database ??
    (await createDatabase({
      databaseUrl: config.databaseUrl,
      sqliteFile: path.join(config.dataDir, 'portal.sqlite'),
    }));
  await migrateToLatest(database);
  if (config.seedDemo && (await isEmpty(database))) {
    await seedDemo(database, { log: (line) => app.log.info(line) });
  }
  const files = options.files ?? createFileStore(config);
  // Covers, e-book PDFs, topic banners: files in the store; writes any that are missing (e.g.
  // after `npm run seed`), the e-books' from a cache when warm.
  await writeDemoFiles(database.db, files);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('counters', options.counters ?? createCounterStore(config.redisUrl));
  app.decorate('files', files);
  app.decorate('clock', options.clock ?? Date.now);
  const metrics = createMetrics(app);
  app.decorate(
    'rateLimiter',
    new RateLimiter(app.counters, (limit) => metrics.rateLimitRefusal(limit)),
  );
  app.decorate('sideEffects', new SideEffects());
  app.decorate(
    'publicCache',
    options.publicCache ??
      new PublicCache({
        redisUrl: config.redisUrl,
        onError: (error) => app.log.warn({ err: error }, 'public cache: Redis failed'),
        onLookup: (hit) => metrics.cacheLookup(hit),
      }),
  );
  app.decorate('codeSender', options.codeSender ?? defaultCodeSender(app.log, config));
  app.decorate(
    'jobs',
    createJobQueue(database, {
      pollMs: config.jobPollMs,
      onError: (error, kind) => app.log.error({ err: error, kind }, 'background job failed'),
    }),
  );
  // Every module has defined its kinds of job by then.
  if (config.jobPollMs > 0) app.addHook('onReady', () => app.jobs.start());
  app.addHook('onClose', async () => {
    await app.jobs.stop();
    await app.counters.close();
    await app.publicCache.close();
    await files.close();
    await database.destroy();
  });

  // Not async: a hook that is runs a promise on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // Refuse an oversized upload before reading it; uploads without a length are held to the
    // same limit per file by the multipart parser (withMultipart).
    const length = Number(request.headers['content-length'] ?? 0);
    if (request.headers['content-type']?.startsWith('multipart/')) {
      const limit = uploadLimitOf(request);
      if (length > limit.bytes) {
        done(invalid(`上传内容过大，最多 ${sizeText(limit.shown)}`));
        return;
      }
    }
    done();
  });

  await app.register(envelopePlugin);
  await app.register(securityPlugin, { config });
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Each answer built for one caller is compressed on its own: brotli 2 is as small as the
    // plugin's 4 for a learner's answers (a ranking's 7.4 KB: 1,322 bytes against 1,321) at
    // half the time. Visitors' kept answers are compressed harder, once (see PublicCache).
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 2,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    },
    // Compressed in one call up to 64 KB: on two cores the plugin streams from 8 KB, and a
    // stream of zlib per answer cost more than the compression itself.
    syncThreshold: 64 * 1024,
  });
  await app.register(formbody, { bodyLimit: JSON_BODY_LIMIT });
  await app.register(multipart, {
    limits: { fileSize: MULTIPART_BODY_LIMIT, files: 10, fields: 50, fieldSize: 64 * 1024 },
  });
  await registerOpenApi(app);
  await app.register(requestContextPlugin, {
    siteOf: (header) => app.sites.fromHeader(header),
    authenticate: (token) => app.accounts.authenticate(token),
  });
  for (const module of modules) await app.register(module);
  serveApiDocs(app);

  registerHealth(app);
  registerMetrics(app, metrics, addressBlockList(config.metricsAllow));
  await registerFileHost(app, files);
  await registerMediaHost(app, files);
  registerWebAppManifest(app);
  // The home page's first banner and a detail page's cover are their largest paint: the HTML
  // names them for preloading, so that they load beside the scripts, not after them.
  const servePage = await registerWebHost(app, config, async (siteKey, page, query) => {
    if (page === '/index/home' || page === '/index/gotoHome') {
      return (await app.home.home(siteKey)).banners
        .slice(0, 1)
        .map((banner) => ({ href: banner.image, sizes: PICTURE_SIZES.wide }));
    }
    const shown = COVER_PAGES[page];
    const id = Number(query.get('id'));
    if (!shown || !Number.isSafeInteger(id) || id <= 0) return [];
    const cover = await publishedCover(app.database.db, shown.table, siteKey, id);
    return cover ? [{ href: cover, sizes: shown.sizes }] : [];
  });
  await registerAdminHost(app, config);
  app.setNotFoundHandler((request, reply) =>
    isApi(request.url) ? apiNotFound(request, reply) : servePage(request, reply),
  );

  return app;
}
