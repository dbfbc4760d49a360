import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTsx } from '../../bench/child-process.ts';
import {
  createActivity,
  FULL_FORM,
  postMultipart,
  realPng,
  sampleFiles,
} from '../testing/activity-factory.ts';
import { createLearners, type TestLearner } from '../testing/class-factory.ts';
import { addTeamMember, createTeam } from '../testing/team-factory.ts';
import { body, buildTestApp, type TestApp, testBucket, testEngines } from '../testing/test-app.ts';
import { sweepFiles } from './sweep-files.ts';

const DAY = 24 * 3600 * 1000;
/** A name as uploads are kept under. */
const name = (n: number, extension = 'webp') => `orphan${String(n).padStart(16, '0')}.${extension}`;

async function keysOf(app: FastifyInstance) {
  const keys: string[] = [];
  for (const folder of ['files/', 'uploads/']) {
    for await (const { key } of app.files.list(folder)) keys.push(key);
  }
  return keys;
}

/** What learners upload through the API, each with its row: the sweep must keep all of it. */
async function uploadsWithRows(app: FastifyInstance, learners: TestLearner[]) {
  const [me, leader] = learners as [TestLearner, TestLearner];
  const avatar = body<{ avatar: string }>(
    await postMultipart(app, '/api/account/avatar', me.token, {}, [
      { field: 'file', name: 'me.png', type: 'image/png', content: await realPng() },
    ]),
  ).data.avatar;
  const teamId = await createTeam(app.database.db, leader.id);
  await addTeamMember(app.database.db, teamId, me.id);
  const work = await postMultipart(
    app,
    '/api/team-works',
    me.token,
    { teamId: String(teamId), content: '作品' },
    [{ name: '作品.png', type: 'image/png', content: await realPng() }],
  );
  expect(body(work).code).toBe(0);
  const activity = await createActivity(app.database.db, { kind: '特色活动' });
  const applied = await postMultipart(
    app,
    '/api/activities/apply-with-files',
    me.token,
    { activityId: String(activity), form: JSON.stringify(FULL_FORM) },
    [{ name: '证明.pdf', content: sampleFiles.pdf(3000) }],
  );
  expect(body(applied).code).toBe(0);
  return avatar;
}

const ORPHANS = [
  `files/avatars/${name(1)}`,
  `files/team-avatars/${name(2)}`,
  `files/team-works/${name(3)}`,
  `uploads/activity-attachments/${name(4, 'pdf')}`,
];

for (const engine of testEngines()) {
  describe(`sweeping uploads without their rows [${engine}]`, () => {
    let ctx: TestApp;
    let learners: TestLearner[];
    beforeAll(async () => {
      ctx = await buildTestApp(engine);
      learners = await createLearners(ctx.app.database.db, 2);
    });
    afterAll(() => ctx.close());

    it('removes old uploads no row points to, keeps every upload with its row, young ones and the demo files', async () => {
      const { app } = ctx;
      const avatar = await uploadsWithRows(app, learners);
      for (const key of ORPHANS) await app.files.put(key, 'left behind');
      // Made two days ago (an upload whose row never came), but one still young.
      const young = `files/avatars/${name(5)}`;
      await app.files.put(young, 'on its way to a row');
      const old = (Date.now() - 2 * DAY) / 1000;
      for (const key of ORPHANS) fs.utimesSync(path.join(app.config.dataDir, key), old, old);
      const before = await keysOf(app);

      const dry = await sweepFiles(app.database.db, app.files, { dryRun: true });
      expect(dry.removed.sort()).toEqual([...ORPHANS].sort());
      expect(await keysOf(app)).toEqual(before);

      const swept = await sweepFiles(app.database.db, app.files);
      expect(swept.removed.sort()).toEqual([...ORPHANS].sort());
      const after = await keysOf(app);
      expect(after.sort()).toEqual(before.filter((key) => !ORPHANS.includes(key)).sort());
      expect(after).toContain(young);
      expect(after).toContain('files/team-avatars/seed-1.svg');
      expect((await app.inject({ url: avatar })).statusCode).toBe(200);

      // A day later the young one is old: gone too.
      const later = await sweepFiles(app.database.db, app.files, { now: Date.now() + 2 * DAY });
      expect(later.removed).toEqual([young]);
    });
  });
}

describe('sweeping a bucket', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await buildTestApp('sqlite', { s3: testBucket() });
  }, 60_000);
  afterAll(() => ctx.close());

  it('removes from the bucket the old uploads without rows, and keeps those with rows', async () => {
    const { app } = ctx;
    const learners = await createLearners(app.database.db, 2);
    await uploadsWithRows(app, learners);
    for (const key of ORPHANS) await app.files.put(key, 'left behind');
    const before = await keysOf(app);
    // Two days on, every upload is old: only the orphans go.
    const swept = await sweepFiles(app.database.db, app.files, { now: Date.now() + 2 * DAY });
    expect(swept.removed.sort()).toEqual([...ORPHANS].sort());
    expect((await keysOf(app)).sort()).toEqual(
      before.filter((key) => !ORPHANS.includes(key)).sort(),
    );
  });
});

describe('npm run files:sweep', () => {
  it('sweeps the store of DATA_DIR, says what it did (or would do), and refuses a grace under an hour', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sweep-'));
    try {
      const orphan = path.join(dir, 'files', 'avatars', name(9));
      fs.mkdirSync(path.dirname(orphan), { recursive: true });
      fs.writeFileSync(orphan, 'left behind');
      const old = (Date.now() - 2 * DAY) / 1000;
      fs.utimesSync(orphan, old, old);
      const script = fileURLToPath(new URL('./sweep-files.cli.ts', import.meta.url));
      const run = (...args: string[]) =>
        promisify(execFile)(findTsx(path.dirname(script)), [script, ...args], {
          env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', S3_BUCKET: '' },
        });
      const dry = await run('--dry-run');
      expect(dry.stdout).toContain(`would remove files/avatars/${name(9)}`);
      expect(fs.existsSync(orphan)).toBe(true);
      const swept = await run();
      expect(swept.stdout).toMatch(/1 uploads checked, 1 without a row removed/);
      expect(fs.existsSync(orphan)).toBe(false);
      const refused = await run('--grace-hours', '0').catch((error: { code: number }) => error);
      expect(refused).toMatchObject({ code: 2 });
      // A bad setting: its message and exit code 2, not a stack trace.
      const badSetting = await promisify(execFile)(findTsx(path.dirname(script)), [script], {
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: 'mysql://nowhere' },
      }).catch((error: { code: number; stderr: string }) => error);
      expect(badSetting).toMatchObject({ code: 2, stderr: expect.stringMatching(/^设置有误：/) });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
