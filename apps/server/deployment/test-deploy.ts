// `npm run test:deploy`: the deployment recipe of `deploy/` run on loopback: Debian's nginx with
// deploy/nginx/portal.conf in front of two instances sharing PostgreSQL, Redis and a local S3
// (s3rver). It proves what a district's operators rely on: a file uploaded through one instance
// is served by the other; per-address limits count the client, not nginx; and a rolling restart
// of both instances by deploy/rolling-restart.sh, under a constant open loop of reads and writes
// through nginx, loses no request and no acknowledged write.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import S3rver from 's3rver';
import { NGINX, nginxArgs } from '../../../scripts/nginx.mjs';
import { type Child, findTsx, freePort } from '../bench/child-process.ts';
import { Resources, serverDir, startProxy, startServer } from '../bench/harness.ts';
import { type HttpAnswer, HttpClient, type HttpRequest } from '../bench/http-client.ts';
import { loginLearner } from '../bench/learner-login.ts';
import { createDatabase } from '../src/db/database.ts';
import { S3FileStore } from '../src/platform/file-store.ts';
import { silentMp3 } from '../src/seed/lesson-media.ts';
import { DEMO_OPERATORS } from '../src/seed/operators.ts';
import { multipart, realPng } from '../src/testing/activity-factory.ts';
import { createLearners } from '../src/testing/class-factory.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(serverDir, '../..');
/** Requests per second of the open loop during the rolling restart: reads and writes. */
const READS_PER_SECOND = 40;
const WRITES_PER_SECOND = 10;
/** Redis database of this run's own (flushed at the start): counters shared by the instances. */
const REDIS_URL = process.env.DEPLOY_REDIS_URL || 'redis://127.0.0.1:6379/11';

// The pinned AWS SDK runs on Node 20; its notice that later versions will not is not news here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const resources = new Resources();
const failures: string[] = [];
const figures: string[] = [];
const log = (line: string) => console.log(`[deploy] ${line}`);

function check(ok: boolean, what: string) {
  log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

/** A small HTTP service the rolling-restart script calls to restart an instance of this run. */
function restartService(restart: (port: number) => Promise<void>) {
  const server = http.createServer((request, response) => {
    const port = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('port'));
    restart(port).then(
      () => response.end('restarted'),
      (error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      },
    );
  });
  return server;
}

interface LoopResult {
  sent: number;
  ok: number;
  lost: Array<{ what: string; problem: string }>;
  acknowledged: Array<{ userId: number; courseId: number }>;
}

/** What is wrong with an answer of the loop (null: a success). */
function problemOf(answer: HttpAnswer | Error): string | null {
  if (answer instanceof Error) return answer.message;
  if (answer.status !== 200) return `HTTP ${answer.status} ${answer.text.slice(0, 80)}`;
  if (answer.headers['content-type']?.includes('application/json')) {
    const body = JSON.parse(answer.text) as { code?: number; message?: string };
    if (body.code !== undefined && body.code !== 0) return `code ${body.code} ${body.message}`;
  }
  return null;
}

/**
 * The open loop: requests at a constant rate whatever the answers (each sent on time, never
 * waiting for the one before), reads of pages, lists and files, and writes (a learner adds a
 * course to favourites, each pair once), until `stop` resolves.
 */
