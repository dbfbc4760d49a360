import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import type { TestProject } from 'vitest/node';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemo } from '../seed/seed.ts';
import { testEngines } from './test-engines.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated SQLite file holding the demo seed, for test apps to copy ('' when absent). */
    seededSqliteFile: string;
    /** A PostgreSQL database holding the demo seed, for test apps to clone ('' when absent). */
    seededPostgresDatabase: string;
    /** An S3-compatible store (s3rver) on loopback for this run, e.g. `http://127.0.0.1:40123`. */
    s3Endpoint: string;
  }
}

/** `url` with its database name replaced by `database`. */
export function postgresUrlOf(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

/** Runs `sql` once on the server `url` names (CREATE/DROP DATABASE cannot run in a pool). */
export async function onPostgres(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function seedInto(database: Db): Promise<void> {
  try {
    await migrateToLatest(database);
    await seedDemo(database);
  } finally {
    await database.destroy();
  }
}

/**
 * Vitest global setup: seeds the demo once per run and engine, before any worker starts, so a
 * test app copies a file (SQLite) or clones a template database (PostgreSQL) in milliseconds
 * instead of seeding its own (about three seconds each, times every suite and engine).
 */
export default async function setup(project: TestProject) {
  const engines = testEngines();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-seeded-'));
  const file = path.join(dir, 'portal.sqlite');
  const url = process.env.TEST_DATABASE_URL;
  const template = `portal_seeded_${randomBytes(4).toString('hex')}`;
  const jobs: Promise<void>[] = [];
  if (engines.includes('sqlite')) jobs.push(seedInto(await createDatabase({ sqliteFile: file })));
  if (url && engines.includes('postgres')) {
    await onPostgres(url, `CREATE DATABASE ${template}`);
    jobs.push(seedInto(await createDatabase({ databaseUrl: postgresUrlOf(url, template) })));
  }
  // A local S3 for the suites of the bucket backend: any bucket a test makes, kept in `dir`.
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(dir, 's3'),
  });
  const s3Address = await s3.run();
  await Promise.all(jobs);
  project.provide('s3Endpoint', `http://127.0.0.1:${s3Address.port}`);
  project.provide('seededSqliteFile', engines.includes('sqlite') ? file : '');
  project.provide('seededPostgresDatabase', url && engines.includes('postgres') ? template : '');
  return async () => {
    await s3.close();
    if (url && engines.includes('postgres')) {
      await onPostgres(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
