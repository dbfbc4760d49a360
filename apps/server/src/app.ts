import { randomUUID } from 'node:crypto';
import path from 'node:path';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import { JSON_BODY_LIMIT, MULTIPART_BODY_LIMIT } from '@portal/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import { createDatabase, type Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { apiNotFound, envelopePlugin, envelopeSerializerCompiler, isApi } from './http/envelope.ts';
import { invalid } from './http/errors.ts';
import { filesDir, registerFileHost } from './http/file-host.ts';
import { registerMediaHost } from './http/media-host.ts';
import { requestContextPlugin } from './http/request-context.ts';
import { securityPlugin } from './http/security.ts';
import { UploadStore, uploadsDir } from './http/upload-store.ts';
import { registerWebHost } from './http/web-host.ts';
import { deleteExpired } from './modules/account/account.queries.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { AccountService } from './modules/account/account.service.ts';
import { activitiesRoutes } from './modules/activities/activities.routes.ts';
import { ActivityService } from './modules/activities/activities.service.ts';
import { classesRoutes } from './modules/classes/classes.routes.ts';
import { ClassService } from './modules/classes/classes.service.ts';
import { coursesRoutes } from './modules/courses/courses.routes.ts';
import { CourseService } from './modules/courses/courses.service.ts';
import { ebooksRoutes } from './modules/ebooks/ebooks.routes.ts';
import { EbookService } from './modules/ebooks/ebooks.service.ts';
import { favouritesRoutes } from './modules/favourites/favourites.routes.ts';
import { FavouriteService } from './modules/favourites/favourites.service.ts';
import { homeRoutes } from './modules/home/home.routes.ts';
import { HomeService } from './modules/home/home.service.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { SearchService } from './modules/search/search.service.ts';
import { sitesRoutes } from './modules/sites/sites.routes.ts';
import { SiteDirectory } from './modules/sites/sites.service.ts';
import { ssoRoutes } from './modules/sso/sso.routes.ts';
import { studyRoutes } from './modules/study/study.routes.ts';
import { StudyService } from './modules/study/study.service.ts';
import { topicsRoutes } from './modules/topics/topics.routes.ts';
import { TopicService } from './modules/topics/topics.service.ts';
import { type CounterStore, createCounterStore } from './platform/counter-store.ts';
import { writeActivityCovers } from './seed/activities.ts';
import { writeCategoryCovers } from './seed/covers.ts';
import { writeEbookFiles } from './seed/ebooks.ts';
import { isEmpty, seedDemo } from './seed/seed.ts';
import { writeTopicBanners } from './seed/topics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Db;
    sites: SiteDirectory;
    accounts: AccountService;
    courses: CourseService;
    classes: ClassService;
    ebooks: EbookService;
    topics: TopicService;
    activities: ActivityService;
    study: StudyService;
    searches: SearchService;
    home: HomeService;
    favourites: FavouriteService;
    counters: CounterStore;
  }
}

export interface BuildOptions {
  /** An open database to use (tests pass one per engine); the app closes it on close. */
  database?: Db;
  counters?: CounterStore;
  /** Pino options; `false` silences the log (tests). */
  logger?: boolean;
}

// Validation messages in Chinese; each is prefixed with the field's Chinese name.
z.config(z.locales.zhCN());

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
const CLEANUP_EVERY_MS = 60 * 60 * 1000;

/**
 * The whole server as one Fastify instance: migrated database (seeded with demo content when
 * empty and allowed), the API under `/api`, the account center under `/sso`, and the web app.
 */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: false,
    requestIdHeader: false,
    genReqId: (request) => {
      const sent = request.headers['x-request-id'];
      return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(envelopeSerializerCompiler);

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
  // Covers are files beside the database: write any that are missing (e.g. after `npm run seed`).
  await writeCategoryCovers(database.db, filesDir(config));
  // The e-books' PDFs and covers, and the demo document, likewise (from a cache when warm).
  await writeEbookFiles(database.db, filesDir(config));
  await writeTopicBanners(database.db, filesDir(config));
  writeActivityCovers(filesDir(config));

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('sites', new SiteDirectory(database.db, config.defaultSite));
  app.decorate('accounts', new AccountService(database.db));
  app.decorate('courses', new CourseService(database.db));
  app.decorate('classes', new ClassService(database.db));
  app.decorate('ebooks', new EbookService(database.db, database.engine));
  app.decorate('topics', new TopicService(database.db));
  app.decorate('activities', new ActivityService(database.db, new UploadStore(uploadsDir(config))));
  app.decorate('study', new StudyService(database.db, database.engine));
  app.decorate('searches', new SearchService(database.db, database.engine));
  app.decorate(
    'home',
    new HomeService(app.courses, app.classes, app.study, {
      activities: app.activities,
      ebooks: app.ebooks,
      topics: app.topics,
    }),
  );
  app.decorate('favourites', new FavouriteService(database.db));
  app.decorate('counters', options.counters ?? createCounterStore(config.redisUrl));

  const cleanup = setInterval(() => {
    deleteExpired(database.db, Date.now()).catch((error) =>
      app.log.warn({ err: error }, 'cleanup failed'),
    );
  }, CLEANUP_EVERY_MS);
  cleanup.unref();
  app.addHook('onClose', async () => {
    clearInterval(cleanup);
    await app.counters.close();
    await database.destroy();
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Refuse an oversized upload before reading it; uploads without a length are held to the
    // same limit per file by the multipart parser.
    const length = Number(request.headers['content-length'] ?? 0);
    if (
      request.headers['content-type']?.startsWith('multipart/') &&
      length > MULTIPART_BODY_LIMIT
    ) {
      throw invalid(`上传内容过大，最多 ${MULTIPART_BODY_LIMIT / 1024 / 1024} MB`);
    }
  });

  await app.register(envelopePlugin);
  await app.register(securityPlugin, { config });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(formbody, { bodyLimit: JSON_BODY_LIMIT });
  await app.register(multipart, {
    limits: { fileSize: MULTIPART_BODY_LIMIT, files: 10, fields: 50, fieldSize: 64 * 1024 },
  });
  await app.register(swagger, {
    openapi: { info: { title: '学习网移动门户 API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(requestContextPlugin);

  await app.register(sitesRoutes);
  await app.register(accountRoutes);
  await app.register(ssoRoutes);
  await app.register(coursesRoutes);
  await app.register(classesRoutes);
  await app.register(ebooksRoutes);
  await app.register(topicsRoutes);
  await app.register(activitiesRoutes);
  await app.register(studyRoutes);
  await app.register(searchRoutes);
  await app.register(homeRoutes);
  await app.register(favouritesRoutes);

  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  await registerFileHost(app, config);
  await registerMediaHost(app, config);
  const servePage = await registerWebHost(app, config);
  app.setNotFoundHandler((request, reply) =>
    isApi(request.url) ? apiNotFound(request, reply) : servePage(request, reply),
  );

  return app;
}
