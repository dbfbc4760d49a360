import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { sqliteFileOf } from '../db/configured.ts';
import { createDatabase, type Db, type Engine } from '../db/database.ts';
import { createActivity, FULL_FORM, multipart } from '../testing/activity-factory.ts';
import {
  BASIC_FORM,
  createClass,
  createLearners,
  type TestLearner,
} from '../testing/class-factory.ts';
import { onPostgres, postgresUrlOf } from '../testing/seeded-template.ts';
import { body, buildTestApp, type TestApp, testBucket, testEngines } from '../testing/test-app.ts';
import { BackupRefused, type BackupSettings, backup, DATABASE_FILE, restore } from './backup.ts';
import { KEPT_FOLDERS } from './copy-files.ts';
import { MemoryCounterStore } from './counter-store.ts';
import { type FileStore, LocalFileStore, S3FileStore } from './file-store.ts';

const TEST_URL = process.env.TEST_DATABASE_URL ?? '';
/** apps/server, where the commands run as `npm run backup` runs them. */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsxBin = fs.existsSync(path.join(serverDir, 'node_modules/.bin/tsx'))
  ? path.join(serverDir, 'node_modules/.bin/tsx')
  : path.join(serverDir, '../../node_modules/.bin/tsx');

/** Every folder, PostgreSQL database and child process a test made, removed in afterAll. */
const made = { dirs: [] as string[], databases: [] as string[], children: [] as ChildProcess[] };

function tempDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.dirs.push(dir);
  return dir;
}

/** The backup and restore settings of a test app: its data folder and its own database. */
async function settingsOf(source: TestApp): Promise<BackupSettings> {
  const { app, engine } = source;
  if (engine === 'sqlite') {
    return { dataDir: app.config.dataDir, databaseUrl: undefined, s3: app.config.s3 };
  }
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(
    app.database.db,
  );
  return {
    dataDir: app.config.dataDir,
    databaseUrl: postgresUrlOf(TEST_URL, rows[0]?.name ?? ''),
    s3: app.config.s3,
  };
}

/** A new, empty target: a data folder, and on PostgreSQL a new database. */
async function emptyTarget(engine: Engine): Promise<BackupSettings> {
  const dataDir = path.join(tempDir('portal-restored-'), 'data');
  if (engine === 'sqlite') return { dataDir, databaseUrl: undefined, s3: null };
  const name = `restored_${randomBytes(5).toString('hex')}`;
  await onPostgres(TEST_URL, `CREATE DATABASE ${name}`);
  made.databases.push(name);
  return { dataDir, databaseUrl: postgresUrlOf(TEST_URL, name), s3: null };
}

const openDatabase = (settings: BackupSettings): Promise<Db> =>
  createDatabase({ databaseUrl: settings.databaseUrl, sqliteFile: sqliteFileOf(settings.dataDir) });

async function count(settings: BackupSettings, table: 'users' | 'class_signups') {
  const database = await openDatabase(settings);
  try {
    const row = await database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await database.destroy();
  }
}

/** Whether a database has any table (SQLite: whether its file exists at all). */
async function hasTables(settings: BackupSettings): Promise<boolean> {
  if (!settings.databaseUrl) return fs.existsSync(sqliteFileOf(settings.dataDir));
  const database = await openDatabase(settings);
  try {
    const { rows } = await sql<{ n: number }>`select count(*) as n from pg_tables
      where schemaname = 'public'`.execute(database.db);
    return Number(rows[0]?.n) > 0;
  } finally {
    await database.destroy();
  }
}

/** The kept files of a store, `key size` each, sorted. */
async function keptFiles(store: FileStore): Promise<string[]> {
  const found: string[] = [];
  for (const folder of KEPT_FOLDERS) {
    for await (const { key, size } of store.list(folder)) found.push(`${key} ${size}`);
  }
  return found.sort();
}

