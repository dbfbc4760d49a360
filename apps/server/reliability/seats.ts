import { type Kysely, sql } from 'kysely';
import type { HttpAnswer, HttpClient, HttpRequest } from '../bench/http-client.ts';
import type { Database } from '../src/db/schema.ts';
import { PUBLIC_CACHE_MS } from '../src/platform/public-cache.ts';
import { createActivity, FULL_FORM } from '../src/testing/activity-factory.ts';
import { BASIC_FORM, createClass } from '../src/testing/class-factory.ts';
import { createTeam } from '../src/testing/team-factory.ts';
import { createBaseSlot } from '../src/testing/walk-factory.ts';
import type { Deployment } from './deployments.ts';
import type { Learner } from './learners.ts';
import type { FigureRow } from './types.ts';

/** Seats of a parent row and what its active signups hold, as stored. */
interface SeatCount {
  capacity: number;
  counter: number;
  held: number;
  rows: number;
}

/** One kind of seat learners sign up for, with its real route and its tables. */
interface SeatKind {
  name: string;
  /** Inserts a fresh parent row with `seats` places for signups; answers what requests need. */
  create(db: Kysely<Database>, seats: number, leader: Learner): Promise<Parent>;
  signup(parent: Parent): HttpRequest;
  count(db: Kysely<Database>, parent: Parent): Promise<SeatCount>;
  /** The detail a learner opens, and the seats left it shows. */
  detail(parent: Parent): { path: string; seatsLeft: (data: unknown) => number | undefined };
}

interface Parent {
  id: number;
  /** The page the detail is read from when it is not the row itself (a slot's base). */
  pageId: number;
}

const field = (data: unknown, key: string): unknown =>
  typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined;

