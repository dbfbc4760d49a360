import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../bench/child-process.ts';
import type { Resources } from '../bench/harness.ts';

const run = promisify(execFile);

/** A PostgreSQL cluster of the run's own, which a scenario may stop and start at will. */
export interface PrivateCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  /** `pg_ctl stop -m fast`; answers the ms it took. */
  stop(): Promise<number>;
  /** `pg_ctl start -w`; answers the ms it took. */
  start(): Promise<number>;
}

/** The newest `/usr/lib/postgresql/<n>/bin` with initdb, or `PG_BIN` when set. */
function postgresBin(): string {
  const fromEnv = process.env.PG_BIN?.trim();
  if (fromEnv) return fromEnv;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (newest === undefined) throw new Error(`no PostgreSQL server binaries under ${root} (PG_BIN)`);
  return path.join(root, newest, 'bin');
}

/**
 * initdb and pg_ctl refuse to run as root: as root they run as the `postgres` user (runuser),
 * which owns the cluster's directory.
 */
function asOwner(): { prefix: string[]; uid: number | null; gid: number | null } {
  if (process.getuid?.() !== 0) return { prefix: [], uid: null, gid: null };
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { prefix: ['runuser', '-u', 'postgres', '--'], uid, gid };
}

/**
 * Creates and starts a throwaway cluster on a free loopback port (fsync off: nothing in it
 * outlives the run), stopped and removed with the run's resources. Never touches the machine's
 * own PostgreSQL.
 */
export async function startPrivateCluster(resources: Resources): Promise<PrivateCluster> {
  const bin = postgresBin();
  const owner = asOwner();
  const dir = resources.newDataDir();
  if (owner.uid !== null && owner.gid !== null) chownSync(dir, owner.uid, owner.gid);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const exec = async (tool: string, args: string[]) => {
    const [command, ...rest] = [...owner.prefix, path.join(bin, tool), ...args];
    await run(command as string, rest, { cwd: dir, timeout: 60_000 });
  };
  await exec('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--no-sync',
    '--locale=C.UTF-8',
  ]);
  const options = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${dir}'`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  const pgCtl = (...args: string[]) => exec('pg_ctl', ['-D', data, ...args]);
  const timed = async (work: () => Promise<void>) => {
    const began = performance.now();
    await work();
    return Math.round(performance.now() - began);
  };
  const start = () => timed(() => pgCtl('-l', path.join(dir, 'log'), '-o', options, '-w', 'start'));
  await start();
  let running = true;
  resources.onCleanup(
    async () => {
      if (running) await pgCtl('-m', 'immediate', 'stop').catch(() => undefined);
    },
    () => {
      if (!running) return;
      const [command, ...rest] = [
        ...owner.prefix,
        path.join(bin, 'pg_ctl'),
        '-D',
        data,
        '-m',
        'immediate',
        'stop',
      ];
      execFileSync(command as string, rest, { stdio: 'ignore', timeout: 10_000 });
    },
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      const took = await timed(() => pgCtl('-m', 'fast', '-w', 'stop'));
      running = false;
      return took;
    },
    async start() {
      const took = await start();
      running = true;
      return took;
    },
  };
}
