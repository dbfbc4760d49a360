import net from 'node:net';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { envelopePlugin } from '../http/envelope.ts';
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

describe('an /api request while the database is unavailable', () => {
  it('answers HTTP 503 in the envelope with a Chinese message and no details', async () => {
    const app = Fastify({ logger: false });
    await app.register(envelopePlugin);
    app.get('/api/probe', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
        code: 'ECONNREFUSED',
      });
    });
    const answer = await app.inject({ url: '/api/probe' });
    await app.close();
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ code: 500, message: '服务暂时不可用，请稍后再试', data: null });
    expect(answer.body).not.toContain('ECONNREFUSED');
  });
});
