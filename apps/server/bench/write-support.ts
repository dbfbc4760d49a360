import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO_PASSWORD, LEARNERS_PER_SCALE } from '../src/seed/seed.ts';
import { type MultipartFile, multipart } from '../src/testing/activity-factory.ts';
import { callApi, type HttpClient, type HttpRequest } from './http-client.ts';
import { IdleRing } from './open-loop.ts';
import {
  bearer,
  isRecord,
  type Learner,
  type OpenContext,
  type OpenTarget,
  type Send,
  sendApi,
} from './open-targets.ts';

// What the write targets (`write-targets*.ts`) share: their shape, their rates where the
// server's own rules bound them, cycles of requests per key, and the requests a browser makes
// that are not JSON (the account center's forms, uploads).

/** A target of the write operations: an open-loop target that names what it calls. */
export interface WriteTarget extends OpenTarget {
  /**
   * The operations of the OpenAPI description its requests call (`POST /api/teams`): what
   * `coverage.test.ts` counts as benched, and what the closed loop checks it sent.
   */
  operations: readonly string[];
  /**
   * The most requests one run (warm-up included) may send before a rate limit refuses them by
   * design (per learner and hour, say): the closed loop stops the target there and reports the
   * rate of the requests it sent. None: the limits allow far more than a run sends.
   */
  budget?: number;
}

/**
 * Password hashes (scrypt, some 35 ms of CPU each by design, so that a stolen hash is slow to
 * crack) a second that the targets bound by them ask of the server: two cores hash a few dozen
 * a second at most, so the 300 requests a second cannot be met by a login, a
 * registration, a password change or an account deletion, however the server is written. Their
 * targets send as many requests a second as come with this many hashes.
 */
export const HASHES_PER_SECOND = 10;

/**
 * Actions a second of the seed's one staff account (the organisers' check-in account, the
 * delivery staff): the check-in and delivery limits allow one account 120 a minute (a person at
 * a door scans a code every few seconds), so a run at any length stays under them at 1.5.
 */
export const STAFF_ACTIONS_PER_SECOND = 1.5;

/** One request of a key's cycle: sends it for `state` and answers the problem, or null. */
export type Step<S> = (state: S) => Promise<string | null>;

/**
 * A target's `send` that says how many requests it can have out at once (its keys), and the
 * budget its setup found (e.g. from the authors it found), which takes over from the target's.
 */
export type KeyedSend = Send & { keys?: number; budget?: number };

/**
 * Keys (a learner, a learner and an item) that each go through `steps` in turn: sign up, then
 * cancel; create, use, delete. A request takes the next idle key ({@link IdleRing}: never two
 * requests of a key at once, so a step never overtakes the one before) and sends its next step;
 * a failed step is sent again on the key's next turn. With every key busy, the request waits
 * for the first one answered, as a person waits for an answer before the next tap: in the open
 * loop its latency still runs from when it was due; in the closed loop the keys bound how many
 * requests are out at once.
 */
export function cycle<S>(states: readonly S[], steps: readonly Step<S>[], what: string): KeyedSend {
  if (states.length === 0) throw new Error(`no ${what} to cycle through`);
  const ring = new IdleRing(states.length);
  const next = new Array<number>(states.length).fill(0);
  const waiting: Array<(key: number) => void> = [];
  const release = (key: number) => {
    const waiter = waiting.shift();
    if (waiter) waiter(key);
    else ring.release(key);
  };
  const send: Send = async () => {
    const key = ring.take() ?? (await new Promise<number>((resolve) => waiting.push(resolve)));
    try {
      const state = states[key] as S;
      const done = next[key] ?? 0;
      const problem = await (steps[done % steps.length] as Step<S>)(state);
      if (problem === null) next[key] = done + 1;
      return problem;
    } catch (error) {
      return `step failed: ${error instanceof Error ? error.message : String(error)}`;
    } finally {
      release(key);
    }
  };
  return Object.assign(send, { keys: states.length });
}

/** Most keys a target of (learner, item) pairs keeps: about two per learner of the seed. */
export const MAX_PAIRS = 400;

/**
 * (learner, item) pairs spread evenly over the learners: item k takes learners from the k-th
 * part of the pool on (those not `skip`ped, at most `limit(item)`), and the items' pairs are
 * interleaved, so the pairs in turn are of different learners and items and no learner holds
 * many more pairs than another (the rate limits count per learner); at most `max` pairs.
 */
