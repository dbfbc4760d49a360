import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { type BuildOptions, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { createDatabase, type Engine } from '../db/database.ts';
import { listUnbalanced } from '../modules/points/points.queries.ts';
import { MemoryCounterStore } from '../platform/counter-store.ts';
import { S3FileStore, type S3Settings } from '../platform/file-store.ts';
import { onPostgres, postgresUrlOf } from './seeded-template.ts';
import { testEngines } from './test-engines.ts';

export { testEngines };

export interface TestApp {
  app: FastifyInstance;
  engine: Engine;
  close: () => Promise<void>;
}

/** What a test may choose of how the app is built (by default answers are checked by zod too). */
export type TestBuildOptions = Pick<
  BuildOptions,
  'checkResponses' | 'publicCache' | 'codeSender' | 'clock' | 'logger' | 'logStream' | 'counters'
>;

/** A real app on a fresh database of `engine` (a temp SQLite file or its own PostgreSQL schema). */
export async function buildTestApp(
  engine: Engine,
  overrides: Partial<Config> = {},
  extend?: (app: FastifyInstance) => void,
  build: TestBuildOptions = {},
): Promise<TestApp> {
  const config: Config = {
    ...loadConfig({}),
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-')),
    logLevel: 'silent',
    webDistDir: path.join(os.tmpdir(), 'portal-no-dist'),
    adminDistDir: path.join(os.tmpdir(), 'portal-no-admin-dist'),
    // Tests run the reminder job themselves (`app.reminders.runOnce()`) unless they ask.
    reminderIntervalMs: 0,
    // ...and the dashboard's rollup (`app.statsRollup.runOnce()`).
    statsRollupIntervalMs: 0,
    // ...and start the job queue themselves (`app.jobs.start()`) unless they ask.
    jobPollMs: 0,
    // The test machine is never idle: transcodes get a share of it.
    transcodePriority: 'low',
    ...overrides,
  };
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const url = process.env.TEST_DATABASE_URL ?? '';
  const database = await openTestDatabase(engine, config, schema, url);
  const files = config.s3 ? new S3FileStore(config.s3) : undefined;
  await files?.ensureBucket();
  const app = await buildApp(config, {
    database,
    files,
    counters: new MemoryCounterStore(),
    checkResponses: true,
    logger: false,
    ...build,
  });
  extend?.(app);
  await app.ready();
  return {
    app,
    engine,
    close: async () => {
      // After every API suite, on both engines: each points balance is its ledger's sum.
      const unbalanced = await listUnbalanced(app.database.db);
      await app.close();
      if (engine === 'postgres') {
        if (database.seededCopy) await dropDatabase(url, schema);
        else await onPostgres(url, `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      }
      fs.rmSync(config.dataDir, { recursive: true, force: true });
      if (unbalanced.length > 0) {
        throw new Error(`points balance is not the ledger sum: ${JSON.stringify(unbalanced)}`);
      }
    },
  };
}

/**
 * The settings of a new, empty bucket on the run's local S3 (s3rver): pass as `{ s3: ... }` to
 * build an app whose files live in the bucket backend.
 */
export function testBucket(): S3Settings {
  return {
    endpoint: inject('s3Endpoint'),
    bucket: `t-${randomBytes(6).toString('hex')}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
}

/**
 * Drops a test app's own PostgreSQL database once its pool's last connections are gone (they
 * close a moment after the pool ends); forcing them off instead makes their clients report
 * errors nobody listens to.
 */
async function dropDatabase(url: string, name: string) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      await onPostgres(url, `DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (error) {
      // 55006: still accessed by other sessions (the closing pool's).
      if ((error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await onPostgres(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/**
 * The database of a test app: with the demo seed, a copy of the one the global setup seeded for
 * this run (a file copy, or a PostgreSQL database cloned from the template, named `name`);
 * without it, an empty SQLite file or a PostgreSQL schema `name`.
 */
async function openTestDatabase(engine: Engine, config: Config, name: string, url: string) {
  const sqliteFile = path.join(config.dataDir, 'portal.sqlite');
  if (engine === 'sqlite') {
    const seeded = config.seedDemo ? inject('seededSqliteFile') : '';
    if (seeded) fs.copyFileSync(seeded, sqliteFile);
    return { ...(await createDatabase({ sqliteFile })), seededCopy: Boolean(seeded) };
  }
  const template = config.seedDemo ? inject('seededPostgresDatabase') : '';
  if (!template) {
    const database = await createDatabase({ databaseUrl: url, pgSchema: name, pgPoolSize: 20 });
    return { ...database, seededCopy: false };
  }
  await onPostgres(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const database = await createDatabase({
    databaseUrl: postgresUrlOf(url, name),
    pgPoolSize: 20,
  });
  return { ...database, seededCopy: true };
}

/**
 * Runs a suite once per engine against one app built for it; `suite` gets a getter
 * because the app is built in `beforeAll`.
 */
export function describeEachEngine(
  name: string,
  suite: (ctx: () => TestApp) => void,
  overrides?: Partial<Config>,
  build?: () => TestBuildOptions,
) {
  for (const engine of testEngines()) {
    describe(`${name} [${engine}]`, () => {
      let current: TestApp | undefined;
      beforeAll(async () => {
        current = await buildTestApp(engine, overrides, undefined, build?.());
      }, 60_000);
      afterAll(async () => {
        await current?.close();
      });
      suite(() => {
        if (!current) throw new Error('test app not built');
        return current;
      });
    });
  }
}

/** The parsed envelope of a response. */
export function body<T = unknown>(response: LightMyRequestResponse) {
  return response.json() as { code: number; message: string; data: T };
}

const ORIGIN = 'http://localhost:80';

/** Logs in through the real account center form; answers the ticket it redirects with. */
export async function ssoTicket(app: FastifyInstance, username: string, password: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/sso/login',
    headers: { host: 'localhost:80', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password, callback: `${ORIGIN}/authPage` }).toString(),
  });
  const location = response.headers.location;
  if (response.statusCode !== 302 || typeof location !== 'string') {
    throw new Error(`login failed: ${response.statusCode}`);
  }
  const ticket = new URL(location).searchParams.get('ticket');
  if (!ticket) throw new Error('no ticket in the callback');
  return ticket;
}

/** A bearer token for a learner, obtained through the account center and the ticket exchange. */
export async function loginAs(
  app: FastifyInstance,
  username = '13800000001',
  password = 'Demo@2026',
) {
  const ticket = await ssoTicket(app, username, password);
  const response = await app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { ticket },
  });
  const { data } = body<{ token: string }>(response);
  return data.token;
}
