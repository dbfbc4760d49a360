import { findTsx } from '../bench/child-process.ts';
import { runBench, serverDir } from '../bench/harness.ts';
import { crashScenarios } from './crashes.ts';
import type { FigureRow } from './types.ts';

// Runs the crash scenarios alone and prints their rows:
// `npx tsx reliability/crashes.cli.ts [sqlite|postgres]` from apps/server.
const only = process.argv[2];

await runBench(5 * 60_000, async (resources) => {
  const tsx = findTsx(serverDir);
  const rows: FigureRow[] = [];
  for (const scenario of crashScenarios) {
    if (only === 'sqlite' && scenario.needsPostgres) continue;
    if (only === 'postgres' && !scenario.needsPostgres) continue;
    console.log(`\n${scenario.name}`);
    rows.push(
      ...(await scenario.run({
        tsx,
        postgresUrl: undefined,
        resources,
        log: (line) => console.log(`  ${line}`),
      })),
    );
  }
  console.log('\nsuite | engine | check | figure | target | ok | s');
  for (const row of rows) {
    console.log(
      [
        row.suite,
        row.engine,
        row.check,
        row.figure,
        row.target,
        row.ok ? 'ok' : 'FAIL',
        row.seconds,
      ].join(' | '),
    );
  }
  return rows.every((row) => row.ok) ? 0 : 1;
});
