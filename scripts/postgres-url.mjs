// The PostgreSQL database the test suites use: TEST_DATABASE_URL, else the local default, the
// first that answers `select 1`. Shared by `npm test` (scripts/test.mjs) and the reliability
// runner (apps/server/reliability/run.ts), so both pick the same database the same way.
import net from 'node:net';
import pg from 'pg';

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** True when something listens on the URL's host and port (a cheap check before connecting). */
export function answers(url, defaultPort) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({
      host: hostname || '127.0.0.1',
      port: Number(port || defaultPort),
    });
    socket.setTimeout(2000);
    const finish = (result) => {
      socket.destroy();
      resolve(result);
    };
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
    socket.once('timeout', () => finish(false));
  });
}

/** The first candidate database that answers, or undefined when none does. */
export async function postgresUrl() {
  const candidates = [process.env.TEST_DATABASE_URL?.trim(), DEFAULT_POSTGRES_URL].filter(Boolean);
  for (const url of candidates) {
    if (!(await answers(url, 5432))) continue;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query('select 1');
      return url;
    } catch {
      // Try the next candidate.
    } finally {
      await client.end().catch(() => {});
    }
  }
  return undefined;
}

/** The URL with its credentials masked, for logs. */
export function maskedUrl(url) {
  return url.replace(/\/\/[^@]*@/, '//***@');
}
