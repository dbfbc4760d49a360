import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { freePort } from '../bench/child-process.ts';
import { startApp, startServer } from '../bench/harness.ts';
import { HttpClient, type HttpRequest } from '../bench/http-client.ts';
import { loginLearner } from '../bench/learner-login.ts';
import { createDatabase } from '../src/db/database.ts';
import { brokenInvariants, INVARIANTS } from '../src/db/invariants.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { hashPassword } from '../src/modules/account/password.ts';
import { DEMO_LEARNERS, DEMO_PASSWORD, DEMO_SITES, generatedUsername } from '../src/seed/seed.ts';
import {
  type AckedWrite,
  type Answer,
  findLoadItems,
  type LoadCounts,
  type LoadLearner,
  learnerLoad,
  send,
} from './crash-load.ts';
import { startPrivateCluster } from './private-postgres.ts';
import { bundleServer } from './server-bundle.ts';
import type { FigureRow, ReliabilityContext, Scenario } from './types.ts';

/** SIGKILLs of the SQLite server, each at a random moment of its own burst of writes. */
const KILLS = 10;
/** The burst before each kill: a random length in this range, ms. */
const BURST_MS: [number, number] = [400, 1500];
/** Learners writing at once, each one request after another. */
const LEARNERS = 8;

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

/** The demo learners, then generated ones of the seed, logged in through the account center. */
async function logIn(
  origin: string,
  count: number,
): Promise<Array<{ username: string; token: string }>> {
  const names = [
    ...DEMO_LEARNERS.map((learner) => learner.username),
    ...Array.from({ length: count }, (_, index) => generatedUsername(index)),
  ].slice(0, count);
  const learners: Array<{ username: string; token: string }> = [];
  for (const username of names) {
    learners.push({ username, token: await loginLearner(origin, username, DEMO_PASSWORD) });
  }
  return learners;
}

/** Looks one acknowledged write up in the database: null when it is there, else what is wrong. */
function missing(db: SQLite.Database, write: AckedWrite): string | null {
  const one = (sql: string, ...params: unknown[]) =>
    db.prepare(sql).get(...params) as Record<string, unknown> | undefined;
  switch (write.kind) {
    case 'class signup': {
      const row = one(
        'select status from class_signups where class_id = ? and user_id = ?',
        write.classId,
        write.userId,
      );
      return row?.status === write.status
        ? null
        : `class ${write.classId}: signup ${row?.status ?? 'none'}, answered ${write.status}`;
    }
    case 'activity application': {
      const row = one(
        'select status from activity_applications where activity_id = ? and user_id = ?',
        write.activityId,
        write.userId,
      );
      return row?.status === write.status
        ? null
        : `activity ${write.activityId}: application ${row?.status ?? 'none'}, answered ${write.status}`;
    }
    case 'team membership': {
      const row = one(
        'select status from team_members where team_id = ? and user_id = ?',
        write.teamId,
        write.userId,
      );
      return row?.status === 'active' ? null : `not a member of team ${write.teamId}`;
    }
    case 'favourite': {
      const row = one(
        `select 1 as found from favourites where user_id = ? and content_type = 'course'
          and content_id = ?`,
        write.userId,
        write.courseId,
      );
      return row ? null : `no favourite of course ${write.courseId}`;
    }
    case 'view': {
      const row = one(
        `select view_count from history where user_id = ? and content_type = 'course'
          and content_id = ?`,
        write.userId,
        write.courseId,
      );
      return Number(row?.view_count ?? 0) >= write.viewCount
        ? null
        : `course ${write.courseId}: ${row?.view_count ?? 'no'} views < ${write.viewCount}`;
    }
    case 'progress': {
      const row = one(
        'select position_seconds, completed from lesson_progress where user_id = ? and lesson_id = ?',
        write.userId,
        write.lessonId,
      );
      if (!row || Number(row.position_seconds) < write.position) {
        return `lesson ${write.lessonId}: position ${row?.position_seconds ?? 'none'} < ${write.position}`;
      }
      return write.completed && Number(row.completed) !== 1
        ? `lesson ${write.lessonId} no longer complete`
        : null;
    }
    case 'reading': {
      const row = one(
        'select page from ebook_reading where user_id = ? and ebook_id = ?',
        write.userId,
        write.ebookId,
      );
      if (!row || Number(row.page) < write.page) {
        return `book ${write.ebookId}: page ${row?.page ?? 'none'} < ${write.page}`;
      }
      if (write.milestone === null) return null;
      // The award was made in the report's transaction, unless the day's cap was reached.
      const award = one(
        'select 1 as found from points_ledger where idempotency_key = ?',
        `ebook.pages:${write.ebookId}:${write.userId}:${write.milestone}`,
      );
      const capped = one(
        `select 1 as found from points_daily d join points_rules r on r.key = d.rule_key
          where d.user_id = ? and d.rule_key = 'ebook_pages' and d.units >= r.daily_cap`,
        write.userId,
      );
      return award || capped
        ? null
        : `no award for book ${write.ebookId} at ${write.milestone}0 pages`;
    }
  }
}