export function spreadPairs<T>(
  pool: readonly Learner[],
  items: readonly T[],
  {
    limit = () => Infinity,
    skip = () => false,
    max = MAX_PAIRS,
  }: {
    limit?: (item: T) => number;
    skip?: (learner: Learner, item: T) => boolean;
    max?: number;
  } = {},
): Array<{ learner: Learner; item: T }> {
  const step = Math.max(1, Math.floor(pool.length / Math.max(1, items.length)));
  const perItem = items.map((item, k) => {
    const start = (k * step) % pool.length;
    return [...pool.slice(start), ...pool.slice(0, start)]
      .filter((learner) => !skip(learner, item))
      .slice(0, Math.max(0, limit(item)))
      .map((learner) => ({ learner, item }));
  });
  const pairs: Array<{ learner: Learner; item: T }> = [];
  for (let round = 0; perItem.some((list) => round < list.length); round += 1) {
    for (const list of perItem) {
      const pair = list[round];
      if (pair) pairs.push(pair);
    }
  }
  return pairs.slice(0, max);
}

/**
 * Keys that go through `steps` once each (a check-in cannot be undone): `group` keys at a time,
 * in step (the group's first steps, then their second ...), then the next group. The keys of a
 * group are out at once; a step waits for its key's step before (see {@link cycle}).
 */
export function onceEach<S>(
  states: readonly S[],
  steps: readonly Step<S>[],
  group: number,
  what: string,
): KeyedSend {
  const keys = states.map((state) => cycle([state], steps, what));
  const send: Send = (index) => {
    const round = Math.floor(index / (group * steps.length));
    const key = keys[round * group + (index % group)];
    return key ? key(index) : Promise.resolve(`all ${states.length} ${what} done`);
  };
  return Object.assign(send, { keys: group });
}

/**
 * Learners `from` to `to - 1` of the seed's generated ones, logged in. All of them are logged in
 * at the first call, before any target changes a password or a login name.
 */
export async function learnerSlice(
  { learners }: OpenContext,
  from = 0,
  to = LEARNERS_PER_SCALE,
): Promise<Learner[]> {
  return (await learners(LEARNERS_PER_SCALE)).slice(from, to);
}

let addressesGiven = 0;

/**
 * A loopback address no request of this process came from yet (127.10.0.1, 127.10.0.2, ...):
 * limits per address (registrations, verification codes, certificate checks) count requests
 * sent from it as those of another person, as the callers of a real site are.
 */
export function freshAddress(): string {
  const n = addressesGiven;
  addressesGiven += 1;
  return `127.${10 + Math.floor(n / (254 * 256))}.${Math.floor(n / 254) % 256}.${1 + (n % 254)}`;
}

/** A POST of `json` (or of nothing) by `learner`, checked with `checkData` (see `sendApi`). */
export function post(
  http: HttpClient,
  learner: Learner,
  path: string,
  json: unknown,
  checkData: (data: unknown) => string | null,
): Promise<string | null> {
  return sendApi(http, { method: 'POST', path, headers: bearer(learner), json }, checkData);
}

/** A GET by `learner` (or a visitor), checked with `checkData`. */
export function get(
  http: HttpClient,
  learner: Learner | null,
  path: string,
  checkData: (data: unknown) => string | null,
): Promise<string | null> {
  return sendApi(http, { path, headers: learner ? bearer(learner) : undefined }, checkData);
}

/** Null when `ok`, else what was expected. */
export const expect = (ok: boolean, what: string): string | null =>
  ok ? null : `expected ${what}`;

/** The check of an answer without data (`data: null`). */
export const noData = (data: unknown) => expect(data === null, 'no data');

/** The check of a page (`{ list }`). */
export const aPage = (data: unknown) =>
  expect(isRecord(data) && Array.isArray(data.list), 'a page');

/** A URL-encoded form, as a browser submits the account center's. */
export const formBody = (fields: Record<string, string>): HttpRequest['body'] => ({
  type: 'application/x-www-form-urlencoded',
  data: new URLSearchParams(fields).toString(),
});

/** A multipart/form-data body of text fields and files, as a browser uploads them. */
export function multipartBody(
  fields: Record<string, string>,
  files: MultipartFile[],
): HttpRequest['body'] {
  const { payload, headers } = multipart(fields, files);
  return { type: headers['content-type'], data: payload };
}

let picture: Promise<Buffer> | null = null;

/** A small real PNG (uploads are decoded and resized, so a forged header would be refused). */
export function pngPicture(): Promise<Buffer> {
  picture ??= sharp({
    create: { width: 96, height: 96, channels: 3, background: { r: 22, g: 100, b: 255 } },
  })
    .png()
    .toBuffer();
  return picture;
}

