import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  NGINX,
  portalSite,
  startNginx,
  writeNginxConfig,
  writeUpstreams,
} from '../../../scripts/nginx.mjs';
import {
  Child,
  expectSuccess,
  freePort,
  startNode,
  startTsx,
  waitUntilAnswering,
} from './child-process.ts';

// What both bench modes share: settings from the environment, the servers under test and the
// resources they leave behind (temp dirs, PostgreSQL schemas).

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const STARTUP_TIMEOUT_MS = 120_000;

/** Reads a positive number from the environment, or `fallback` when unset. */
export function positiveEnv(name: string, fallback: number, integer = true): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new Error(`${name} must be a positive ${integer ? 'integer' : 'number'}, got "${raw}"`);
  }
  return value;
}

/**
 * `BENCH_ONLY=ranking,places`: whether a target named `name` is run (its name holds one of the
 * words; every target when unset).
 */
export function selectedByOnly(name: string): boolean {
  const words = (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word !== '');
  return words.length === 0 || words.some((word) => name.includes(word));
}

/** What fills a database seeded at BENCH_LARGE_SCALE to a large district's size. */
export const DISTRICT_FILL = 'bench/fill-district.ts';

/**
 * `BENCH_DATABASE_URL`: a PostgreSQL database to bench on instead of a throwaway SQLite file.
 * Each server gets a fresh schema in it, dropped at the end.
 */
export function benchDatabaseUrl(): string | undefined {
  const url = process.env.BENCH_DATABASE_URL?.trim();
  if (!url) return undefined;
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new Error(`BENCH_DATABASE_URL must be a postgres:// URL, got "${url}"`);
  }
  return url;
}

/** Children, temp dirs and PostgreSQL schemas, torn down once whatever way the run ends. */
export class Resources {
  readonly children: Child[] = [];
  private readonly dirs: string[] = [];
  private readonly schemas: Array<{ url: string; schema: string }> = [];
  private readonly hooks: Array<{ run: () => Promise<void>; now: () => void }> = [];
  private cleaning: Promise<void> | null = null;

  /**
   * Something else to tear down (e.g. a private PostgreSQL cluster): `run` after the children
   * stop and before the temp dirs go; `now`, synchronous, on a last-resort exit.
   */
  onCleanup(run: () => Promise<void>, now: () => void): void {
    this.hooks.push({ run, now });
  }