/**
 * SQLite: a mixed write load of 8 learners; the server's process group is SIGKILLed 10 times
 * at random moments and restarted on the same DATA_DIR; after each restart the file passes
 * `PRAGMA integrity_check`, every invariant holds, and every write answered with code 0 before
 * any kill is found.
 */
export const sqliteKillScenario: Scenario = {
  name: 'crashes: SIGKILL the SQLite server under writes',
  needsPostgres: false,
  async run({ tsx, resources, log }: ReliabilityContext): Promise<FigureRow[]> {
    const started = performance.now();
    const port = await freePort();
    const bundle = await bundleServer(resources);
    let { app, origin, env } = await startApp(resources, tsx, {
      scale: 1,
      port,
      databaseUrl: undefined,
      bundle,
    });
    const file = path.join(String(env.DATA_DIR), 'portal.sqlite');
    let http = new HttpClient(origin, 64);
    const logged = await logIn(origin, LEARNERS);
    const ids = new SQLite(file, { readonly: true });
    const learners: LoadLearner[] = logged.map((learner) => {
      const row = ids.prepare('select id from users where username = ?').get(learner.username) as
        | { id: number }
        | undefined;
      if (!row) throw new Error(`no user ${learner.username}`);
      return { ...learner, userId: row.id };
    });
    ids.close();
    const items = await findLoadItems(http, learners);
    log(`crashes: started in ${seconds(started)} s; ${learners.length} learners`);

    const acked: AckedWrite[] = [];
    const counts: LoadCounts = { sent: 0, ok: 0, refused: 0, failed: 0 };
    const state = new Map();
    let integrityOk = 0;
    const broken: string[] = [];
    let survivors = 0;
    const restartMs: number[] = [];
    const restartCpuMs: number[] = [];
    let lookups = 0;
    const lost: string[] = [];
    for (let kill = 1; kill <= KILLS; kill += 1) {
      let running = true;
      const client = http;
      const load = learners.map((learner) =>
        learnerLoad({
          http: () => client,
          learner,
          items,
          state,
          acked,
          counts,
          running: () => running,
        }),
      );
      const burst = BURST_MS[0] + Math.random() * (BURST_MS[1] - BURST_MS[0]);
      await sleep(burst);
      const group = app.groupPids();
      app.signal('SIGKILL');
      await app.exited;
      // tsx and the node process running the server: none may outlive the kill.
      await sleep(50);
      const left = group.filter((pid) => isAlive(pid));
      survivors += left.length;
      running = false;
      await Promise.all(load);
      http.close();

      const restarting = performance.now();
      ({ app, origin } = await startServer(resources, tsx, env, port, { bundle }));
      restartMs.push(performance.now() - restarting);
      restartCpuMs.push(app.cpuMs() ?? 0);
      http = new HttpClient(origin, 64);

      const db = new SQLite(file);
      try {
        const integrity = db.pragma('integrity_check', { simple: true });
        if (integrity === 'ok') integrityOk += 1;
        else broken.push(`kill ${kill}: integrity_check ${String(integrity)}`);
        const invariants = await brokenInvariants(
          async (sql) => db.prepare(sql).all() as Array<{ id: unknown }>,
        );
        broken.push(...invariants.map((problem) => `kill ${kill}: ${problem}`));
        for (const write of acked) {
          lookups += 1;
          const problem = missing(db, write);
          if (problem) lost.push(`kill ${kill}: ${write.kind}: ${problem}`);
        }
      } finally {
        db.close();
      }
      log(
        `crashes: kill ${kill} after ${Math.round(burst)} ms of load, ${group.length} processes, ` +
          `${left.length} left; restarted in ${Math.round(restartMs.at(-1) ?? 0)} ms; ` +
          `${acked.length} acknowledged writes`,
      );
    }
    http.close();
    for (const problem of [...broken, ...lost].slice(0, 10)) log(`crashes: ${problem}`);

    const byKind = new Map<string, number>();
    for (const write of acked) byKind.set(write.kind, (byKind.get(write.kind) ?? 0) + 1);
    const awards = acked.filter((write) => write.kind === 'reading' && write.milestone !== null);
    const kinds = [...byKind].map(([kind, count]) => `${kind} ${count}`).join(', ');
    const mean = (values: number[]) =>
      values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length) / 1000;
    const total = seconds(started);
    const lostDistinct = new Set(lost.map((line) => line.replace(/^kill \d+: /, ''))).size;
    return [
      {
        suite: 'crashes',
        engine: 'sqlite',
        check: `SIGKILL of the process group ×${KILLS} under 8 learners' writes, restart on the same file: PRAGMA integrity_check`,
        figure: `ok after ${integrityOk}/${KILLS} restarts; ${survivors} processes outlived a kill; restart ${mean(restartMs).toFixed(1)} s mean (${mean(restartCpuMs).toFixed(1)} s CPU); load ${counts.sent} requests (${counts.ok} code 0, ${counts.refused} refused, ${counts.failed} cut by kills)`,
        target: `ok after ${KILLS}/${KILLS}, 0 survivors`,
        ok: integrityOk === KILLS && survivors === 0,
        seconds: total,
      },
      {
        suite: 'crashes',
        engine: 'sqlite',
        check: `${INVARIANTS.length} invariants after each restart (seats = rows, ledger sum = balance, memberships)`,
        figure: `${broken.length} broken`,
        target: '0 broken',
        ok: broken.length === 0,
        seconds: 0,
      },
      {
        suite: 'crashes',
        engine: 'sqlite',
        check: 'every write answered code 0 before a kill, looked up after each restart',
        figure: `${acked.length - lostDistinct}/${acked.length} present (${kinds}; ${awards.length} crossing an award milestone); ${lookups} lookups`,
        target: `${acked.length}/${acked.length} present`,
        ok: lost.length === 0 && acked.length > 0,
        seconds: 0,
      },
    ];
  },
};

