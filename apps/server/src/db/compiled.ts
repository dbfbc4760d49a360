import { createHash } from 'node:crypto';
import { type Compilable, CompiledQuery, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from './schema.ts';

/** What a compiled-once query may take: values passed to the builder as they are. */
export type Argument = string | number | null;

interface Template {
  sql: string;
  /** For each parameter, the argument it is (its index), or -1 for a constant of the query. */
  sources: number[];
  constants: readonly unknown[];
}

/** Stand-ins for the arguments, told apart from any real value and from the other build's. */
const standIns = (count: number, build: number) =>
  Array.from({ length: count }, (_, i) => `\u0000compiled:${build}:${i}\u0000`);

/** Compiles `build` with stand-ins for its arguments and maps each parameter to its source. */
function templateOf<Args extends Argument[]>(
  db: Kysely<Database>,
  build: (db: Kysely<Database>, ...args: Args) => Compilable<unknown>,
  count: number,
): Template {
  const [first, second] = [0, 1].map((n) => {
    const args = standIns(count, n);
    const compiled = build(db, ...(args as Args)).compile();
    return { args, compiled };
  }) as [
    { args: string[]; compiled: CompiledQuery<unknown> },
    { args: string[]; compiled: CompiledQuery<unknown> },
  ];
  const sources = first.compiled.parameters.map((value) => first.args.indexOf(value as string));
  // Built twice with other stand-ins: the same SQL, each argument in the same places, and the
  // same constants. An argument the builder changed (`now + 1`, a string made from it) or used
  // to choose the query's shape would differ, so it is refused rather than frozen.
  const same =
    first.compiled.sql === second.compiled.sql &&
    second.compiled.parameters.length === sources.length &&
    second.compiled.parameters.every((value, i) => {
      const source = sources[i] as number;
      return source >= 0 ? value === second.args[source] : value === first.compiled.parameters[i];
    });
  if (!same) {
    throw new Error(
      `compiledOnce: the query must take its arguments unchanged as parameters:\n${first.compiled.sql}`,
    );
  }
  preparedNames.set(first.compiled.sql, statementNameOf(first.compiled.sql));
  return { sql: first.compiled.sql, sources, constants: first.compiled.parameters };
}

/**
 * The SQL of every compiled-once query, each with a name: PostgreSQL connections run these as
 * named prepared statements (parsed and planned once per connection, then only bound and run),
 * as they are a fixed few and run on every learner's call. Others are prepared unnamed, anew.
 */
export const preparedNames = new Map<string, string>();

/**
 * The name a text is prepared under: drawn from the text itself, so a text has the same name
 * wherever it is named, and no name ever stands for two texts (a connection refuses that).
 */
function statementNameOf(text: string): string {
  return `portal_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
}

/** Runs of one text after which PostgreSQL keeps it as a named prepared statement. */
export const AUTO_PREPARE_AFTER = 5;
/** Texts named that way at most: each is kept by every pooled connection that runs it. */
export const AUTO_PREPARED_MAX = 1_000;
/** Texts seen but not yet named, counted (the oldest forgotten first). */
const AUTO_PREPARE_CANDIDATES = 5_000;

const candidates = new Map<string, number>();
let autoPrepared = 0;

/**
 * The statement name a PostgreSQL connection runs `text` under, or undefined to run it unnamed
 * (parsed and planned anew): a compiled-once query's own name, else, once the same text has run
 * {@link AUTO_PREPARE_AFTER} times, a name of its own for good, as the PostgreSQL JDBC driver
 * does (`prepareThreshold`). Then each connection parses and plans it once and afterwards only
 * binds and runs it: the writes' statements, most built per call with the same text each time,
 * spent more of the database's time being planned than being run. Only plain reads and writes
 * are named (a transaction's `begin` and `commit` are not), and at most {@link AUTO_PREPARED_MAX}
 * texts, since a text built from a list's length can take many forms.
 */
export function statementName(text: string): string | undefined {
  const named = preparedNames.get(text);
  if (named !== undefined || autoPrepared >= AUTO_PREPARED_MAX) return named;
  if (!/^\s*(?:select|insert|update|delete|with)\b/i.test(text)) return undefined;
  const runs = (candidates.get(text) ?? 0) + 1;
  if (runs < AUTO_PREPARE_AFTER) {
    // Seen again: moved to the newest end, so the oldest are the ones forgotten.
    candidates.delete(text);
    candidates.set(text, runs);
    if (candidates.size > AUTO_PREPARE_CANDIDATES) {
      const oldest = candidates.keys().next().value;
      if (oldest !== undefined) candidates.delete(oldest);
    }
    return undefined;
  }
  candidates.delete(text);
  autoPrepared += 1;
  const name = statementNameOf(text);
  preparedNames.set(text, name);
  return name;
}

/**
 * A query built and compiled by Kysely once per database (engine), then run with each call's
 * arguments bound in their places: building and compiling a small query costs several times
 * what SQLite takes to run it, and the hottest queries (a learner's token on every call) need
 * not pay it each time. `build` must pass its arguments to the builder unchanged, as values to
 * compare or set; anything else (arithmetic on them, a shape that depends on them) is refused
 * at the first call. Answers the rows.
 */
export function compiledOnce<Args extends Argument[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): CompiledOnce<Args, Row> {
  // One template per dialect adapter (a transaction shares its database's).
  const templates = new WeakMap<object, Template>();
  const compile = (db: Kysely<Database>, ...args: Args): CompiledQuery<Row> => {
    const adapter = db.getExecutor().adapter;
    let template = templates.get(adapter);
    if (!template) {
      template = templateOf(db, build, args.length);
      templates.set(adapter, template);
    }
    const { sources, constants } = template;
    const parameters = sources.map((source, i) => (source >= 0 ? args[source] : constants[i]));
    return CompiledQuery.raw(template.sql, parameters) as CompiledQuery<Row>;
  };
  const run = async (db: Kysely<Database>, ...args: Args) =>
    (await db.executeQuery<Row>(compile(db, ...args))).rows;
  return Object.assign(run, { compile });
}

/** A {@link compiledOnce} query: call it for the rows; `compile` gives its SQL (to explain it). */
export type CompiledOnce<Args extends Argument[], Row> = ((
  db: Kysely<Database>,
  ...args: Args
) => Promise<Row[]>) & {
  compile: (db: Kysely<Database>, ...args: Args) => CompiledQuery<Row>;
};

/**
 * How many rows a query matches, compiled once ({@link compiledOnce}): `from` builds its FROM and
 * WHERE (nothing selected), with its arguments passed unchanged.
 */
export function compiledCount<Args extends Argument[], DB, TB extends keyof DB>(
  from: (db: Kysely<Database>, ...args: Args) => SelectQueryBuilder<DB, TB, object>,
): (db: Kysely<Database>, ...args: Args) => Promise<number> {
  const query = compiledOnce((db, ...args: Args) =>
    from(db, ...args)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      // The selection's type is lost in the generic builder; it is exactly `n`.
      .$castTo<{ n: number | string }>(),
  );
  return async (db, ...args) => Number((await query(db, ...args))[0]?.n ?? 0);
}

/**
 * Whether a query matches any row, compiled once ({@link compiledOnce}): `hasRow` (db/rows.ts)
 * for a query every call runs. `from` builds its FROM and WHERE (nothing selected), with its
 * arguments passed unchanged.
 */
export function compiledExists<Args extends Argument[], DB, TB extends keyof DB>(
  from: (db: Kysely<Database>, ...args: Args) => SelectQueryBuilder<DB, TB, object>,
): (db: Kysely<Database>, ...args: Args) => Promise<boolean> {
  const query = compiledOnce((db, ...args: Args) =>
    from(db, ...args)
      .select(sql<number>`1`.as('found'))
      .limit(1)
      .$castTo<{ found: number }>(),
  );
  return async (db, ...args) => (await query(db, ...args)).length > 0;
}

/**
 * One query per shape (a filter that changes the SQL, such as a state picking its conditions),
 * each made by `make` on first use: for compiling once a query whose shape varies.
 */
export function perShape<K, Q>(make: (shape: K) => Q): (shape: K) => Q {
  const made = new Map<K, Q>();
  return (shape) => {
    let query = made.get(shape);
    if (query === undefined) {
      query = make(shape);
      made.set(shape, query);
    }
    return query;
  };
}
