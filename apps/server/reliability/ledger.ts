import type { Kysely } from 'kysely';
import type { HttpClient } from '../bench/http-client.ts';
import type { Database } from '../src/db/schema.ts';
import { listUnbalanced } from '../src/modules/points/points.queries.ts';
import { createCourse } from '../src/testing/course-factory.ts';
import type { Deployment } from './deployments.ts';
import type { Learner } from './learners.ts';
import { sendAs, tallyOf } from './seats.ts';
import type { FigureRow } from './types.ts';

export interface LedgerOptions {
  rounds: number;
  /** Distinct idempotency keys per round: one learner's completion of one lesson each. */
  keys: number;
  /** Times each key's deed is reported at once (each learner sends this many). */
  replays: number;
}

async function ledgerRows(db: Kysely<Database>) {
  const row = await db
    .selectFrom('points_ledger')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The points ledger under replayed deeds on one deployment. Each round makes a course of two
 * article lessons and has `keys` learners (fresh each round, so the daily cap of 10 lessons is
 * never what stops an award) report the first lesson `replays` times at once, through
 * `POST /api/study/progress` spread over the servers: an article lesson is complete on its
 * first report, which awards 完成课时 under the key `lesson.complete:<lesson>:<user>`, so the
 * `keys × replays` requests must add exactly `keys` ledger rows (the course stays incomplete,
 * no time is credited: nothing else awards), every request answers success, none 5xx, and every
 * balance equals its ledger sum after every round.
 */
export async function ledgerRowsOf(
  deployment: Deployment,
  learners: readonly Learner[],
  options: LedgerOptions,
  log: (line: string) => void,
): Promise<FigureRow[]> {
  const { db, clients, kind: engine } = deployment;
  const { rounds, keys, replays } = options;
  if (learners.length < rounds * keys)
    throw new Error(`the ledger needs ${rounds * keys} learners`);
  const started = performance.now();
  const added: number[] = [];
  let serverErrors = 0;
  let refused = 0;
  let unbalancedRounds = 0;
  let example: string | null = null;
  for (let round = 0; round < rounds; round += 1) {
    const course = await createCourse(db, {
      title: `可靠性积分课程${round + 1}`,
      chapters: [
        {
          title: '第一章',
          lessons: [
            { title: '图文一', kind: 'article' },
            { title: '图文二', kind: 'article' },
          ],
        },
      ],
    });
    const lessonId = course.lessonIds[0] as number;
    const group = learners.slice(round * keys, (round + 1) * keys);
    const before = await ledgerRows(db);
    const answers = await Promise.all(
      Array.from({ length: keys * replays }, (_, i) => {
        const learner = group[i % keys] as Learner;
        const client = clients[Math.floor(i / keys) % clients.length] as HttpClient;
        return sendAs(client, learner.token, {
          method: 'POST',
          path: '/api/study/progress',
          json: { lessonId, courseId: course.id, positionSeconds: 0, watchedSeconds: 0 },
        });
      }),
    );
    const tally = tallyOf(answers);
    serverErrors += tally.serverErrors;
    refused += tally.conflicts + tally.unexpected;
    example ??= tally.example;
    added.push((await ledgerRows(db)) - before);
    const unbalanced = await listUnbalanced(db);
    if (unbalanced.length > 0) {
      unbalancedRounds += 1;
      log(`${engine} ledger round ${round + 1}: ${unbalanced.length} balances off their ledger`);
    }
  }
  const low = Math.min(...added);
  const high = Math.max(...added);
  const ok =
    low === keys && high === keys && serverErrors === 0 && refused === 0 && unbalancedRounds === 0;
  return [
    {
      suite: 'ledger',
      engine,
      check: `${keys * replays} awards replaying ${keys} keys ×${rounds} (study progress)`,
      figure:
        `${low === high ? low : `${low}–${high}`} rows/round, ${serverErrors} 5xx, ${refused} refused, ` +
        `balance≠sum in ${unbalancedRounds} rounds${example ? ` (${example.slice(0, 60)})` : ''}`,
      target: `${keys}/round, 0 5xx, 0 refused, 0`,
      ok,
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    },
  ];
}

/**
 * The daily sign-in under replay on one deployment: `keys` learners (none signed in today yet)
 * each start the app `replays` times at once, `GET /api/account/refresh-token` spread over the
 * servers. Every refresh records the day's sign-in under the key `login:<day>:<user>`, so the
 * ledger must grow by exactly `keys` rows, every refresh must answer a new token, none 5xx, and
 * every balance must equal its ledger sum. The learners' tokens are retired by it: run it last.
 */
export async function signinRowOf(
  deployment: Deployment,
  learners: readonly Learner[],
  options: { keys: number; replays: number },
): Promise<FigureRow> {
  const { db, clients, kind: engine } = deployment;
  const { keys, replays } = options;
  const group = learners.slice(-keys);
  const started = performance.now();
  const before = await ledgerRows(db);
  const answers = await Promise.all(
    Array.from({ length: keys * replays }, (_, i) => {
      const learner = group[i % keys] as Learner;
      const client = clients[Math.floor(i / keys) % clients.length] as HttpClient;
      return sendAs(client, learner.token, { path: '/api/account/refresh-token' });
    }),
  );
  const tally = tallyOf(answers);
  // A refresh with a live token answers a new one; `data: null` would mean it was refused.
  const withToken = answers.filter(
    (answer) => !(answer instanceof Error) && /"data":"[^"]+"/.test(answer.text),
  ).length;
  const added = (await ledgerRows(db)) - before;
  const unbalanced = (await listUnbalanced(db)).length;
  const ok =
    added === keys && tally.serverErrors === 0 && withToken === keys * replays && unbalanced === 0;
  return {
    suite: 'ledger',
    engine,
    check: `${keys * replays} daily sign-ins replaying ${keys} keys (refresh-token)`,
    figure:
      `${added} rows, ${tally.serverErrors} 5xx, ${keys * replays - withToken} without a new token, ` +
      `${unbalanced} balances≠sum${tally.example ? ` (${tally.example.slice(0, 60)})` : ''}`,
    target: `${keys}, 0 5xx, 0, 0`,
    ok,
    seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
  };
}