/** Where the account center sends the browser back to: this site's own page. */
export const callbackOf = (http: HttpClient) => `${http.origin}/authPage`;

/**
 * Submits the account center's login or registration form; answers the one-time ticket of its
 * redirect, or what is wrong.
 */
export async function submitForm(
  http: HttpClient,
  form: 'login' | 'register',
  fields: Record<string, string>,
  localAddress?: string,
): Promise<{ ticket: string } | { problem: string }> {
  try {
    const answer = await http.send({
      method: 'POST',
      path: `/sso/${form}`,
      body: formBody({ ...fields, callback: callbackOf(http) }),
      localAddress,
    });
    const location = answer.headers.location;
    const ticket = location ? new URL(location, http.origin).searchParams.get('ticket') : null;
    if (answer.status !== 302 || !ticket) {
      return {
        problem: `POST /sso/${form} answered ${answer.status}, not a redirect with a ticket`,
      };
    }
    return { ticket };
  } catch (error) {
    return { problem: `request failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** The token of a ticket's exchange (`POST /api/account/login`), or what is wrong. */
export async function exchangeTicket(
  http: HttpClient,
  ticket: string,
): Promise<{ token: string } | { problem: string }> {
  let token = '';
  const problem = await sendApi(
    http,
    { method: 'POST', path: '/api/account/login', json: { ticket } },
    (data) => {
      token = isRecord(data) && typeof data.token === 'string' ? data.token : '';
      return expect(token !== '', 'a token');
    },
  );
  return problem === null ? { token } : { problem };
}

/** Logs `username` in through the account center's form (for setups): answers a token. */
export async function logIn(
  http: HttpClient,
  username: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const form = await submitForm(http, 'login', { username, password });
  if ('problem' in form) throw new Error(`logging ${username} in: ${form.problem}`);
  const exchange = await exchangeTicket(http, form.ticket);
  if ('problem' in exchange) throw new Error(`logging ${username} in: ${exchange.problem}`);
  return exchange.token;
}

/** The account ids of `learners` (`GET /api/account/me`), in their order. */
export async function accountIds(http: HttpClient, learners: readonly Learner[]) {
  const ids: number[] = [];
  for (const learner of learners) {
    const me = await callApi<{ id: number }>(http, {
      path: '/api/account/me',
      headers: bearer(learner),
    });
    ids.push(me.id);
  }
  return ids;
}

/**
 * The verification codes the server sent (`CODE_SENDER=file`: one JSON line a code in
 * `DATA_DIR/sent-codes.log`), read as the file grows: what a learner would read on their phone.
 */
export class CodeInbox {
  private readonly latest = new Map<string, string>();
  private offset = 0;
  private partial = '';
  private reading: Promise<void> = Promise.resolve();

  constructor(private readonly file: string) {}

  static of(context: OpenContext): CodeInbox {
    if (!context.dataDir) throw new Error('the server under test has no data dir to read codes');
    return new CodeInbox(path.join(context.dataDir, 'sent-codes.log'));
  }

  /** The latest code sent to `phone` (the send was answered, so it is in the file). */
  async codeFor(phone: string): Promise<string | undefined> {
    this.reading = this.reading.then(() => this.readNew());
    await this.reading;
    return this.latest.get(phone);
  }

  private async readNew() {
    const handle = await fs.promises.open(this.file, 'r').catch(() => null);
    if (!handle) return;
    try {
      const { size } = await handle.stat();
      if (size <= this.offset) return;
      const buffer = Buffer.alloc(size - this.offset);
      await handle.read(buffer, 0, buffer.length, this.offset);
      this.offset = size;
      const lines = (this.partial + buffer.toString('utf8')).split('\n');
      this.partial = lines.pop() ?? '';
      for (const line of lines) {
        const sent = JSON.parse(line) as { phone: string; code: string };
        this.latest.set(sent.phone, sent.code);
      }
    } finally {
      await handle.close();
    }
  }
}

/**
 * Settings the server under test needs for the write targets: codes written where the bench
 * reads them (`CODE_SENDER=file`), and the server's own account center as its external identity
 * provider (as a portal trusting it would use it), so identities can be bound and unbound.
 */
export function writeServerEnv(port: number): NodeJS.ProcessEnv {
  const origin = `http://127.0.0.1:${port}`;
  return {
    CODE_SENDER: 'file',
    EXTERNAL_IDP_NAME: '统一身份认证',
    EXTERNAL_IDP_LOGIN_URL: `${origin}/sso/login`,
    EXTERNAL_IDP_VALIDATE_URL: `${origin}/api/sso/validate`,
  };
}