async function openLoop(
  client: HttpClient,
  reads: HttpRequest[],
  writes: Array<{ request: HttpRequest; userId: number; courseId: number }>,
  stop: Promise<unknown>,
): Promise<LoopResult> {
  const result: LoopResult = { sent: 0, ok: 0, lost: [], acknowledged: [] };
  const pending: Array<Promise<void>> = [];
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  const perSecond = READS_PER_SECOND + WRITES_PER_SECOND;
  const started = performance.now();
  for (let n = 0; !stopped; n += 1) {
    const due = started + (n * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const isWrite = n % perSecond < WRITES_PER_SECOND;
    const write = isWrite ? writes.shift() : undefined;
    if (isWrite && !write) throw new Error('the loop ran out of writes');
    const request = write?.request ?? (reads[n % reads.length] as HttpRequest);
    result.sent += 1;
    pending.push(
      client.send(request, 15_000).then(
        (answer) => {
          const problem = problemOf(answer);
          if (problem)
            result.lost.push({ what: `${request.method ?? 'GET'} ${request.path}`, problem });
          else {
            result.ok += 1;
            if (write) result.acknowledged.push({ userId: write.userId, courseId: write.courseId });
          }
        },
        (error: Error) => {
          result.lost.push({
            what: `${request.method ?? 'GET'} ${request.path}`,
            problem: error.message,
          });
        },
      ),
    );
  }
  await Promise.all(pending);
  return result;
}

async function main() {
  if (!fs.existsSync(NGINX)) {
    throw new Error(
      `no nginx at ${NGINX}: install Debian's nginx (apt-get install nginx) or set NGINX_PATH`,
    );
  }
  const databaseUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const tsx = findTsx(serverDir);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-deploy-'));
  resources.onCleanup(
    async () => fs.rmSync(work, { recursive: true, force: true }),
    () => fs.rmSync(work, { recursive: true, force: true }),
  );

  // The shared parts: a local S3 with its bucket, a fresh PostgreSQL schema, Redis.
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(work, 's3'),
  });
  const s3Port = (await s3.run()).port;
  resources.onCleanup(
    () => s3.close(),
    () => undefined,
  );
  const bucket = {
    endpoint: `http://127.0.0.1:${s3Port}`,
    bucket: 'portal-deploy',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const store = new S3FileStore(bucket);
  await store.ensureBucket();
  await store.close();
  const schemaUrl = await resources.newSchema(databaseUrl);
  await run('redis-cli', ['-u', REDIS_URL, 'flushdb']).catch(() => undefined);

  const [portA, portB] = [await freePort(), await freePort()];
  const env = (name: string): NodeJS.ProcessEnv => ({
    ...process.env,
    HOST: '127.0.0.1',
    DATA_DIR: path.join(work, `data-${name}`),
    DATABASE_URL: schemaUrl,
    REDIS_URL,
    S3_ENDPOINT: bucket.endpoint,
    S3_BUCKET: bucket.bucket,
    S3_ACCESS_KEY_ID: bucket.accessKeyId,
    S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
    S3_FORCE_PATH_STYLE: '1',
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '1',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
  const instances = new Map<number, Child>();
  const start = async (port: number, name: string) => {
    const { app } = await startServer(resources, tsx, env(name), port, {
      name: `instance ${name}`,
    });
    instances.set(port, app);
  };
  let started = performance.now();
  await start(portA, 'A');
  await start(portB, 'B');
  log(`two instances up in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const proxy = await startProxy(resources, [portA, portB]);
  if (!proxy) throw new Error(`no nginx at ${NGINX}`);
  const { origin, prefix, upstreams } = proxy;
  log(`nginx on ${origin}`);

  const { db, destroy } = await createDatabase({ databaseUrl: schemaUrl, pgPoolSize: 2 });
  // As phones' browsers do, a request on a kept-alive connection that nginx closed as it
  // reloaded (before reading it) is sent again on a new one: counted and reported.
  const viaNginx = new HttpClient(origin, 256, { retryReused: true });
  try {
    // 1. A file uploaded through instance A is served by instance B (and through nginx).
    const token = await loginLearner(origin);
    const form = multipart({}, [
      { field: 'file', name: 'me.png', type: 'image/png', content: await realPng() },
    ]);
    const onA = new HttpClient(`http://127.0.0.1:${portA}`, 4);
    const onB = new HttpClient(`http://127.0.0.1:${portB}`, 4);
    const uploaded = await onA.send({
      method: 'POST',
      path: '/api/account/avatar',
      headers: { authorization: `Bearer ${token}` },
      body: { type: form.headers['content-type'], data: form.payload },
    });
    const url = (JSON.parse(uploaded.text) as { data?: { avatar?: string } }).data?.avatar ?? '';
    const fromB = await onB.send({ path: url });
    const fromNginx = await viaNginx.send({ path: url });
    check(
      /^\/files\/avatars\//.test(url) && fromB.status === 200 && fromNginx.status === 200,
      `an avatar uploaded through instance A (${url}) is served by instance B and through nginx`,
    );
    figures.push(
      `upload across instances: POST on A → ${uploaded.status}, GET on B → ${fromB.status} (${fromB.headers['content-type']}, ${fromB.headers['content-length']} bytes)`,
    );
    // nginx keeps files once fetched: the second request is its cache's, the same bytes; a
    // range of an e-book comes from the cached slice.
    const again = await viaNginx.send({ path: url, binary: true });
    const book = '/files/ebooks/jingan-001.pdf';
    const range = { range: 'bytes=100-199' };
    const rangeFirst = await viaNginx.send({ path: book, headers: range });
    const rangeAgain = await viaNginx.send({ path: book, headers: range });
    const rangeOnB = await onB.send({ path: book, headers: range });
    check(
      fromNginx.headers['x-cache-status'] === 'MISS' &&
        again.headers['x-cache-status'] === 'HIT' &&
        again.file?.size === Number(fromB.headers['content-length']) &&
        rangeAgain.status === 206 &&
        rangeAgain.headers['x-cache-status'] === 'HIT' &&
        rangeAgain.headers['content-range'] === rangeOnB.headers['content-range'] &&
        rangeAgain.text === rangeOnB.text,
      `nginx keeps files: the avatar again (${again.headers['x-cache-status']}, ${again.file?.size} bytes), an e-book's range (${rangeFirst.headers['x-cache-status']} then ${rangeAgain.headers['x-cache-status']}: ${rangeAgain.headers['content-range']}, the instance's bytes)`,
    );

    // A lesson's recording larger than nginx's and the server's 20 MB for other uploads goes
    // through nginx to an instance, streamed on to the bucket, and is served from it by the other.
    const editor = await loginLearner(origin, DEMO_OPERATORS[2]?.username);
    const recording = Buffer.concat([Buffer.from(silentMp3(2)), Buffer.alloc(40 * 1024 * 1024, 7)]);
    const audioForm = multipart({}, [
      { field: 'file', name: '讲座录音.mp3', type: 'audio/mpeg', content: recording },
    ]);
    const sentAudio = await viaNginx.send({
      method: 'POST',
      path: '/api/admin/uploads/audio',
      headers: { authorization: `Bearer ${editor}`, 'x-site': 'jingan' },
      body: { type: audioForm.headers['content-type'], data: audioForm.payload },
    });
    const audio = (JSON.parse(sentAudio.text) as { data?: { url?: string; bytes?: number } }).data;
    const tail = { range: `bytes=${recording.length - 100}-${recording.length - 1}` };
    const audioTail = audio?.url ? await onB.send({ path: audio.url, headers: tail }) : null;
    check(
      audio?.bytes === recording.length &&
        audioTail?.status === 206 &&
        audioTail.headers['content-range'] === `bytes ${tail.range.slice(6)}/${recording.length}`,
      `a 40 MB lesson recording uploaded through nginx (${sentAudio.status}: ${sentAudio.text.slice(0, 120)}) is stored whole and served by the other instance (${audioTail?.status} ${audioTail?.headers['content-range']})`,
    );
    onA.close();
    onB.close();

    // 2. Per-address limits count the client, not nginx (whose address every instance sees).
    const failedLogin = (from: string, n: number, forged?: string) =>
      viaNginx.send({
        method: 'POST',
        path: '/sso/login',
        localAddress: from,
        headers: forged ? { 'x-forwarded-for': forged } : {},
        body: {
          type: 'application/x-www-form-urlencoded',
          data: new URLSearchParams({
            username: `1370000${String(n).padStart(4, '0')}`,
            password: 'wrong-password-1',
            callback: `${origin}/authPage`,
          }).toString(),
        },
      });
    let allowed = 0;
    for (let n = 0; n < 40; n += 1) {
      // A forged X-Forwarded-For changes nothing: nginx sends the peer's address.
      const answer = await failedLogin('127.0.0.2', n, n % 2 === 0 ? `10.0.${n}.1` : undefined);
      if (answer.status === 429) break;
      allowed += 1;
    }
    const otherClient = await failedLogin('127.0.0.3', 99);
    check(
      allowed === 30 && otherClient.status !== 429,
      `per-address limit: client 127.0.0.2 refused after ${allowed} failed logins (limit 30, forged X-Forwarded-For ignored), client 127.0.0.3 still served (${otherClient.status})`,
    );
    figures.push(
      `per-address limit through nginx: 127.0.0.2 held after ${allowed} failures (30 allowed), 127.0.0.3 answered ${otherClient.status}`,
    );

    // 3. A rolling restart of both instances under a constant open loop through nginx.
    const learners = await createLearners(db, 40);
    const courses = await db
      .selectFrom('courses')
      .select('id')
      .where('published', '=', 1)
      .where('site_key', '=', 'jingan')
      .orderBy('id')
      .limit(100)
      .execute();
    const cover = await db
      .selectFrom('courses')
      .select('cover')
      .where('cover', 'like', '/files/%')
      .executeTakeFirstOrThrow();
    const writes = learners.flatMap((learner) =>
      courses.map((course) => ({
        userId: learner.id,
        courseId: course.id,
        request: {
          method: 'POST' as const,
          path: '/api/favourites',
          headers: { authorization: `Bearer ${learner.token}` },
          json: { contentType: 'course', contentId: course.id },
        },
      })),
    );
    // Spread over the learners, so no learner's own write limit is met.
    writes.sort((a, b) => a.courseId - b.courseId || a.userId - b.userId);
    const reads: HttpRequest[] = [
      { path: '/api/courses?page=1&size=10' },
      { path: '/api/home' },
      { path: cover.cover },
      { path: '/scourseList' },
      { path: `/api/courses/detail?id=${courses[0]?.id}` },
    ];

    let restarts = 0;
    const control = restartService(async (port) => {
      const child = instances.get(port);
      if (!child) throw new Error(`no instance on ${port}`);
      const name = port === portA ? 'A' : 'B';
      await child.stop(15_000);
      await start(port, name);
      restarts += 1;
    });
    await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
    const controlPort = (control.address() as { port: number }).port;

    started = performance.now();
    let loopDone: () => void = () => undefined;
    const stop = new Promise<void>((resolve) => {
      loopDone = resolve;
    });
    const loop = openLoop(viaNginx, reads, writes, stop);
    await sleep(2_000);
    const script = run(path.join(repoRoot, 'deploy/rolling-restart.sh'), [], {
      env: {
        ...process.env,
        UPSTREAMS: upstreams,
        RELOAD_COMMAND: [NGINX, ...nginxArgs(prefix), '-s', 'reload'].join(' '),
        RESTART_COMMAND: `curl -fsS -o /dev/null http://127.0.0.1:${controlPort}/restart?port={port}`,
        DRAIN_SECONDS: '2',
      },
    });
    const restarted = await script.then(
      ({ stdout }) => stdout,
      (error: { stdout?: string; stderr?: string }) => {
        failures.push(`rolling-restart.sh failed: ${error.stderr ?? error}`);
        return error.stdout ?? '';
      },
    );
    const restartSeconds = (performance.now() - started) / 1000;
    await sleep(2_000);
    loopDone();
    const result = await loop;
    control.close();
    for (const line of restarted.trim().split('\n')) log(line);

    const favourites = await db
      .selectFrom('favourites')
      .select(['user_id', 'content_id'])
      .where('content_type', '=', 'course')
      .where(
        'user_id',
        'in',
        learners.map((learner) => learner.id),
      )
      .execute();
    const stored = new Set(favourites.map((row) => `${row.user_id}:${row.content_id}`));
    const missing = result.acknowledged.filter(
      (write) => !stored.has(`${write.userId}:${write.courseId}`),
    );
    check(
      restarts === 2,
      `deploy/rolling-restart.sh restarted both instances, one after the other (${restarts})`,
    );
    check(
      result.lost.length === 0,
      `rolling restart: ${result.sent} requests sent through nginx at ${READS_PER_SECOND + WRITES_PER_SECOND}/s, ${result.ok} answered, ${result.lost.length} lost`,
    );
    for (const lost of result.lost.slice(0, 10)) log(`  lost: ${lost.what}: ${lost.problem}`);
    check(
      result.acknowledged.length > 0 && missing.length === 0,
      `rolling restart: ${result.acknowledged.length} writes acknowledged, ${missing.length} missing from the database`,
    );
    figures.push(
      `rolling restart (${restartSeconds.toFixed(1)} s for both): ${result.sent} requests (${READS_PER_SECOND} reads + ${WRITES_PER_SECOND} writes per second), ${result.lost.length} lost, ${viaNginx.resent} sent again on a new connection after nginx closed a kept-alive one as it reloaded; ${result.acknowledged.length} writes acknowledged, ${missing.length} missing`,
    );
  } finally {
    viaNginx.close();
    await destroy();
  }
}

process.on('exit', () => resources.cleanupNow());
const started = performance.now();
try {
  await main();
} catch (error) {
  failures.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  await resources.cleanup();
}
console.log('\nDeployment test (nginx + 2 instances + PostgreSQL + Redis + local S3):');
for (const line of figures) console.log(`  ${line}`);
console.log(`  took ${((performance.now() - started) / 1000).toFixed(0)} s`);
if (failures.length > 0) {
  console.error(`\n✖ ${failures.length} check(s) failed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('✔ deployment test passed');
process.exit(0);
