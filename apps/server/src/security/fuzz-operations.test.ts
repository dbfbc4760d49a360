import { Ajv, type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { postAs } from '../testing/account-factory.ts';
import { createLearners } from '../testing/class-factory.ts';
import { createOperator } from '../testing/operator-factory.ts';
import { createTeam } from '../testing/team-factory.ts';
import { describeEachEngine } from '../testing/test-app.ts';
import {
  type Caller,
  type FuzzContext,
  type FuzzRequest,
  hostileRequests,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  validRequests,
} from './fuzz-inputs.ts';
import { changedTables, type TableFingerprint, tableFingerprint } from './table-fingerprint.ts';

/**
 * Fuzzing every operation (issue 17, item 4). Each operation of the OpenAPI description is sent
 * generated requests (fast-check, from its parameter and body schemas; see fuzz-inputs.ts): as a
 * visitor and as a learner with records of their own, requests it should accept and requests it
 * must refuse. On every answer: no HTTP 5xx; under /api the envelope on HTTP 200, a refusal's
 * message in Chinese, and a success's `data` valid against the declared response schema. Around
 * each batch of requests that were all refused, a fingerprint of every table (row count and
 * checksum) must not move. The operations come from the description, so a new route is fuzzed
 * without a line here, and the test fails when one was not driven.
 *
 * FUZZ_SEED (default 20261126) and FUZZ_RUNS (requests per operation, caller and kind; default
 * 9) change the run; a failure prints the operation, the request and the answer, and the seed.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const RUNS = Number(process.env.FUZZ_RUNS ?? 9);
/** Only the operations whose name (`POST /api/teams`) contains this text (to reproduce one). */
const ONLY = process.env.FUZZ_ONLY ?? '';
const DEFAULT_RUNS = process.env.FUZZ_RUNS === undefined && !ONLY;

const CHINESE = /[\u4e00-\u9fff]/;
/**
 * Successes that are not JSON: the live playlist under /media/, a certificate's PDF, a
 * participants export (Excel, CSV) and an applicant's attachment (a picture or a PDF).
 */
const RAW_TYPES =
  /^(application\/vnd\.apple\.mpegurl|application\/x-mpegurl|application\/pdf|application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet|text\/csv|image\/(jpeg|png|webp))/i;

type Mode = 'hostile' | 'valid';

interface Learner {
  id: number;
  token: string;
  teamId: number;
}

interface Figures {
  requests: number;
  accepted: number;
  refused: number;
  /** Refused requests in batches whose fingerprints were compared (all of the batch refused). */
  checkedRefused: number;
  batches: number;
  checkedBatches: number;
  relogins: number;
  /** Time spent taking fingerprints. */
  printMs: number;
}

/** A learner with records of their own: a team they lead, a favourite, history, a reading. */
async function newLearner(app: FastifyInstance): Promise<Learner> {
  const [learner] = await createLearners(app.database.db, 1);
  if (!learner) throw new Error('no learner');
  const teamId = await createTeam(app.database.db, learner.id);
  await postAs(app, learner.token, '/api/favourites', { contentType: 'course', contentId: 1 });
  await postAs(app, learner.token, '/api/history', { contentType: 'course', contentId: 2 });
  await postAs(app, learner.token, '/api/study/ebook-progress', { ebookId: 1, page: 2 });
  return { id: learner.id, token: learner.token, teamId };
}

/** A number for a string (FNV-1a), so each operation's seed is its own and stable. */
function seedOf(...parts: string[]): number {
  let hash = 0x811c9dc5 ^ SEED;
  for (const char of parts.join(' ')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

const clip = (text: string, max = 600) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

function show(request: FuzzRequest, response: LightMyRequestResponse): string {
  const payload =
    request.payload === undefined
      ? ''
      : Buffer.isBuffer(request.payload)
        ? `<${request.payload.length} bytes: ${clip(request.payload.toString('latin1'), 300)}>`
        : clip(request.payload, 300);
  return [
    `request (${request.kind}): ${request.method} ${clip(request.url, 300)}`,
    `  headers: ${clip(JSON.stringify(request.headers), 300)}`,
    ...(payload ? [`  body: ${payload}`] : []),
    `answer: HTTP ${response.statusCode} ${response.headers['content-type'] ?? ''}`,
    `  ${clip(response.body)}`,
  ].join('\n');
}

/**
 * The schema with `null` added to the `enum` of every `nullable` schema: OpenAPI 3.0's
 * `nullable: true` adds null to the allowed values, which JSON Schema's `enum` alone does not.
 */
function withNullEnums<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(withNullEnums) as T;
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, withNullEnums(value)]),
  ) as Record<string, unknown>;
  if (copy.nullable === true && Array.isArray(copy.enum) && !copy.enum.includes(null)) {
    copy.enum = [...copy.enum, null];
  }
  return copy as T;
}