/** Runs a command-line tool of this folder as `npm run` would, with `env`; never rejects. */
function runCli(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(tsxBin, [`src/platform/${script}`, ...args], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: '', S3_BUCKET: '', ...env },
    });
    made.children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += String(chunk);
    });
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const envOf = (settings: BackupSettings): Record<string, string> => ({
  DATA_DIR: settings.dataDir,
  DATABASE_URL: settings.databaseUrl ?? '',
});

/** A fresh app on a restored target, as `npm start` would open it (no demo seed, no demo files). */
async function openRestored(settings: BackupSettings): Promise<FastifyInstance> {
  const config: Config = {
    ...loadConfig({}),
    dataDir: settings.dataDir,
    databaseUrl: settings.databaseUrl,
    s3: settings.s3,
    seedDemo: false,
    logLevel: 'silent',
    webDistDir: path.join(os.tmpdir(), 'portal-no-dist'),
    reminderIntervalMs: 0,
    statsRollupIntervalMs: 0,
  };
  return buildApp(config, { counters: new MemoryCounterStore(), logger: false });
}

/** A write the server answered with code 0: what a restore of a later backup must hold. */
type Write =
  | { kind: 'signup'; userId: number; classId: number }
  | { kind: 'application'; userId: number; activityId: number }
  | { kind: 'reading'; userId: number; ebookId: number; page: number; award: boolean }
  | { kind: 'view'; userId: number; courseId: number; viewCount: number };

/** The writes of `writes` the database does not hold, as lines. */
async function missingWrites(settings: BackupSettings, writes: Write[]): Promise<string[]> {
  const database = await openDatabase(settings);
  try {
    const { db } = database;
    const userIds = [...new Set(writes.map((write) => write.userId))];
    const signups = new Set(
      (
        await db
          .selectFrom('class_signups')
          .select(['class_id', 'user_id'])
          .where('status', '=', 'active')
          .where('user_id', 'in', userIds)
          .execute()
      ).map((row) => `${row.class_id}:${row.user_id}`),
    );
    const applications = new Set(
      (
        await db
          .selectFrom('activity_applications')
          .select(['activity_id', 'user_id'])
          .where('status', '=', 'active')
          .where('user_id', 'in', userIds)
          .execute()
      ).map((row) => `${row.activity_id}:${row.user_id}`),
    );
    const pages = new Map(
      (
        await db
          .selectFrom('ebook_reading')
          .select(['ebook_id', 'user_id', 'page'])
          .where('user_id', 'in', userIds)
          .execute()
      ).map((row) => [`${row.ebook_id}:${row.user_id}`, Number(row.page)]),
    );
    const awards = new Set(
      (
        await db
          .selectFrom('points_ledger')
          .select('idempotency_key')
          .where('user_id', 'in', userIds)
          .execute()
      ).map((row) => row.idempotency_key),
    );
    const views = new Map(
      (
        await db
          .selectFrom('history')
          .select(['content_id', 'user_id', 'view_count'])
          .where('content_type', '=', 'course')
          .where('user_id', 'in', userIds)
          .execute()
      ).map((row) => [`${row.content_id}:${row.user_id}`, Number(row.view_count)]),
    );
    const missing: string[] = [];
    for (const write of writes) {
      const { userId } = write;
      if (write.kind === 'signup' && !signups.has(`${write.classId}:${userId}`)) {
        missing.push(`signup of ${userId} to class ${write.classId}`);
      } else if (
        write.kind === 'application' &&
        !applications.has(`${write.activityId}:${userId}`)
      ) {
        missing.push(`application of ${userId} to activity ${write.activityId}`);
      } else if (write.kind === 'reading') {
        const page = pages.get(`${write.ebookId}:${userId}`) ?? 0;
        if (page < write.page) missing.push(`reading of ${userId}: page ${page} < ${write.page}`);
        const key = `ebook.pages:${write.ebookId}:${userId}:${Math.floor(write.page / 10)}`;
        if (write.award && !awards.has(key)) missing.push(`award ${key}`);
      } else if (write.kind === 'view') {
        const views_ = views.get(`${write.courseId}:${userId}`) ?? 0;
        if (views_ < write.viewCount) {
          missing.push(`views of ${userId}: ${views_} < ${write.viewCount}`);
        }
      }
    }
    return missing;
  } finally {
    await database.destroy();
  }
}