  /** A fresh data directory, removed at the end. */
  newDataDir(): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
    this.dirs.push(dir);
    return dir;
  }

  /**
   * A fresh schema in the PostgreSQL database at `url`, dropped at the end; answers the URL that
   * makes it the server's search path.
   */
  async newSchema(url: string): Promise<string> {
    // Named and listed before the first await, so schemas made at the same time differ.
    const schema = `bench_${process.pid}_${this.schemas.length + 1}`;
    this.schemas.push({ url, schema });
    await withClient(url, (client) => client.query(`CREATE SCHEMA ${schema}`));
    const scoped = new URL(url);
    scoped.searchParams.set('options', `-c search_path=${schema}`);
    return scoped.toString();
  }

  /** Stops every child, then removes the temp dirs and schemas; safe to call more than once. */
  cleanup(): Promise<void> {
    this.cleaning ??= (async () => {
      await Promise.allSettled(this.children.map((child) => child.stop()));
      for (const hook of this.hooks.splice(0).reverse()) {
        await hook.run().catch((error: unknown) => console.error(`cleanup failed: ${error}`));
      }
      this.removeDirs();
      for (const { url, schema } of this.schemas.splice(0)) {
        await withClient(url, (client) =>
          client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`),
        ).catch((error: unknown) => console.error(`could not drop schema ${schema}: ${error}`));
      }
    })();
    return this.cleaning;
  }

  /** Last resort on process exit: synchronous, so SIGKILL and rm (schemas stay behind). */
  cleanupNow(): void {
    for (const child of this.children) child.signal('SIGKILL');
    for (const hook of this.hooks.splice(0).reverse()) {
      try {
        hook.now();
      } catch {
        // Best effort on the way out.
      }
    }
    this.removeDirs();
  }

  private removeDirs() {
    for (const dir of this.dirs) rmSync(dir, { recursive: true, force: true });
  }
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

export async function twoFreePorts(): Promise<[number, number]> {
  const first = await freePort();
  for (;;) {
    const second = await freePort();
    if (second !== first) return [first, second];
  }
}

/** Starts the bare Fastify floor (`bench/hello.ts`) and waits until it answers. */
export async function startFloor(
  resources: Resources,
  tsx: string,
  port: number,
): Promise<{ floor: Child; origin: string }> {
  const origin = `http://127.0.0.1:${port}`;
  const floor = startTsx('floor', {
    tsx,
    cwd: serverDir,
    script: 'bench/hello.ts',
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
  });
  resources.children.push(floor);
  await waitUntilAnswering(floor, `${origin}/`, STARTUP_TIMEOUT_MS);
  return { floor, origin };
}

/** Where a started server keeps its data: another instance given it serves the same. */
export interface AppStore {
  /** The server's `DATA_DIR`. */
  dataDir: string;
  /** The server's `DATABASE_URL` (a schema-scoped PostgreSQL URL), '' for SQLite in `dataDir`. */
  databaseUrl: string;
}

/**
 * Seeds a fresh database at `scale` (the server seeds scale 1 itself) and starts the server:
 * a throwaway SQLite file, or a fresh schema of `databaseUrl` (PostgreSQL). With `join`, it
 * starts another instance on the store of one started before (no new database, no seeding).
 */
export async function startApp(
  resources: Resources,
  tsx: string,
  options: {
    scale: number;
    port: number;
    databaseUrl: string | undefined;
    /** `databaseUrl` is a throwaway database of the run's own: used as is, no schema made in it. */
    ownDatabase?: boolean;
    /** A script (under `bench/`) run once the server answers, on its database (e.g. a fill). */
    fill?: string;
    /** The store of a server started before: this one is a second instance of it. */
    join?: AppStore;
    /** `REDIS_URL` for the server; unset means in-memory counters. */
    redisUrl?: string;
    /** Named in its errors, e.g. 'server 2'. */
    name?: string;
    /** A bundle of `src/server.ts` to run with node instead of tsx (reliability/server-bundle.ts). */
    bundle?: string;
    /** false: the server seeds nothing (the caller prepared the database). */
    seedDemo?: boolean;
    /** How long the server may take to migrate, seed and answer; default STARTUP_TIMEOUT_MS. */
    startupTimeoutMs?: number;
    /** More settings of the server's own (e.g. `writeServerEnv` of the write targets). */
    env?: NodeJS.ProcessEnv;
  },
): Promise<{ app: Child; origin: string; store: AppStore; env: NodeJS.ProcessEnv }> {
  const { scale, port, databaseUrl } = options;
  const store: AppStore = options.join ?? {
    dataDir: resources.newDataDir(),
    databaseUrl: !databaseUrl
      ? ''
      : options.ownDatabase
        ? databaseUrl
        : await resources.newSchema(databaseUrl),
  };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    DATA_DIR: store.dataDir,
    // A database of the bench's own, whatever the shell has set, and in-memory counters.
    DATABASE_URL: store.databaseUrl,
    REDIS_URL: options.redisUrl ?? '',
    LOG_LEVEL: 'warn',
    SEED_DEMO: options.seedDemo === false ? '0' : '1',
    ...options.env,
  };
  if (scale > 1 && !options.join) {
    console.log(`seeding at scale ${scale} ...`);
    const started = Date.now();
    const seed = startTsx('seed', {
      tsx,
      cwd: serverDir,
      script: 'src/seed/cli.ts',
      args: ['--scale', String(scale)],
      env,
    });
    resources.children.push(seed);
    await expectSuccess(seed);
    console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const { app, origin } = await startServer(resources, tsx, env, port, {
    bundle: options.bundle,
    name: options.name,
    startupTimeoutMs: options.startupTimeoutMs,
  });
  if (options.fill && !options.join) {
    const fill = startTsx('fill', { tsx, cwd: serverDir, script: options.fill, args: [], env });
    resources.children.push(fill);
    await expectSuccess(fill);
    console.log(fill.tail());
  }
  return { app, origin, store, env };
}

/**
 * Starts `src/server.ts` with `env` (e.g. again on the data a killed one left, from
 * {@link startApp}'s `env`) and waits until it answers.
 */
export async function startServer(
  resources: Resources,
  tsx: string,
  env: NodeJS.ProcessEnv,
  port: number,
  {
    bundle,
    name = 'server',
    startupTimeoutMs = STARTUP_TIMEOUT_MS,
  }: {
    bundle?: string | undefined;
    name?: string | undefined;
    startupTimeoutMs?: number | undefined;
  } = {},
): Promise<{ app: Child; origin: string }> {
  const origin = `http://127.0.0.1:${port}`;
  const serverEnv = { ...env, PORT: String(port) };
  const app = bundle
    ? startNode(name, { cwd: serverDir, args: [bundle], env: serverEnv })
    : startTsx(name, { tsx, cwd: serverDir, script: 'src/server.ts', env: serverEnv });
  resources.children.push(app);
  await waitUntilAnswering(app, `${origin}/api/account/refresh-token`, startupTimeoutMs);
  return { app, origin };
}

/** nginx of a run ({@link startProxy}): its address, and its folder and upstreams' list. */
export interface Proxy {
  nginx: Child;
  origin: string;
  /** The folder of its configuration (`nginxArgs(prefix)` reloads it). */
  prefix: string;
  /** The instances' list it includes (`deploy/rolling-restart.sh` marks them down and up). */
  upstreams: string;
}

/**
 * nginx with the deployment recipe's site file (`deploy/nginx/portal.conf`, as
 * `scripts/nginx.mjs` adapts it to a run) in front of the servers on `ports`, in a fresh folder
 * with an empty cache; null when nginx is not installed.
 */
export async function startProxy(resources: Resources, ports: number[]): Promise<Proxy | null> {
  if (!existsSync(NGINX)) return null;
  const prefix = path.join(resources.newDataDir(), 'nginx');
  const upstreams = path.join(prefix, 'portal-upstreams.conf');
  mkdirSync(prefix, { recursive: true });
  writeUpstreams(upstreams, ports);
  const listen = await freePort();
  writeNginxConfig(prefix, [
    portalSite({ listen, upstreams, distDir: path.join(serverDir, '../web/dist') }),
  ]);
  const origin = `http://127.0.0.1:${listen}`;
  const nginx = new Child('nginx', startNginx(prefix));
  resources.children.push(nginx);
  await waitUntilAnswering(nginx, `${origin}/healthz`, 30_000);
  return { nginx, origin, prefix, upstreams };
}

/**
 * Runs `main` with the resources torn down at the end, on a signal, or after `timeoutMs` (when
 * `main` is told through its `timedOut` signal, as the exit may wait for the teardown);
 * `label` and `timeoutVariable` name the runner and its time-out setting in messages.
 */
export async function runBench(
  timeoutMs: number,
  main: (resources: Resources, timedOut: AbortSignal) => Promise<number>,
  { label = 'bench', timeoutVariable = 'BENCH_TIMEOUT' } = {},
): Promise<void> {
  const resources = new Resources();
  const finish = async (code: number) => {
    await resources.cleanup();
    process.exit(code);
  };
  process.once('exit', () => resources.cleanupNow());
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping`);
      void finish(130);
    });
  }
  const timeout = new AbortController();
  const timer = setTimeout(() => {
    timeout.abort();
    console.error(
      `\n${label}: gave up after ${timeoutMs / 1000} s (${timeoutVariable} to allow longer)`,
    );
    void finish(1);
  }, timeoutMs);
  timer.unref();

  let code = 1;
  try {
    code = await main(resources, timeout.signal);
  } catch (error) {
    console.error(
      `\n${label} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  } finally {
    clearTimeout(timer);
  }
  await finish(code);
}