/** How long an answer may take before the request counts as hanging. */
const ANSWER_WITHIN_MS = 10_000;

async function answerOf(app: FastifyInstance, request: FuzzRequest) {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `no answer within ${ANSWER_WITHIN_MS / 1000} s\nrequest (${request.kind}): ${request.method} ${clip(request.url, 300)}\n  headers: ${clip(JSON.stringify(request.headers), 300)}`,
          ),
        ),
      ANSWER_WITHIN_MS,
    );
  });
  try {
    return await Promise.race([
      app.inject({
        method: request.method,
        url: request.url,
        headers: request.headers,
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      }),
      hung,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

interface Verdict {
  problem: string | null;
  accepted: boolean;
}

/** What is wrong with an answer of `operation`, if anything, and whether it accepted. */
function judge(
  operation: Operation,
  response: LightMyRequestResponse,
  validate: ValidateFunction | null,
): Verdict {
  const status = response.statusCode;
  if (status >= 500) return { problem: `HTTP ${status}`, accepted: false };
  if (!operation.api) {
    // The account center's pages: a redirect is a success (a ticket, an account).
    return { problem: null, accepted: status >= 300 && status < 400 };
  }
  const type = String(response.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) {
    if (!validate && status === 200 && RAW_TYPES.test(type))
      return { problem: null, accepted: true };
    return { problem: `not JSON (${type || 'no content-type'})`, accepted: false };
  }
  let envelope: { code?: unknown; message?: unknown; data?: unknown };
  try {
    envelope = JSON.parse(response.body);
  } catch {
    return { problem: 'a JSON type, but not JSON', accepted: false };
  }
  if (
    typeof envelope !== 'object' ||
    envelope === null ||
    !Number.isInteger(envelope.code) ||
    typeof envelope.message !== 'string' ||
    !('data' in envelope)
  ) {
    return { problem: 'not the envelope {code, message, data}', accepted: false };
  }
  if (status !== 200) return { problem: `HTTP ${status} under /api`, accepted: false };
  if (envelope.code !== 0) {
    return CHINESE.test(envelope.message)
      ? { problem: null, accepted: false }
      : { problem: `a refusal without a Chinese message`, accepted: false };
  }
  if (validate && !validate(envelope.data)) {
    return {
      problem: `data does not match the response schema: ${JSON.stringify(validate.errors?.slice(0, 3))}`,
      accepted: true,
    };
  }
  return { problem: null, accepted: true };
}

describeEachEngine('every operation of the OpenAPI description, fuzzed', (ctx) => {
  let app: FastifyInstance;
  let operations: Operation[];
  let prints: TableFingerprint;
  let context: FuzzContext;
  let learner: Learner;
  /** A 超级管理员: the console's operations are fuzzed as one too (every role, every site). */
  let operatorToken: string;
  const ajv = new Ajv({ strict: false, allErrors: false });

  beforeAll(async () => {
    app = ctx().app;
    operations = operationsOf(app.swagger() as unknown as OpenApiDocument);
    learner = await newLearner(app);
    operatorToken = (await createOperator(app, [{ site: null, role: 'super_admin' }])).token;
    const sites = await app.database.db.selectFrom('sites').select('key').execute();
    context = {
      ids: [1, 2, 3, learner.id, learner.teamId],
      siteKeys: sites.map((site) => site.key),
    };
    prints = await tableFingerprint(app);
    return () => prints.close();
  });

  it('answers every generated request in the envelope, without a 5xx or a refused write', async () => {
    const started = Date.now();
    const figures: Figures = {
      requests: 0,
      accepted: 0,
      refused: 0,
      checkedRefused: 0,
      batches: 0,
      checkedBatches: 0,
      relogins: 0,
      printMs: 0,
    };
    const take = async () => {
      // What the app writes later by design (the views and searched terms it tallies, every
      // few seconds) is written now: counted against the requests that made it, never against
      // a later refused one that happens to run while a timer fires.
      await app.articles.flushViews();
      await app.searches.flushTerms();
      const started = performance.now();
      const print = await prints.take();
      figures.printMs += performance.now() - started;
      return print;
    };
    const failures: string[] = [];
    const driven = new Set<string>();
    /** The fingerprint after the last batch, while nothing else has run since. */
    let latest: Map<string, string> | null = null;

    for (const operation of operations) {
      if (ONLY && !operation.name.includes(ONLY)) continue;
      const validate = operation.response ? ajv.compile(withNullEnums(operation.response)) : null;
      const callers = operation.name.includes(' /api/admin/')
        ? (['visitor', 'learner', 'operator'] as const)
        : (['visitor', 'learner'] as const);
      for (const who of callers) {
        for (const mode of ['hostile', 'valid'] as Mode[]) {
          const caller: Caller = {
            token: who === 'learner' ? learner.token : who === 'operator' ? operatorToken : null,
          };
          const requests =
            mode === 'hostile'
              ? hostileRequests(operation, caller, context)
              : validRequests(operation, caller, context);
          // A fingerprint is almost free while nothing is written: each hostile request is
          // checked on its own; valid ones, which write when accepted, by the batch.
          const perRequest = mode === 'hostile';
          const before = latest ?? (await take());
          let accepted = 0;
          let refused = 0;
          const seed = seedOf(operation.name, who, mode);
          try {
            await fc.assert(
              fc.asyncProperty(requests, async (request) => {
                const ahead = perRequest ? await take() : null;
                const response = await answerOf(app, request);
                figures.requests += 1;
                driven.add(`${operation.name} ${who}`);
                const verdict = judge(operation, response, validate);
                if (verdict.accepted) accepted += 1;
                else refused += 1;
                if (verdict.problem) {
                  throw new Error(`${verdict.problem}\n${show(request, response)}`);
                }
                if (ahead && !verdict.accepted) {
                  figures.checkedRefused += 1;
                  const changed = changedTables(ahead, await take());
                  if (changed.length > 0) {
                    throw new Error(
                      `a refused request wrote: ${changed.join('; ')}\n${show(request, response)}`,
                    );
                  }
                }
              }),
              { seed, numRuns: RUNS, endOnFailure: true },
            );
          } catch (error) {
            // fast-check's report names the counterexample; ours (the cause) shows it readably.
            const cause = (error as Error).cause;
            const report = cause instanceof Error ? cause.message : (error as Error).message;
            failures.push(
              `${operation.name} as ${who} (${mode}; FUZZ_SEED=${SEED}, seed ${seed}):\n${report}`,
            );
          }
          figures.accepted += accepted;
          figures.refused += refused;
          figures.batches += 1;
          const after = await take();
          latest = after;
          if (accepted === 0) {
            figures.checkedBatches += 1;
            if (!perRequest) figures.checkedRefused += refused;
            const changed = changedTables(before, after);
            if (changed.length > 0) {
              failures.push(
                `${operation.name} as ${who} (${mode}; seed ${seed}): ${refused} refused requests wrote:\n  ${changed.join('\n  ')}`,
              );
            }
          }
        }
        // Some operations end the learner's session or account (log out, delete, sign out
        // devices): carry on as a new learner with records of their own.
        if (who === 'learner') {
          latest = null;
          const me = await app.inject({
            url: '/api/account/me',
            headers: { authorization: `Bearer ${learner.token}` },
          });
          if (me.json().code !== 0) {
            learner = await newLearner(app);
            context.ids.push(learner.id, learner.teamId);
            figures.relogins += 1;
          }
        }
      }
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(
      `fuzz [${ctx().engine}]: ${operations.length} operations, ${figures.requests} requests ` +
        `(${figures.accepted} accepted, ${figures.refused} refused); no write by ` +
        `${figures.checkedRefused} refused requests (each hostile one on its own, and ` +
        `${figures.checkedBatches} of ${figures.batches} batches all refused); ` +
        `${figures.relogins} new learners; ${seconds} s (fingerprints ` +
        `${(figures.printMs / 1000).toFixed(1)} s); FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`,
    );
    expect(failures.slice(0, 15).join('\n\n')).toBe('');
    // Every operation the description lists was driven, as a visitor and as a learner (and the
    // console's as an operator).
    const missing = operations
      .filter((operation) => operation.name.includes(ONLY))
      .flatMap((operation) =>
        (operation.name.includes(' /api/admin/')
          ? ['visitor', 'learner', 'operator']
          : ['visitor', 'learner']
        )
          .map((who) => `${operation.name} ${who}`)
          .filter((name) => !driven.has(name)),
      );
    expect(missing).toEqual([]);
    if (DEFAULT_RUNS) expect(figures.requests).toBeGreaterThanOrEqual(5000);
  }, 240_000);
});
