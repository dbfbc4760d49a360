import type { Resources } from '../bench/harness.ts';

/** One line of the figures table `npm run test:reliability` prints at the end. */
export interface FigureRow {
  /** The part of issue 17 it proves, e.g. 'seats', 'ledger', 'crashes'. */
  suite: string;
  /** Where it ran: 'sqlite', 'postgres', 'postgres ×2'. */
  engine: string;
  /** What was checked, in a few words, e.g. 'class: 500 signups for 100 seats ×20'. */
  check: string;
  /** What was measured, e.g. '100 accepted every round, 0 5xx'. */
  figure: string;
  /** What it must be, e.g. '100 every round, 0 5xx'. */
  target: string;
  ok: boolean;
  seconds: number;
}

/** What a scenario gets from the runner. */
export interface ReliabilityContext {
  /** The tsx executable that starts servers and scripts (bench/child-process.ts, findTsx). */
  tsx: string;
  /** A PostgreSQL database to make fresh schemas in; undefined when none answered. */
  postgresUrl: string | undefined;
  /** Children, temp dirs and schemas, torn down whatever way the run ends. */
  resources: Resources;
  log(line: string): void;
}

/** A group of checks; the runner runs them one after another and prints every row. */
export interface Scenario {
  name: string;
  /** Skipped (and said so, failing under REQUIRE_POSTGRES=1) without PostgreSQL. */
  needsPostgres: boolean;
  /**
   * May run at the same time as its neighbours in the list that say so too (their servers then
   * share the cores: a single-process server cannot use both); timing-sensitive scenarios
   * (crashes) leave it unset and run alone.
   */
  concurrent?: boolean;
  run(context: ReliabilityContext): Promise<FigureRow[]>;
}