/** What the load works on: classes and activities with room for everyone, a long e-book, courses. */
interface LoadItems {
  classIds: number[];
  activityIds: number[];
  ebookId: number;
  courseIds: number[];
}

async function loadItems(app: FastifyInstance): Promise<LoadItems> {
  const { db } = app.database;
  const classIds: number[] = [];
  for (let i = 0; i < 20; i += 1) classIds.push(await createClass(db, { capacity: 1000 }));
  const activityIds: number[] = [];
  for (let i = 0; i < 6; i += 1) activityIds.push(await createActivity(db, { capacity: 1000 }));
  const book = await db
    .selectFrom('ebooks')
    .select('id')
    .where('site_key', '=', 'jingan')
    .where('published', '=', 1)
    .where('page_count', '>=', 60)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const courses = await db
    .selectFrom('courses')
    .select('id')
    .where('site_key', '=', 'jingan')
    .where('published', '=', 1)
    .orderBy('id')
    .limit(5)
    .execute();
  return { classIds, activityIds, ebookId: book.id, courseIds: courses.map((c) => c.id) };
}

/**
 * One learner's requests, one after another until `running()` is false: signups to every class,
 * applications to every activity, e-book reports 10 pages apart (each up to the daily cap of 5
 * earns points in the report's transaction), then course views. Every write answered with code 0
 * is pushed to `acked` with the time of its answer.
 */
async function learnerLoad(
  app: FastifyInstance,
  learner: TestLearner,
  items: LoadItems,
  acked: Array<{ at: number; write: Write }>,
  running: () => boolean,
) {
  const headers = { authorization: `Bearer ${learner.token}` };
  const userId = learner.id;
  let page = 1;
  let awards = 0;
  for (let step = 0; running(); step += 1) {
    const round = step % 4;
    const classId = items.classIds[Math.floor(step / 4)];
    const activityId = items.activityIds[Math.floor(step / 4)];
    let payload: Record<string, unknown>;
    let url: string;
    let write: (data: Record<string, unknown>) => Write;
    if (round === 0 && classId !== undefined) {
      url = '/api/classes/signup';
      payload = { classId, form: BASIC_FORM };
      write = () => ({ kind: 'signup', userId, classId });
    } else if (round === 1 && activityId !== undefined) {
      url = '/api/activities/apply';
      payload = { activityId, form: FULL_FORM };
      write = () => ({ kind: 'application', userId, activityId });
    } else if (round === 2 && page <= 51) {
      const reported = page;
      url = '/api/study/ebook-progress';
      payload = { ebookId: items.ebookId, page: reported };
      const award = reported > 1 && awards < 5;
      write = () => ({ kind: 'reading', userId, ebookId: items.ebookId, page: reported, award });
    } else {
      const courseId = items.courseIds[step % items.courseIds.length] as number;
      url = '/api/history';
      payload = { contentType: 'course', contentId: courseId };
      write = (data) => ({ kind: 'view', userId, courseId, viewCount: Number(data.viewCount) });
    }
    const answer = body<Record<string, unknown>>(
      await app.inject({ method: 'POST', url, headers, payload }),
    );
    if (answer.code !== 0) throw new Error(`${url}: ${answer.code} ${answer.message}`);
    const done = write(answer.data);
    if (done.kind === 'reading') {
      if (done.award) awards += 1;
      page += 10;
    }
    acked.push({ at: performance.now(), write: done });
  }
}

const photo = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7bd5' } })
    .png()
    .toBuffer();

