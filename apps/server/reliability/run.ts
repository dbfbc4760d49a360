import { maskedUrl, postgresUrl } from '../../../scripts/postgres-url.mjs';
import { findTsx } from '../bench/child-process.ts';
import { positiveEnv, runBench, serverDir } from '../bench/harness.ts';
import { alignedTable } from '../bench/text-table.ts';
import { scenarios } from './scenarios.ts';
import type { FigureRow, ReliabilityContext, Scenario } from './types.ts';

// `npm run test:reliability`: every scenario of issue 17 that runs in CI, against real servers
// on loopback, bounded by RELIABILITY_TIMEOUT (seconds); prints the figures as a table at the
// end and exits non-zero when any row failed. PostgreSQL: TEST_DATABASE_URL, else the local
// default when it answers; without one the PostgreSQL scenarios are skipped (and said so),
// which REQUIRE_POSTGRES=1 makes a failure.

/** The rows as an aligned text table. */
function formatTable(rows: readonly FigureRow[]): string {
  const header = ['suite', 'engine', 'check', 'figure', 'target', 'ok', 's'];
  const lines = rows.map((row) => [
    row.suite,
    row.engine,
    row.check,
    row.figure,
    row.target,
    row.ok ? 'ok' : 'FAIL',
    row.seconds.toFixed(1),
  ]);
  return alignedTable(header, lines, { align: () => 'left', separator: ' | ' });
}

/** One scenario's rows; a skip (no PostgreSQL) or a throw becomes a row of its own. */
async function runScenario(
  scenario: Scenario,
  context: ReliabilityContext,
  requirePostgres: boolean,
): Promise<FigureRow[]> {
  if (scenario.needsPostgres && !context.postgresUrl) {
    console.log(`SKIPPED ${scenario.name} (no PostgreSQL)`);
    return [
      {
        suite: scenario.name,
        engine: 'postgres',
        check: 'skipped: no PostgreSQL answered',
        figure: 'skipped',
        target: requirePostgres ? 'run (REQUIRE_POSTGRES=1)' : 'run when PostgreSQL answers',
        ok: !requirePostgres,
        seconds: 0,
      },
    ];
  }
  console.log(`▶ ${scenario.name}`);
  const began = performance.now();
  try {
    return await scenario.run(context);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`  ${scenario.name} failed: ${message}`);
    return [
      {
        suite: scenario.name,
        engine: '',
        check: 'ran to the end',
        figure: `failed: ${message.split('\n')[0]?.slice(0, 100)}`,
        target: 'ran to the end',
        ok: false,
        seconds: Number(((performance.now() - began) / 1000).toFixed(1)),
      },
    ];
  }
}

// A guard against a hang, not a speed target: on the slower 2-core CI machines the whole run
// took 484 s (seat rounds of three deployments sharing two cores), so the guard is 900 s.
const timeoutSeconds = positiveEnv('RELIABILITY_TIMEOUT', 900);

await runBench(
  timeoutSeconds * 1000,
  async (resources, timedOut) => {
    const started = performance.now();
    const database = await postgresUrl();
    const requirePostgres = process.env.REQUIRE_POSTGRES === '1';
    const context: ReliabilityContext = {
      tsx: findTsx(serverDir),
      postgresUrl: database,
      resources,
      log: (line) => console.log(`  ${line}`),
    };
    console.log(
      database
        ? `reliability: PostgreSQL at ${maskedUrl(database)}`
        : 'reliability: no PostgreSQL answered (TEST_DATABASE_URL or 127.0.0.1:5432)',
    );
    // RELIABILITY_ONLY=text runs only the scenarios whose name contains it.
    const only = process.env.RELIABILITY_ONLY?.trim();
    const chosen = scenarios.filter((scenario) => !only || scenario.name.includes(only));
    // Neighbours that may run together form one batch; the others run alone, in order.
    const batches: Scenario[][] = [];
    for (const scenario of chosen) {
      const last = batches.at(-1);
      if (scenario.concurrent && last?.[0]?.concurrent) last.push(scenario);
      else batches.push([scenario]);
    }
    const rows: FigureRow[] = [];
    for (const batch of batches) {
      const results = await Promise.all(
        batch.map((scenario) => runScenario(scenario, context, requirePostgres)),
      );
      rows.push(...results.flat());
    }
    if (timedOut.aborted) {
      rows.push({
        suite: 'runner',
        engine: '',
        check: `done within RELIABILITY_TIMEOUT (${timeoutSeconds} s)`,
        figure: 'timed out: the servers were stopped under the scenarios',
        target: 'done in time',
        ok: false,
        seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
      });
    }
    const failed = rows.filter((row) => !row.ok).length;
    console.log(
      `\nReliability figures (${((performance.now() - started) / 1000).toFixed(0)} s):\n`,
    );
    console.log(formatTable(rows));
    console.log(failed === 0 ? '\n✔ every row holds' : `\n✖ ${failed} row(s) failed`);
    return failed === 0 ? 0 : 1;
  },
  { label: 'reliability', timeoutVariable: 'RELIABILITY_TIMEOUT' },
);
