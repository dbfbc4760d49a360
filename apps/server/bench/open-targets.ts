import { type SignupField, validateSignupForm } from '@portal/contract';
import { apiProblem, callApi, type HttpClient, type HttpRequest } from './http-client.ts';
import { loginLearner } from './learner-login.ts';
import { IdleRing } from './open-loop.ts';
import { type BenchTarget, TARGETS } from './targets.ts';

// What `npm run bench -- --open` measures: each target at a constant rate, every answer checked
// (HTTP 2xx and a `{code: 0}` envelope with the expected data). To bench another endpoint in
// the open loop, add an entry to OPEN_TARGETS.

/** The rates on this 2-core machine, requests per second. */
export const READ_RATE = 1000;
export const WRITE_RATE = 300;
/** The limits: a run fails when a target's p99 (from the intended send time) is above. */
export const READ_P99_MS = 50;
export const WRITE_P99_MS = 100;
/**
 * The floor (a bare Fastify hello world) at the read rate: above this the load generator or the
 * machine cannot keep the schedule, and no figure of the run can be trusted.
 */
export const FLOOR_P99_MS = 10;

/** A learner of the seed, logged in through the real SSO flow. */
export interface Learner {
  username: string;
  token: string;
}

/** What a target's setup gets from the runner. */
export interface OpenContext {
  /** Keep-alive HTTP to the server under test (or the floor). */
  http: HttpClient;
  /** `count` learners of the seed, logged in (the same ones on every call, in the same order). */
  learners(count: number): Promise<Learner[]>;
  /** Origin of the server under test (for a login through its account center). */
  origin: string;
  /** The server's `DATA_DIR` (where it writes the codes it sends), when the runner knows it. */
  dataDir?: string;
}

/** Sends request `index` and answers what is wrong with the answer, or null; never rejects. */
export type Send = (index: number) => Promise<string | null>;

export interface OpenTarget {
  name: string;
  /** Requests per second. */
  rate: number;
  /** The run fails when the p99 latency is above this, ms. */
  p99Ms: number;
  /** Prepares the run (logs in, picks the items) and answers how to send request `index`. */
  setup(context: OpenContext): Promise<Send>;
}