async function uploadAvatar(app: FastifyInstance, token: string): Promise<string> {
  const { payload, headers } = multipart({}, [
    { field: 'file', name: 'me.png', type: 'image/png', content: await photo() },
  ]);
  const answer = body<{ avatar: string }>(
    await app.inject({
      method: 'POST',
      url: '/api/account/avatar',
      headers: { ...headers, authorization: `Bearer ${token}` },
      payload,
    }),
  );
  expect(answer.code).toBe(0);
  return answer.data.avatar;
}

afterAll(async () => {
  for (const child of made.children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  for (const name of made.databases) {
    await onPostgres(TEST_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  for (const dir of made.dirs) fs.rmSync(dir, { recursive: true, force: true });
});

for (const engine of testEngines()) {
  describe(`backups [${engine}]`, () => {
    let source: TestApp;
    let settings: BackupSettings;
    let learners: TestLearner[];
    let avatar: string;

    beforeAll(async () => {
      source = await buildTestApp(engine);
      settings = await settingsOf(source);
      learners = await createLearners(source.app.database.db, 40);
      avatar = await uploadAvatar(source.app, (learners[0] as TestLearner).token);
    });
    afterAll(async () => {
      await source?.close();
    });

    it('restores from a backup taken under load every write acknowledged before it began, with the invariants and the files', async () => {
      const { app } = source;
      const items = await loadItems(app);
      const filesBefore = await keptFiles(app.files);
      if (engine === 'sqlite') {
        // The writes stay in the write-ahead log (the server's connection checkpoints every 1,000
        // pages by default): a copy of portal.sqlite alone, not through SQLite, would miss them.
        await sql`PRAGMA wal_autocheckpoint = 0`.execute(app.database.db);
      }
      const acked: Array<{ at: number; write: Write }> = [];
      let running = true;
      const load = learners.map((learner) =>
        learnerLoad(app, learner, items, acked, () => running),
      );
      let failure: Error | null = null;
      const loadDone = Promise.all(load).catch((error: Error) => {
        failure = error;
      });
      while (acked.length < 400 && !failure) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(failure).toBeNull();

      // `npm run backup` in its own process, while the load goes on in this one.
      const backupDir = path.join(tempDir('portal-backups-'), 'nightly');
      const began = performance.now();
      const before = acked.slice();
      const command = await runCli('backup.cli.ts', ['--to', backupDir], envOf(settings));
      const ended = performance.now();
      running = false;
      await loadDone;
      expect(failure).toBeNull();
      expect(command, command.stderr).toMatchObject({ code: 0 });
      expect(command.stdout).toMatch(
        new RegExp(
          `Backed up the ${engine} database \\(migration \\d{8}_\\d{4}_\\w+, .* and \\d+ files`,
        ),
      );
      const during = acked.filter(({ at }) => at > began && at < ended).length;
      console.info(
        `[${engine}] ${before.length} writes acknowledged before the backup, ${during} while it ` +
          `ran (${Math.round(ended - began)} ms with the command's start), ${acked.length} in all`,
      );
      expect(during).toBeGreaterThan(0);
      // Each kind of write is among those to find: seats, points, progress, views.
      const kinds = new Set(
        before.map(({ write }) => (write.kind === 'reading' && write.award ? 'award' : write.kind)),
      );
      expect([...kinds].sort()).toEqual(['application', 'award', 'reading', 'signup', 'view']);
      expect(fs.readdirSync(path.dirname(backupDir))).toEqual(['nightly']);
      const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({
        format: 1,
        engine,
        database: { file: DATABASE_FILE[engine] },
      });

      const target = await emptyTarget(engine);
      const restoring = performance.now();
      const report = await restore(target, backupDir);
      console.info(`[${engine}] restored in ${Math.round(performance.now() - restoring)} ms`);
      expect(report.invariants).toEqual({ checked: true, broken: [] });
      expect(
        await missingWrites(
          target,
          before.map(({ write }) => write),
        ),
      ).toEqual([]);
      // The files of the store (demo covers and e-books, the avatar), each of the same size.
      expect(await keptFiles(new LocalFileStore(target.dataDir))).toEqual(filesBefore);
      expect(filesBefore).toContainEqual(expect.stringMatching(/^files\/covers\/.+\.svg \d+$/));

      const restored = await openRestored(target);
      try {
        const me = body<{ avatar: string }>(
          await restored.inject({
            url: '/api/account/me',
            headers: { authorization: `Bearer ${(learners[0] as TestLearner).token}` },
          }),
        );
        expect(me.data.avatar).toBe(avatar);
        const served = await restored.inject({ url: avatar });
        expect(served.statusCode).toBe(200);
        const original = await app.inject({ url: avatar });
        expect(served.rawPayload.equals(original.rawPayload)).toBe(true);
      } finally {
        await restored.close();
      }
    }, 60_000);

    it('refuses a backup into a folder that is not empty, and leaves nothing of a failed one', async () => {
      const parent = tempDir('portal-backups-');
      const full = path.join(parent, 'full');
      fs.mkdirSync(full);
      fs.writeFileSync(path.join(full, 'keep.txt'), 'mine');
      await expect(backup(settings, full)).rejects.toThrow(BackupRefused);
      await expect(backup(settings, full)).rejects.toThrow(/不是空的/);
      expect(fs.readdirSync(full)).toEqual(['keep.txt']);

      const failing = {
        // biome-ignore lint/correctness/useYield: it fails before its first file.
        list: async function* () {
          throw new Error('the store went away');
        },
        close: async () => undefined,
      } as unknown as FileStore;
      const half = path.join(parent, 'half');
      await expect(backup(settings, half, { files: failing })).rejects.toThrow(/went away/);
      expect(fs.readdirSync(parent)).toEqual(['full']);

      const cli = await runCli('backup.cli.ts', ['--to', full], envOf(settings));
      expect(cli).toMatchObject({ code: 2 });
      expect(cli.stderr).toMatch(/^未备份：备份目标 .* 不是空的/);
      const usage = await runCli('backup.cli.ts', [], envOf(settings));
      expect(usage).toMatchObject({ code: 2 });
      expect(usage.stderr).toMatch(/用法：npm run backup -- --to/);
    }, 60_000);

    it('refuses a restore into a target that is not empty unless told to replace, and a backup that is incomplete, altered or of the other engine', async () => {
      const folder = path.join(tempDir('portal-backups-'), 'b');
      const manifest = await backup(settings, folder);
      expect(manifest.files.count).toBeGreaterThan(0);

      // A target holding something of its own: the restore refuses and changes nothing.
      const target = await emptyTarget(engine);
      await restore(target, folder);
      const database = await openDatabase(target);
      const [added] = await createLearners(database.db, 1);
      await database.destroy();
      const extra = new LocalFileStore(target.dataDir);
      await extra.put('files/avatars/extra.txt', 'not in the backup');
      const users = await count(target, 'users');
      const files = await keptFiles(extra);
      await expect(restore(target, folder)).rejects.toThrow(BackupRefused);
      await expect(restore(target, folder)).rejects.toThrow(/目标不是空的[\s\S]*--replace/);
      expect(await count(target, 'users')).toBe(users);
      expect(await keptFiles(extra)).toEqual(files);
      const cli = await runCli('restore.cli.ts', ['--from', folder], envOf(target));
      expect(cli).toMatchObject({ code: 2 });
      expect(cli.stderr).toMatch(/^未恢复：目标不是空的/);
      expect(await count(target, 'users')).toBe(users);

      // Told to replace: the target is the backup again, the learner and the file added gone.
      const replaced = await runCli(
        'restore.cli.ts',
        ['--from', folder, '--replace'],
        envOf(target),
      );
      expect(replaced, replaced.stderr).toMatchObject({ code: 0 });
      expect(replaced.stdout).toMatch(/Restored the .* database .*\nInvariants hold/s);
      expect(await count(target, 'users')).toBe(users - 1);
      const database2 = await openDatabase(target);
      const gone = await database2.db
        .selectFrom('users')
        .select('id')
        .where('id', '=', added?.id ?? 0)
        .executeTakeFirst();
      await database2.destroy();
      expect(gone).toBeUndefined();
      expect(await extra.sizeOf('files/avatars/extra.txt')).toBeNull();

      // A store with files, the database empty: refused too, nothing written.
      const onlyFiles = await emptyTarget(engine);
      await new LocalFileStore(onlyFiles.dataDir).put('media/talk.mp4', 'a talk');
      await expect(restore(onlyFiles, folder)).rejects.toThrow(
        /文件夹 .* 已有文件（如 media\/talk.mp4）/,
      );
      expect(await hasTables(onlyFiles)).toBe(false);

      // Backups that are not whole: each refused with its reason, the target left empty.
      const copyOf = (name: string) => {
        const copy = path.join(path.dirname(folder), name);
        fs.cpSync(folder, copy, { recursive: true });
        return copy;
      };
      const fresh = await emptyTarget(engine);
      const unfinished = copyOf('unfinished');
      fs.rmSync(path.join(unfinished, 'manifest.json'));
      await expect(restore(fresh, unfinished)).rejects.toThrow(/没有 manifest.json/);
      const altered = copyOf('altered');
      const file = path.join(altered, DATABASE_FILE[engine]);
      const bytes = fs.readFileSync(file);
      bytes[bytes.length - 100] = (bytes[bytes.length - 100] ?? 0) ^ 0xff;
      fs.writeFileSync(file, bytes);
      await expect(restore(fresh, altered)).rejects.toThrow(/校验和（sha256）不符/);
      const lacking = copyOf('lacking');
      const [first] = (await keptFiles(new LocalFileStore(path.join(lacking, 'store')))).map(
        (line) => line.split(' ')[0] as string,
      );
      fs.rmSync(path.join(lacking, 'store', first as string));
      await expect(restore(fresh, lacking)).rejects.toThrow(/备份的文件不全/);
      const otherEngine: BackupSettings =
        engine === 'sqlite'
          ? { ...fresh, databaseUrl: 'postgres://nobody@127.0.0.1:1/none' }
          : { ...fresh, databaseUrl: undefined };
      await expect(restore(otherEngine, folder)).rejects.toThrow(
        engine === 'sqlite' ? /这是 SQLite 数据库的备份/ : /这是 PostgreSQL 数据库的备份/,
      );
      const missing = await runCli('restore.cli.ts', ['--from', unfinished], envOf(fresh));
      expect(missing).toMatchObject({ code: 2 });
      expect(missing.stderr).toMatch(/^未恢复：.*没有 manifest.json/);
      expect(await hasTables(fresh)).toBe(false);
      expect(fs.existsSync(fresh.dataDir)).toBe(false);
    }, 60_000);

    if (engine === 'sqlite') {
      it('backs up the files of a bucket and restores them into another bucket', async () => {
        const bucketApp = await buildTestApp(engine, { s3: testBucket() });
        try {
          const from = await settingsOf(bucketApp);
          const folder = path.join(tempDir('portal-backups-'), 'bucket');
          const manifest = await backup(from, folder);
          const files = await keptFiles(bucketApp.app.files);
          expect(manifest.files.count).toBe(files.length);
          expect(await keptFiles(new LocalFileStore(path.join(folder, 'store')))).toEqual(files);

          const target = { ...(await emptyTarget(engine)), s3: testBucket() };
          const report = await restore(target, folder);
          expect(report.invariants).toEqual({ checked: true, broken: [] });
          const bucket = new S3FileStore(target.s3);
          expect(await keptFiles(bucket)).toEqual(files);
          await bucket.close();
          // The bucket has files now: a second restore is refused.
          const again = { ...(await emptyTarget(engine)), s3: target.s3 };
          await expect(restore(again, folder)).rejects.toThrow(/存储桶 t-[0-9a-f]+ 已有文件/);
        } finally {
          await bucketApp.close();
        }
      }, 60_000);
    }
  });
}