/** Whether the process runs (a zombie, killed and waiting to be reaped, does not). */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/**
 * Migrates the empty database at `url` and writes the sites and `count` learners (password
 * {@link DEMO_PASSWORD}); answers their usernames.
 */
async function prepareLearners(url: string, count: number): Promise<string[]> {
  const database = await createDatabase({ databaseUrl: url });
  try {
    await migrateToLatest(database);
    const now = Date.now();
    await database.db
      .insertInto('sites')
      .values(DEMO_SITES.map((site) => ({ ...site, created_at: now })))
      .execute();
    const hash = await hashPassword(DEMO_PASSWORD);
    const usernames = Array.from({ length: count }, (_, index) => generatedUsername(index));
    await database.db
      .insertInto('users')
      .values(
        usernames.map((username, index) => ({
          username,
          nickname: `断库学员${index}`,
          password_hash: hash,
          avatar: null,
          created_at: now,
        })),
      )
      .execute();
    return usernames;
  } finally {
    await database.destroy();
  }
}

/** The database outage: how long the load runs before, during and after it. */
const BEFORE_MS = 1_500;
const OUTAGE_MS = 5_000;
const AFTER_MS = 2_500;
/** A request the load gives up on: a hang. */
const CLIENT_TIMEOUT_MS = 15_000;
/** The server's own bound on a request while the database is gone (pool connect time-out). */
const OUTAGE_LATENCY_MS = 5_000;
/** How soon after the database is back requests must succeed again. */
const RECOVERY_MS = 5_000;
/** After the first success, how long the others in flight may still fail. */
const SETTLE_MS = 500;

