import type { Engine } from '../db/database.ts';

/**
 * Engines the integration suites run on: SQLite always, PostgreSQL when `TEST_DATABASE_URL`
 * is set (`npm test` sets it when a server answers). `TEST_ENGINES=sqlite` narrows the list.
 */
export function testEngines(): Engine[] {
  const wanted = process.env.TEST_ENGINES?.split(',').map((name) => name.trim());
  const engines: Engine[] = ['sqlite'];
  if (process.env.TEST_DATABASE_URL) engines.push('postgres');
  return engines.filter((engine) => !wanted || wanted.includes(engine));
}