/** Sends `request` and checks the answer as an API success whose data passes `checkData`. */
export async function sendApi(
  http: HttpClient,
  request: HttpRequest,
  checkData: (data: unknown) => string | null,
): Promise<string | null> {
  try {
    return apiProblem(await http.send(request), checkData);
  } catch (error) {
    return `request failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}

export const bearer = (learner: Learner) => ({ authorization: `Bearer ${learner.token}` });

/** `index` round-robin over `items`. */
export const pick = <T>(items: readonly T[], index: number): T => {
  const item = items[index % items.length];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
};

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * A read of the closed-loop bench (`targets.ts`), the same request, headers (its setup's too,
 * e.g. the demo learner's token) and check, at the read rate; a `raw` one (a file) checks the
 * body's text.
 */
export function openRead(target: BenchTarget): OpenTarget {
  if ((target.method ?? 'GET') !== 'GET') {
    throw new Error(`"${target.name}" is not a read`);
  }
  return {
    name: target.name,
    rate: READ_RATE,
    p99Ms: READ_P99_MS,
    setup: async ({ http, origin }) => {
      const login = (username?: string) => loginLearner(origin, username);
      const headers = {
        ...target.headers,
        ...(target.setup ? await target.setup({ origin, login }) : {}),
      };
      // A file is read as bytes (its size and first bytes), as the closed loop reads it.
      const request = { path: target.path, headers, binary: target.raw === true };
      return async () => {
        try {
          const answer = await http.send(request);
          if (answer.status < 200 || answer.status >= 300) return `answered ${answer.status}`;
          return target.check(target.raw ? answer.file : JSON.parse(answer.text));
        } catch (error) {
          return `request failed: ${error instanceof Error ? error.message : String(error)}`;
        }
      };
    },
  };
}

/** The read of `targets.ts` named `name`, in the open loop. */
function closedRead(name: string): OpenTarget {
  const target = TARGETS.find((candidate) => candidate.name === name);
  if (!target) throw new Error(`targets.ts has no target named "${name}"`);
  return openRead(target);
}

/** The ids of the first page of the site's courses, newest first. */
export async function firstCourseIds(http: HttpClient): Promise<number[]> {
  const page = await callApi<{ list: Array<{ id: number }> }>(http, {
    path: '/api/courses?page=1&size=20',
  });
  if (page.list.length === 0) throw new Error('the seed has no course');
  return page.list.map((course) => course.id);
}

/** The floor at the read rate (`bench/hello.ts`). */
export const OPEN_FLOOR: OpenTarget = {
  name: 'floor: fastify hello',
  rate: READ_RATE,
  p99Ms: FLOOR_P99_MS,
  setup: async ({ http }) => {
    return async () => {
      try {
        const answer = await http.send({ path: '/' });
        return answer.status === 200 && answer.text === '{"hello":"world"}'
          ? null
          : `expected {"hello":"world"}, got ${answer.status} ${answer.text.slice(0, 80)}`;
      } catch (error) {
        return `request failed: ${error instanceof Error ? error.message : String(error)}`;
      }
    };
  },
};

/** Learners the write targets (and the learner read) spread over. */
const LEARNERS = 40;

/** The real server's targets, in this order after the floor: reads, then writes. */
export const OPEN_TARGETS: OpenTarget[] = [
  closedRead('home'),
  closedRead('course list (first page)'),
  closedRead('activity list (first page)'),
  closedRead('e-book list (first page)'),
  {
    // Visitors opening the newest courses; each opening also counts a view.
    name: 'course detail (20 courses)',
    rate: READ_RATE,
    p99Ms: READ_P99_MS,
    setup: async ({ http }) => {
      const ids = await firstCourseIds(http);
      return (index) => {
        const id = pick(ids, index);
        return sendApi(http, { path: `/api/courses/detail?id=${id}` }, (data) =>
          isRecord(data) && data.id === id && Array.isArray(data.chapters)
            ? null
            : `expected course ${id} with its chapters`,
        );
      };
    },
  },
  {
    name: `my courses (${LEARNERS} learners)`,
    rate: READ_RATE,
    p99Ms: READ_P99_MS,
    setup: async ({ http, learners }) => {
      const pool = await learners(LEARNERS);
      return (index) =>
        sendApi(
          http,
          {
            path: '/api/study/courses?state=learning&page=1&size=20',
            headers: bearer(pick(pool, index)),
          },
          (data) =>
            isRecord(data) && Array.isArray(data.list) ? null : 'expected a page of my courses',
        );
    },
  },
  {
    // Each (learner, course) pair in turn is favourited, and unfavourited the next time round.
    name: `favourite add/remove (${LEARNERS}x20)`,
    rate: WRITE_RATE,
    p99Ms: WRITE_P99_MS,
    setup: async ({ http, learners }) => {
      const [pool, ids] = await Promise.all([learners(LEARNERS), firstCourseIds(http)]);
      const pairs = pool.flatMap((learner) => ids.map((id) => ({ learner, id })));
      return (index) => {
        const { learner, id } = pick(pairs, index);
        const add = Math.floor(index / pairs.length) % 2 === 0;
        return sendApi(
          http,
          {
            method: 'POST',
            path: add ? '/api/favourites' : '/api/favourites/remove',
            headers: bearer(learner),
            json: { contentType: 'course', contentId: id },
          },
          (data) =>
            isRecord(data) && data.favourited === add ? null : `expected favourited: ${add}`,
        );
      };
    },
  },
  {
    // Players of different learners reporting on video lessons of the newest courses.
    name: `lesson progress (${LEARNERS} learners)`,
    rate: WRITE_RATE,
    p99Ms: WRITE_P99_MS,
    setup: async ({ http, learners }) => {
      const [pool, lessons] = await Promise.all([learners(LEARNERS), videoLessons(http)]);
      return (index) => {
        const lesson = pick(lessons, Math.floor(index / pool.length));
        return sendApi(
          http,
          {
            method: 'POST',
            path: '/api/study/progress',
            headers: bearer(pick(pool, index)),
            json: {
              lessonId: lesson.id,
              courseId: lesson.courseId,
              positionSeconds: index % 60,
              watchedSeconds: 5,
              durationSeconds: 60,
            },
          },
          (data) =>
            isRecord(data) && data.lessonId === lesson.id ? null : `expected lesson ${lesson.id}`,
        );
      };
    },
  },
  {
    name: 'class signup/cancel',
    rate: WRITE_RATE,
    p99Ms: WRITE_P99_MS,
    setup: classSignupSetup,
  },
];

/** Video lessons of the newest courses. */
export async function videoLessons(
  http: HttpClient,
): Promise<Array<{ id: number; courseId: number }>> {
  const lessons: Array<{ id: number; courseId: number }> = [];
  for (const courseId of await firstCourseIds(http)) {
    const detail = await callApi<{
      chapters: Array<{ lessons: Array<{ id: number; kind: string }> }>;
    }>(http, { path: `/api/courses/detail?id=${courseId}` });
    for (const chapter of detail.chapters) {
      for (const lesson of chapter.lessons) {
        if (lesson.kind === 'video') lessons.push({ id: lesson.id, courseId });
      }
    }
  }
  if (lessons.length === 0) throw new Error('the newest courses have no video lesson');
  return lessons;
}

/** Fewest (learner, class) pairs: a pair's requests are then at least 200 ms apart. */
const MIN_SIGNUP_PAIRS = 60;

interface SignupPair {
  learner: Learner;
  classId: number;
  form: Record<string, string | string[]>;
  /** Whether the pair's signup is active (the next request cancels it). */
  active: boolean;
}

/** Valid answers to a class's signup form, checked with the rule the server applies. */
export function answersFor(
  fields: SignupField[],
  learner: Learner,
): Record<string, string | string[]> {
  const form: Record<string, string | string[]> = {};
  for (const field of fields) {
    if (field.kind === 'text') form[field.key] = '压测学员';
    else if (field.kind === 'phone') form[field.key] = learner.username;
    else if (field.kind === 'number') form[field.key] = '60';
    else if (field.kind === 'choice') form[field.key] = field.options?.[0] ?? '';
    else form[field.key] = field.options?.slice(0, 1) ?? [];
  }
  const checked = validateSignupForm(fields, form);
  if (!checked.ok) throw new Error(`bench signup form refused: ${JSON.stringify(checked.errors)}`);
  return form;
}

/**
 * Learners sign up for the classes open for signup and cancel again, alternately: one (learner,
 * class) pair per free seat, for learners not already signed up there, so every signup has a
 * seat. A request takes the next pair whose previous request was answered (never two requests
 * of a pair at once, so a cancel never overtakes its signup); none free is a failure.
 */
async function classSignupSetup({ http, learners }: OpenContext): Promise<Send> {
  const pool = await learners(LEARNERS);
  const open = await callApi<{ list: Array<{ id: number }> }>(http, {
    path: `/api/classes?page=1&size=50&status=${encodeURIComponent('报名中')}`,
  });
  const signedUp = new Map<string, Set<number>>();
  for (const learner of pool) {
    const mine = await callApi<{ list: Array<{ id: number }> }>(http, {
      path: '/api/classes/mine?page=1&size=50',
      headers: bearer(learner),
    });
    signedUp.set(learner.username, new Set(mine.list.map((klass) => klass.id)));
  }
  const pairs: SignupPair[] = [];
  for (const { id } of open.list) {
    const detail = await callApi<{ seatsLeft: number; formFields: SignupField[] }>(http, {
      path: `/api/classes/detail?id=${id}`,
    });
    const free = pool.filter((learner) => !signedUp.get(learner.username)?.has(id));
    for (const learner of free.slice(0, detail.seatsLeft)) {
      pairs.push({
        learner,
        classId: id,
        form: answersFor(detail.formFields, learner),
        active: false,
      });
    }
  }
  if (pairs.length < MIN_SIGNUP_PAIRS) {
    throw new Error(`only ${pairs.length} (learner, class) pairs with a free seat`);
  }
  const ring = new IdleRing(pairs.length);
  return async () => {
    const key = ring.take();
    if (key === null) return `all ${pairs.length} (learner, class) pairs still waiting for answers`;
    const pair = pairs[key];
    if (!pair) throw new Error(`no pair ${key}`);
    const signUp = !pair.active;
    const problem = await sendApi(
      http,
      {
        method: 'POST',
        path: signUp ? '/api/classes/signup' : '/api/classes/cancel',
        headers: bearer(pair.learner),
        json: signUp ? { classId: pair.classId, form: pair.form } : { classId: pair.classId },
      },
      (data) => {
        const status = isRecord(data) && isRecord(data.mySignup) ? data.mySignup.status : null;
        const expected = signUp ? 'active' : 'cancelled';
        return status === expected ? null : `expected my signup ${expected}, got ${String(status)}`;
      },
    );
    if (problem === null) pair.active = signUp;
    ring.release(key);
    return problem;
  };
}