interface Sample extends Answer {
  at: number;
  path: string;
}

/** An answer in the envelope whose failure message is Chinese, with no stack or HTML in it. */
function envelopeProblem(answer: Answer): string | null {
  if (answer.error) return `no answer: ${answer.error}`;
  if (!answer.envelope) return `not the envelope: ${answer.status} ${answer.text.slice(0, 80)}`;
  if (answer.envelope.code !== 0 && !/[\u4e00-\u9fff]/.test(answer.envelope.message)) {
    return `message not Chinese: ${answer.envelope.message}`;
  }
  if (/\bat .+:\d+:\d+|<html|Error:|ECONNREFUSED|stack/i.test(answer.text)) {
    return `leaks details: ${answer.text.slice(0, 120)}`;
  }
  if (answer.status !== 200 && answer.status !== 503) return `HTTP ${answer.status}`;
  return null;
}

/**
 * PostgreSQL: the portal on a private cluster of its own, under reads and writes of 8 learners;
 * the cluster is stopped (`pg_ctl stop -m fast`) for 5 s and started again. Every answer meanwhile
 * is in the envelope (HTTP 200 or 503, a Chinese message, no stack), none waits beyond the
 * server's bound, and requests succeed again soon after the database is back, with the same
 * server process.
 */
export const postgresOutageScenario: Scenario = {
  name: 'crashes: stop and start PostgreSQL under load',
  needsPostgres: true,
  async run({ tsx, resources, log }: ReliabilityContext): Promise<FigureRow[]> {
    const started = performance.now();
    const row = (check: string, figure: string, target: string, ok: boolean): FigureRow => ({
      suite: 'crashes',
      engine: 'postgres',
      check,
      figure,
      target,
      ok,
      seconds: 0,
    });
    let cluster: Awaited<ReturnType<typeof startPrivateCluster>>;
    try {
      cluster = await startPrivateCluster(resources);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return [
        {
          ...row(
            'private PostgreSQL cluster for the outage',
            `could not start: ${reason}`,
            'started',
            false,
          ),
          seconds: seconds(started),
        },
      ];
    }
    // Migrated and given its sites and learners here (the demo seed costs more than the whole
    // outage on PostgreSQL): the server starts on it with nothing to seed.
    const learnerNames = await prepareLearners(cluster.url, LEARNERS);
    const port = await freePort();
    const { app, origin } = await startApp(resources, tsx, {
      scale: 1,
      port,
      databaseUrl: cluster.url,
      ownDatabase: true,
      bundle: await bundleServer(resources),
      seedDemo: false,
    });
    const http = new HttpClient(origin, 64);
    const logged: Array<{ username: string; token: string }> = [];
    for (const username of learnerNames) {
      logged.push({ username, token: await loginLearner(origin, username, DEMO_PASSWORD) });
    }
    log(`crashes: portal on a private PostgreSQL cluster in ${seconds(started)} s`);

    const samples: Sample[] = [];
    let running = true;
    const t0 = performance.now();
    const load = logged.map(async (learner, index) => {
      const headers = { authorization: `Bearer ${learner.token}` };
      for (let n = 0; running; n += 1) {
        // Reads and writes of the learner's own rows (the database has no content).
        const requests: HttpRequest[] = [
          { path: '/api/points/summary', headers },
          {
            method: 'POST',
            path: '/api/account/profile',
            headers,
            json: { nickname: `学员${index}号${n % 10}` },
          },
          { path: '/api/favourites?page=1&size=10', headers },
          { method: 'POST', path: '/api/history/clear', headers, json: {} },
          { path: '/api/study/today', headers },
        ];
        // The rename (1 of the 5) only every 10th round: a learner may change their profile 60
        // times a minute, and a fast server would otherwise answer 429 to the load itself.
        const turn = n % requests.length;
        const request = (
          turn === 1 && Math.floor(n / requests.length) % 10 !== 0 ? requests[0] : requests[turn]
        ) as HttpRequest;
        const at = performance.now() - t0;
        const answer = await send(http, request, CLIENT_TIMEOUT_MS);
        samples.push({ ...answer, at, path: request.path.split('?')[0] as string });
        // A learner's next request a moment later, so a failing database is not spun on.
        await sleep(answer.envelope?.code === 0 ? 5 : 25);
      }
    });

    await sleep(BEFORE_MS);
    const stopAt = performance.now() - t0;
    const stopTook = await cluster.stop();
    await sleep(OUTAGE_MS);
    const startBegan = performance.now() - t0;
    const startTook = await cluster.start();
    const backAt = performance.now() - t0;
    await sleep(AFTER_MS);
    running = false;
    await Promise.all(load);
    http.close();
    log(
      `crashes: database stopped at ${Math.round(stopAt)} ms (took ${stopTook} ms), ` +
        `started at ${Math.round(startBegan)} ms (took ${startTook} ms), ${samples.length} requests`,
    );

    const problems = samples
      .map((sample) => ({ sample, problem: envelopeProblem(sample) }))
      .filter((entry) => entry.problem !== null);
    for (const { sample, problem } of problems.slice(0, 5)) {
      log(`crashes: ${sample.path} at ${Math.round(sample.at)} ms: ${problem}`);
    }
    const statuses = new Map<number, number>();
    for (const sample of samples)
      statuses.set(sample.status, (statuses.get(sample.status) ?? 0) + 1);
    const statusText = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status === 0 ? 'none' : status}: ${count}`)
      .join(', ');
    const during = samples.filter((sample) => sample.at >= stopAt && sample.at < backAt);
    const failedDuring = during.filter((sample) => sample.envelope?.code !== 0).length;
    const maxDuring = Math.max(0, ...during.map((sample) => sample.ms));
    const maxAll = Math.max(0, ...samples.map((sample) => sample.ms));
    const after = samples.filter((sample) => sample.at >= backAt);
    const firstOk = after.find((sample) => sample.envelope?.code === 0);
    const recovery = firstOk ? firstOk.at + firstOk.ms - backAt : Number.POSITIVE_INFINITY;
    // Once one request succeeded, the rest do (no broken connection kept in the pool).
    const settled = firstOk ? after.filter((sample) => sample.at >= firstOk.at + SETTLE_MS) : [];
    const failedSettled = settled.filter((sample) => sample.envelope?.code !== 0).length;
    const sameProcess = app.running;
    if (!sameProcess) log(`crashes: the server exited:\n${app.tail()}`);
    const total = seconds(started);
    return [
      {
        ...row(
          `database stopped ${OUTAGE_MS / 1000} s under 8 learners' reads and writes: every answer in the envelope`,
          `${samples.length - problems.length}/${samples.length} in the envelope (HTTP ${statusText}); ${failedDuring}/${during.length} failed during the outage; ${problems.length} without the envelope or leaking details`,
          'all in the envelope, HTTP 200 or 503 only',
          problems.length === 0 && failedDuring > 0,
        ),
        seconds: total,
      },
      row(
        'no request hangs while the database is gone',
        `max ${Math.round(maxDuring)} ms during the outage, ${Math.round(maxAll)} ms overall`,
        `≤ ${OUTAGE_LATENCY_MS} ms`,
        maxAll <= OUTAGE_LATENCY_MS,
      ),
      row(
        'recovers by itself when the database returns (same server process)',
        `first success ${Number.isFinite(recovery) ? `${Math.round(recovery)} ms` : 'never'} after the restart; ${failedSettled}/${settled.length} failed from ${SETTLE_MS} ms after it; server process ${sameProcess ? 'the same' : 'exited'}`,
        `≤ ${RECOVERY_MS} ms, then 0 failed`,
        recovery <= RECOVERY_MS && failedSettled === 0 && settled.length > 0 && sameProcess,
      ),
    ];
  },
};

/** Item 3 of issue 17: the server killed, the database stopped, under load. */
export const crashScenarios: Scenario[] = [sqliteKillScenario, postgresOutageScenario];
