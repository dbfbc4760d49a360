import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, isDatabaseUnavailable } from './database.ts';

/** A TCP server that accepts connections and never answers: a database behind a cut network. */
async function blackHole(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('a PostgreSQL database out of reach', () => {
  const holes: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of holes) await close();
  });

  it('fails a query after the connect time-out instead of hanging', async () => {
    const hole = await blackHole();
    holes.push(hole.close);
    const database = await createDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${hole.port}/none`,
      pgConnectTimeoutMs: 300,
    });
    const started = performance.now();
    const failure = await sql`select 1`.execute(database.db).catch((error: unknown) => error);
    const took = performance.now() - started;
    await database.destroy();
    expect(failure).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(took).toBeLessThan(2_000);
  });

  it('counts a refused connection as unavailable, and not a bad query', async () => {
    const hole = await blackHole();
    await hole.close();
    const database = await createDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${hole.port}/none`,
    });
    const failure = await sql`select 1`.execute(database.db).catch((error: unknown) => error);
    await database.destroy();
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax'), { code: '42601' }))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});