async function countRows(
  db: Kysely<Database>,
  parent: 'classes' | 'activities' | 'base_slots' | 'teams',
  signups: 'class_signups' | 'activity_applications' | 'base_bookings' | 'team_members',
  key: 'class_id' | 'activity_id' | 'slot_id' | 'team_id',
  id: number,
): Promise<SeatCount> {
  const row = await db
    .selectFrom(parent)
    .select(['capacity', 'seats_taken'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  // A booking holds its party's seats; every other signup holds one.
  const seatsOf = signups === 'base_bookings' ? sql`party_size` : sql`1`;
  const { rows } = await sql<{ rows: number; held: number | null }>`select count(*) as rows,
      sum(case when status = 'active' then ${seatsOf} else 0 end) as held
    from ${sql.table(signups)} where ${sql.ref(key)} = ${id}`.execute(db);
  const counted = rows[0] ?? { rows: 0, held: 0 };
  return {
    capacity: Number(row.capacity),
    counter: Number(row.seats_taken),
    held: Number(counted.held ?? 0),
    rows: Number(counted.rows),
  };
}

export const SEAT_KINDS: SeatKind[] = [
  {
    name: 'class',
    create: async (db, seats) => {
      const id = await createClass(db, { capacity: seats, title: '可靠性测试班级' });
      return { id, pageId: id };
    },
    signup: (parent) => ({
      path: '/api/classes/signup',
      json: { classId: parent.id, form: BASIC_FORM },
    }),
    count: (db, parent) => countRows(db, 'classes', 'class_signups', 'class_id', parent.id),
    detail: (parent) => ({
      path: `/api/classes/detail?id=${parent.id}`,
      seatsLeft: (data) => field(data, 'seatsLeft') as number | undefined,
    }),
  },
  {
    name: 'activity',
    create: async (db, seats) => {
      const id = await createActivity(db, { capacity: seats, title: '可靠性测试活动' });
      return { id, pageId: id };
    },
    signup: (parent) => ({
      path: '/api/activities/apply',
      json: { activityId: parent.id, form: FULL_FORM },
    }),
    count: (db, parent) =>
      countRows(db, 'activities', 'activity_applications', 'activity_id', parent.id),
    detail: (parent) => ({
      path: `/api/activities/detail?id=${parent.id}`,
      seatsLeft: (data) => field(data, 'seatsLeft') as number | undefined,
    }),
  },
  {
    name: 'base slot',
    create: async (db, seats) => {
      const { slotId, placeId } = await createBaseSlot(db, { capacity: seats });
      return { id: slotId, pageId: placeId };
    },
    signup: (parent) => ({
      path: '/api/bases/book',
      json: { slotId: parent.id, partySize: 1, contactName: '王秀兰', contactPhone: '13800000001' },
    }),
    count: (db, parent) => countRows(db, 'base_slots', 'base_bookings', 'slot_id', parent.id),
    detail: (parent) => ({
      path: `/api/bases/detail?id=${parent.pageId}`,
      seatsLeft: (data) => {
        const programmes = field(data, 'programmes');
        if (!Array.isArray(programmes)) return undefined;
        for (const programme of programmes) {
          const slots = field(programme, 'slots');
          if (!Array.isArray(slots)) continue;
          const slot = slots.find((item) => field(item, 'id') === parent.id);
          if (slot) return field(slot, 'seatsLeft') as number | undefined;
        }
        return undefined;
      },
    }),
  },
  {
    name: 'team',
    // The leader holds one place of the team's capacity: `seats` are the places left to join.
    create: async (db, seats, leader) => {
      const id = await createTeam(db, leader.id, { capacity: seats + 1 });
      return { id, pageId: id };
    },
    signup: (parent) => ({ path: '/api/teams/join', json: { teamId: parent.id } }),
    count: (db, parent) => countRows(db, 'teams', 'team_members', 'team_id', parent.id),
    detail: (parent) => ({
      path: `/api/teams/detail?id=${parent.id}`,
      seatsLeft: (data) => {
        const capacity = field(data, 'capacity');
        const members = field(data, 'memberCount');
        return typeof capacity === 'number' && typeof members === 'number'
          ? capacity - members
          : undefined;
      },
    }),
  },
];

/** What one batch of answers came to. */
export interface Tally {
  accepted: number;
  conflicts: number;
  serverErrors: number;
  /** Answers that were neither success nor 409 in the envelope, with an example. */
  unexpected: number;
  example: string | null;
}

/** Sorts answers into success, 409, HTTP 5xx and anything else (a 429, a network error...). */
export function tallyOf(answers: ReadonlyArray<HttpAnswer | Error>): Tally {
  const tally: Tally = { accepted: 0, conflicts: 0, serverErrors: 0, unexpected: 0, example: null };
  for (const answer of answers) {
    if (answer instanceof Error) {
      tally.unexpected += 1;
      tally.example ??= answer.message;
      continue;
    }
    if (answer.status >= 500) {
      tally.serverErrors += 1;
      tally.example ??= `HTTP ${answer.status} ${answer.text.slice(0, 120)}`;
      continue;
    }
    let code: unknown;
    try {
      code = (JSON.parse(answer.text) as { code?: unknown }).code;
    } catch {
      code = undefined;
    }
    if (answer.status === 200 && code === 0) tally.accepted += 1;
    else if (answer.status === 200 && code === 409) tally.conflicts += 1;
    else {
      tally.unexpected += 1;
      tally.example ??= `HTTP ${answer.status} ${answer.text.slice(0, 120)}`;
    }
  }
  return tally;
}

/** Sends with the learner's token; a network error or time-out is kept as the answer. */
export function sendAs(
  client: HttpClient,
  token: string | null,
  request: HttpRequest,
): Promise<HttpAnswer | Error> {
  const headers = token
    ? { ...request.headers, authorization: `Bearer ${token}` }
    : request.headers;
  return client
    .send(
      {
        ...request,
        method: request.method ?? (request.json ? 'POST' : 'GET'),
        ...(headers ? { headers } : {}),
      },
      30_000,
    )
    .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
}

export interface SeatOptions {
  rounds: number;
  signups: number;
  seats: number;
  duplicates: number;
}

/**
 * Seats under concurrent signups on one deployment: every round makes a fresh class,
 * activity, base slot and team with `seats` places and fires `signups` signups at each (one per
 * learner, all four kinds at once, spread over the deployment's servers); then exactly `seats`
 * must be accepted, none answered 5xx, and each counter must equal its active rows. After each
 * round every server must show the seats left as stored, to a learner and to a visitor. Then
 * one learner sends `duplicates` signups of each kind at once: one row each.
 */
export async function seatRows(
  deployment: Deployment,
  learners: readonly Learner[],
  leader: Learner,
  options: SeatOptions,
  log: (line: string) => void,
): Promise<FigureRow[]> {
  const { db, clients, kind: engine } = deployment;
  const { rounds, signups, seats } = options;
  if (learners.length < signups) throw new Error(`seats need ${signups} learners`);
  const started = performance.now();
  const perKind = SEAT_KINDS.map(() => ({
    accepted: [] as number[],
    serverErrors: 0,
    unexpected: 0,
    example: null as string | null,
    counterOff: 0,
    staleShown: 0,
  }));
  let requestSeconds = 0;
  for (let round = 1; round <= rounds; round += 1) {
    const parents: Parent[] = [];
    for (const kind of SEAT_KINDS) parents.push(await kind.create(db, seats, leader));
    const began = performance.now();
    const answers = await Promise.all(
      SEAT_KINDS.map((kind, k) =>
        Promise.all(
          learners.slice(0, signups).map((learner, i) => {
            const client = clients[(i + k) % clients.length] as HttpClient;
            return sendAs(client, learner.token, kind.signup(parents[k] as Parent));
          }),
        ),
      ),
    );
    requestSeconds += (performance.now() - began) / 1000;
    for (const [k, kind] of SEAT_KINDS.entries()) {
      const figures = perKind[k] as (typeof perKind)[number];
      const parent = parents[k] as Parent;
      const tally = tallyOf(answers[k] ?? []);
      figures.accepted.push(tally.accepted);
      figures.serverErrors += tally.serverErrors;
      figures.unexpected += tally.unexpected;
      figures.example ??= tally.example;
      const count = await kind.count(db, parent);
      const expectedCounter = kind.name === 'team' ? seats + 1 : seats;
      if (count.counter !== count.held || count.counter !== expectedCounter)
        figures.counterOff += 1;
      // What each server shows right after the round, to a learner and to a visitor.
      const detail = kind.detail(parent);
      for (const client of clients) {
        for (const token of [learners[0]?.token ?? null, null]) {
          const answer = await sendAs(client, token, { path: detail.path });
          const left = answer instanceof Error ? undefined : detail.seatsLeft(dataOf(answer));
          if (left !== count.capacity - count.counter) figures.staleShown += 1;
        }
      }
      if (tally.accepted !== seats || tally.serverErrors > 0 || tally.unexpected > 0) {
        log(
          `${engine} round ${round} ${kind.name}: ${tally.accepted} accepted, ${tally.serverErrors} 5xx, ${tally.unexpected} unexpected (${tally.example ?? ''})`,
        );
      }
    }
  }
  const seconds = (performance.now() - started) / 1000;
  log(
    `${engine}: ${rounds} seat rounds in ${seconds.toFixed(1)} s (${requestSeconds.toFixed(1)} s sending)`,
  );
  const rows: FigureRow[] = SEAT_KINDS.map((kind, k) => {
    const figures = perKind[k] as (typeof perKind)[number];
    const low = Math.min(...figures.accepted);
    const high = Math.max(...figures.accepted);
    const ok =
      low === seats &&
      high === seats &&
      figures.serverErrors === 0 &&
      figures.unexpected === 0 &&
      figures.counterOff === 0 &&
      figures.staleShown === 0;
    return {
      suite: 'seats',
      engine,
      check: `${kind.name}: ${signups} signups for ${seats} seats ×${rounds}`,
      figure:
        `${low === high ? low : `${low}–${high}`} accepted/round, ${figures.serverErrors} 5xx, ` +
        `${figures.unexpected} other, counter≠rows ${figures.counterOff}, stale shown ${figures.staleShown}` +
        (figures.example ? ` (${figures.example.slice(0, 60)})` : ''),
      target: `${seats}/round, 0 5xx, 0 other, 0, 0`,
      ok,
      seconds: Number((seconds / SEAT_KINDS.length).toFixed(1)),
    };
  });
  rows.push(await duplicateRow(deployment, learners[0] as Learner, leader, options, log));
  // A seat taken on one server, read at once on the other: the visitors' list cache
  // (PUBLIC_CACHE_MS) without a shared version; nothing on the same server.
  rows.push(
    await staleProbeRow(
      deployment,
      learners[1] as Learner,
      clients.length > 1 ? PUBLIC_CACHE_MS : 0,
    ),
  );
  return rows;
}

/** One learner sending `duplicates` signups of each kind at once keeps one row of each. */
async function duplicateRow(
  deployment: Deployment,
  learner: Learner,
  leader: Learner,
  options: SeatOptions,
  log: (line: string) => void,
): Promise<FigureRow> {
  const { db, clients, kind: engine } = deployment;
  const started = performance.now();
  const parents: Parent[] = [];
  for (const kind of SEAT_KINDS) parents.push(await kind.create(db, options.seats, leader));
  const answers = await Promise.all(
    SEAT_KINDS.map((kind, k) =>
      Promise.all(
        Array.from({ length: options.duplicates }, (_, i) =>
          sendAs(
            clients[i % clients.length] as HttpClient,
            learner.token,
            kind.signup(parents[k] as Parent),
          ),
        ),
      ),
    ),
  );
  const parts: string[] = [];
  let ok = true;
  for (const [k, kind] of SEAT_KINDS.entries()) {
    const tally = tallyOf(answers[k] ?? []);
    const count = await kind.count(db, parents[k] as Parent);
    // The team's leader holds a row of their own.
    const rows = kind.name === 'team' ? count.rows - 1 : count.rows;
    const counter = kind.name === 'team' ? count.counter - 1 : count.counter;
    const good =
      rows === 1 &&
      counter === 1 &&
      tally.accepted === 1 &&
      tally.serverErrors === 0 &&
      tally.unexpected === 0;
    if (!good) {
      ok = false;
      log(`${engine} duplicates ${kind.name}: ${JSON.stringify({ ...tally, rows, counter })}`);
    }
    parts.push(`${kind.name} ${rows}`);
  }
  return {
    suite: 'seats',
    engine,
    check: `one learner, ${options.duplicates} signups at once, per kind`,
    figure: `rows: ${parts.join(', ')}${ok ? '; 1 accepted, 0 5xx each' : ''}`,
    target: '1 row, 1 accepted, 0 5xx each',
    ok,
    seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
  };
}

/** The `data` of an envelope, or undefined. */
export function dataOf(answer: HttpAnswer): unknown {
  try {
    return (JSON.parse(answer.text) as { data?: unknown }).data;
  } catch {
    return undefined;
  }
}

const MINUTE = 60_000;

/**
 * The seats left of class `id` on the first page of the visitors' list of classes taking
 * signups (报名中, soonest start first), or undefined when it is not listed there.
 */
async function listedSeatsLeft(client: HttpClient, id: number): Promise<number | undefined> {
  const query = new URLSearchParams({ page: '1', size: '10', status: '报名中' });
  const answer = await sendAs(client, null, { path: `/api/classes?${query}` });
  if (answer instanceof Error) return undefined;
  const list = field(dataOf(answer), 'list');
  if (!Array.isArray(list)) return undefined;
  const item = list.find((entry) => field(entry, 'id') === id);
  return item === undefined ? undefined : (field(item, 'seatsLeft') as number | undefined);
}

/**
 * What a learner or a visitor is shown on the other server (the same one when there is only one)
 * right after a signup takes a class's last seat: the detail must be right at once, for both;
 * the visitors' list (kept per process for `PUBLIC_CACHE_MS` when no `REDIS_URL` shares a content
 * version) must catch up within `listBoundMs`. The class starts soonest, so it leads the list.
 */
export async function staleProbeRow(
  deployment: Deployment,
  learner: Learner,
  listBoundMs: number,
): Promise<FigureRow> {
  const { db, clients, kind: engine } = deployment;
  const writer = clients[0] as HttpClient;
  const reader = clients[1 % clients.length] as HttpClient;
  const now = Date.now();
  const id = await createClass(db, {
    capacity: 1,
    title: '可靠性缓存探针班级',
    signup_start: now - MINUTE,
    signup_end: now + 5 * MINUTE,
    start_at: now + 6 * MINUTE,
    end_at: now + 60 * MINUTE,
  });
  const started = performance.now();
  const warm = await listedSeatsLeft(reader, id);
  const signup = await sendAs(
    writer,
    learner.token,
    SEAT_KINDS[0]?.signup({ id, pageId: id }) as HttpRequest,
  );
  const accepted = !(signup instanceof Error) && tallyOf([signup]).accepted === 1;
  const detail = `/api/classes/detail?id=${id}`;
  const fresh: boolean[] = [];
  for (const token of [learner.token, null]) {
    const answer = await sendAs(reader, token, { path: detail });
    fresh.push(!(answer instanceof Error) && field(dataOf(answer), 'seatsLeft') === 0);
  }
  const wrote = performance.now();
  // 0 when the first read after the signup is right (the full class listed with no seat left,
  // or no longer listed as taking signups); else until when a read sent still saw it stale.
  let staleMs = 0;
  for (;;) {
    const sent = performance.now();
    if ((await listedSeatsLeft(reader, id)) !== 1) break;
    staleMs = Math.max(1, Math.round(sent - wrote));
    if (staleMs > listBoundMs + 1_000) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const ok = warm === 1 && accepted && fresh.every(Boolean) && staleMs <= listBoundMs;
  return {
    suite: 'seats',
    engine,
    check: `seats left on ${clients.length > 1 ? 'the other' : 'the same'} server after the last seat went`,
    figure:
      `detail (learner, visitor): ${fresh.map((shown) => (shown ? 'fresh' : 'STALE')).join(', ')}; ` +
      `visitors' list stale ${staleMs} ms${warm === 1 ? '' : ' (list not warmed)'}${accepted ? '' : ' (signup refused)'}`,
    target: `fresh, fresh; list ≤ ${listBoundMs} ms`,
    ok,
    seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
  };
}
