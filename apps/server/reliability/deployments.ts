import path from 'node:path';
import type { Kysely } from 'kysely';
import { freePort } from '../bench/child-process.ts';
import { startApp, twoFreePorts } from '../bench/harness.ts';
import { HttpClient } from '../bench/http-client.ts';
import { createDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/schema.ts';
import type { ReliabilityContext } from './types.ts';

/**
 * How long a server may take to start: on a machine shared with other work, three servers
 * seeding at once took over two minutes; RELIABILITY_TIMEOUT bounds the whole run anyway.
 */
const STARTUP_TIMEOUT_MS = 300_000;

/** Where a scenario runs: one server on SQLite, one on PostgreSQL, or two on one PostgreSQL. */
export type DeploymentKind = 'sqlite' | 'postgres' | 'postgres ×2';

/** Running servers, a client per server and a connection of the runner's own to their database. */
export interface Deployment {
  kind: DeploymentKind;
  origins: string[];
  clients: HttpClient[];
  db: Kysely<Database>;
  /** Seconds it took to start the servers (migrate, seed, listen). */
  startupSeconds: number;
  /** CPU seconds the servers have used so far (Linux; 0 elsewhere). */
  cpuSeconds(): number;
  /** Closes the clients and the runner's connection, and stops the servers. */
  close(): Promise<void>;
}

/**
 * Starts the servers of `kind` as `npm start` starts them (`tsx src/server.ts`, LOG_LEVEL=warn):
 * a fresh SQLite data directory, or a fresh schema of the PostgreSQL database; for two
 * instances the second starts on the same schema once the first has migrated and seeded.
 */
export async function deploy(
  context: ReliabilityContext,
  kind: DeploymentKind,
): Promise<Deployment> {
  const started = performance.now();
  const databaseUrl = kind === 'sqlite' ? undefined : context.postgresUrl;
  if (kind !== 'sqlite' && !databaseUrl) throw new Error(`${kind} needs PostgreSQL`);
  const ports = kind === 'postgres ×2' ? await twoFreePorts() : [await freePort()];
  const first = await startApp(context.resources, context.tsx, {
    scale: 1,
    port: ports[0] as number,
    databaseUrl,
    startupTimeoutMs: STARTUP_TIMEOUT_MS,
  });
  const origins = [first.origin];
  const servers = [first.app];
  if (ports[1] !== undefined) {
    const second = await startApp(context.resources, context.tsx, {
      scale: 1,
      port: ports[1],
      databaseUrl,
      join: first.store,
      startupTimeoutMs: STARTUP_TIMEOUT_MS,
    });
    origins.push(second.origin);
    servers.push(second.app);
  }
  const startupSeconds = (performance.now() - started) / 1000;
  const { db, destroy } = await createDatabase(
    kind === 'sqlite'
      ? { sqliteFile: path.join(String(first.env.DATA_DIR), 'portal.sqlite') }
      : { databaseUrl: first.env.DATABASE_URL, pgPoolSize: 4 },
  );
  const clients = origins.map((origin) => new HttpClient(origin, 512));
  context.log(`${kind}: ${origins.length} server(s) up in ${startupSeconds.toFixed(1)} s`);
  return {
    kind,
    origins,
    clients,
    db,
    startupSeconds,
    cpuSeconds: () => servers.reduce((sum, server) => sum + (server.cpuMs() ?? 0), 0) / 1000,
    close: async () => {
      for (const client of clients) client.close();
      await destroy();
      const cpu = servers.map((server) => ((server.cpuMs() ?? 0) / 1000).toFixed(1));
      context.log(`${kind}: server CPU ${cpu.join(' + ')} s`);
      await Promise.all(servers.map((server) => server.stop()));
    },
  };
}
