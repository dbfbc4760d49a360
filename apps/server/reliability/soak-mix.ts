import type { SignupField } from '@portal/contract';
import { callApi, type HttpClient, type HttpRequest } from '../bench/http-client.ts';
import { IdleRing } from '../bench/open-loop.ts';
import {
  answersFor,
  bearer,
  firstCourseIds,
  isRecord,
  type Learner,
  pick,
  sendApi,
  videoLessons,
} from '../bench/open-targets.ts';

// What the soak sends: the pages a learner opens (reads) and what they do there (writes), in a
// fixed 80/20 mix, every answer checked as an API success with the expected data.

/** One kind of request of the mix. */
export interface SoakOperation {
  name: string;
  /**
   * Sends the operation's `nth` request (its own count, so every operation rotates over its
   * learners and items evenly) over `http`; answers what is wrong, or null; never rejects.
   */
  send(http: HttpClient, nth: number): Promise<string | null>;
}

export interface SoakMix {
  reads: SoakOperation[];
  writes: SoakOperation[];
}

/** Of every 10 requests, this many are reads (the rest writes): the 80 %. */
export const READS_PER_TEN = 8;

/**
 * Which operation request `index` runs: of each run of 10 indexes the first 8 are reads, the
 * last 2 writes; `nth` numbers the reads (or the writes) across the whole run, so the mix rotates
 * over the reads (or writes) in turn.
 */
export function mixSlot(index: number): { kind: 'read' | 'write'; nth: number } {
  const round = Math.floor(index / 10);
  const place = index % 10;
  if (place < READS_PER_TEN) return { kind: 'read', nth: round * READS_PER_TEN + place };
  return { kind: 'write', nth: round * (10 - READS_PER_TEN) + place - READS_PER_TEN };
}

/**
 * The server (0 .. servers-1) for the `nth` request of a kind with `operations` operations:
 * each operation's own requests go to the servers in turn, and neighbouring operations start on
 * different servers, so every operation reaches every server and the load splits evenly.
 */
export function serverOf(nth: number, operations: number, servers: number): number {
  return (Math.floor(nth / operations) + (nth % operations)) % servers;
}

/** A GET whose data must pass `check`; `headers` per request (a learner's token). */
function read(
  name: string,
  request: (nth: number) => HttpRequest,
  check: (data: unknown, nth: number) => string | null,
): SoakOperation {
  return {
    name,
    send: (http, nth) => sendApi(http, request(nth), (data) => check(data, nth)),
  };
}

const isPage = (data: unknown): boolean => isRecord(data) && Array.isArray(data.list);
const pageCheck = (what: string) => (data: unknown) =>
  isPage(data) ? null : `expected a page of ${what}`;

/** Terms a learner searches for (two-character terms the search indexes as bigrams). */
const SEARCH_TERMS = ['古文', '健康', '历史', '书法', '摄影', '英语', '音乐', '老年'];

/** Points in the district around which the map looks for places. */
const MAP_POINTS = [
  { lat: 31.2562, lng: 121.4602 },
  { lat: 31.2301, lng: 121.4489 },
  { lat: 31.2843, lng: 121.4471 },
];

/** A pair whose requests alternate (add then remove, sign up then cancel), one at a time. */
interface TogglePair<T> {
  learner: Learner;
  item: T;
  /** Whether the pair is on now (the next request turns it off). */
  on: boolean;
}

/**
 * A write that turns a (learner, item) pair on and off in turn. The next idle pair is taken for
 * each request (never two requests of one pair at once, so an off never overtakes its on); the
 * pairs go item by item over all learners, so consecutive requests are different learners'.
 */
function toggle<T>(
  name: string,
  pairs: Array<TogglePair<T>>,
  request: (pair: TogglePair<T>, on: boolean) => HttpRequest,
  check: (data: unknown, on: boolean) => string | null,
): SoakOperation {
  if (pairs.length === 0) throw new Error(`${name}: no pairs`);
  const ring = new IdleRing(pairs.length);
  return {
    name,
    send: async (http) => {
      const key = ring.take();
      if (key === null) return `all ${pairs.length} pairs still waiting for answers`;
      const pair = pairs[key];
      if (!pair) throw new Error(`no pair ${key}`);
      const on = !pair.on;
      const problem = await sendApi(http, request(pair, on), (data) => check(data, on));
      if (problem === null) pair.on = on;
      ring.release(key);
      return problem;
    },
  };
}

/** Fewest (learner, class) pairs with a seat: each pair then signs up at most every few seconds. */
const MIN_SIGNUP_PAIRS = 200;

/** The classes open for signup, each with every learner who can take one of its free seats. */
async function signupPairs(
  http: HttpClient,
  learners: readonly Learner[],
): Promise<Array<TogglePair<{ classId: number; form: Record<string, string | string[]> }>>> {
  const open = await callApi<{ list: Array<{ id: number }> }>(http, {
    path: `/api/classes?page=1&size=50&status=${encodeURIComponent('报名中')}`,
  });
  const pairs: Array<TogglePair<{ classId: number; form: Record<string, string | string[]> }>> = [];
  for (const { id } of open.list) {
    const detail = await callApi<{ seatsLeft: number; formFields: SignupField[] }>(http, {
      path: `/api/classes/detail?id=${id}`,
    });
    // The soak's learners are new: none holds a seat yet.
    for (const learner of learners.slice(0, Math.max(0, detail.seatsLeft))) {
      const form = answersFor(detail.formFields, learner);
      pairs.push({ learner, item: { classId: id, form }, on: false });
    }
  }
  if (pairs.length < MIN_SIGNUP_PAIRS) {
    throw new Error(`only ${pairs.length} (learner, class) pairs with a free seat`);
  }
  return pairs;
}

/** Builds the mix on the seeded site, for `learners` (new, logged-in learners). */
export async function buildSoakMix(
  http: HttpClient,
  learners: readonly Learner[],
): Promise<SoakMix> {
  if (learners.length === 0) throw new Error('the soak needs learners');
  const [courseIds, lessons, ebooks, classPairs] = await Promise.all([
    firstCourseIds(http),
    videoLessons(http),
    callApi<{ list: Array<{ id: number; pageCount: number }> }>(http, {
      path: '/api/ebooks?page=1&size=20',
    }),
    signupPairs(http, learners),
  ]);
  if (ebooks.list.length === 0) throw new Error('the seed has no e-book');
  const learnerOf = (nth: number) => pick(learners, nth);

  const reads: SoakOperation[] = [
    read(
      'home',
      () => ({ path: '/api/home' }),
      (data) => (isRecord(data) ? null : 'expected the home data'),
    ),
    read(
      'course list',
      () => ({ path: '/api/courses?page=1&size=20' }),
      (data) =>
        isRecord(data) && Array.isArray(data.list) && data.list.length === 20
          ? null
          : 'expected a full first page of courses',
    ),
    read(
      'course detail',
      (nth) => ({ path: `/api/courses/detail?id=${pick(courseIds, nth)}` }),
      (data, nth) =>
        isRecord(data) && data.id === pick(courseIds, nth) && Array.isArray(data.chapters)
          ? null
          : `expected course ${pick(courseIds, nth)} with its chapters`,
    ),
    read(
      'activity list',
      () => ({ path: '/api/activities?page=1&size=20' }),
      pageCheck('activities'),
    ),
    read('e-book list', () => ({ path: '/api/ebooks?page=1&size=20' }), pageCheck('e-books')),
    read(
      'news list',
      () => ({ path: '/api/articles?kind=news&page=1&size=20' }),
      pageCheck('news'),
    ),
    read(
      'search',
      (nth) => ({
        path: `/api/search?q=${encodeURIComponent(pick(SEARCH_TERMS, nth))}&page=1&size=20`,
      }),
      pageCheck('search results'),
    ),
    read(
      'map: places near',
      (nth) => {
        const point = pick(MAP_POINTS, nth);
        return { path: `/api/places/near?lat=${point.lat}&lng=${point.lng}&limit=20` };
      },
      (data) => (Array.isArray(data) ? null : 'expected a list of places'),
    ),
    read(
      'rankings (learner)',
      (nth) => ({
        path: `/api/rankings?scope=learner&period=${nth % 2 === 0 ? 'week' : 'month'}`,
        headers: bearer(learnerOf(nth)),
      }),
      (data) => (isRecord(data) ? null : 'expected a ranking'),
    ),
    read(
      'my study',
      (nth) => ({
        path: '/api/study/courses?state=learning&page=1&size=20',
        headers: bearer(learnerOf(nth)),
      }),
      pageCheck('my courses'),
    ),
  ];

  const favouritePairs = courseIds.flatMap((id) =>
    learners.map((learner) => ({ learner, item: id, on: false })),
  );
  const writes: SoakOperation[] = [
    toggle(
      'favourite add/remove',
      favouritePairs,
      (pair, on) => ({
        method: 'POST',
        path: on ? '/api/favourites' : '/api/favourites/remove',
        headers: bearer(pair.learner),
        json: { contentType: 'course', contentId: pair.item },
      }),
      (data, on) =>
        isRecord(data) && data.favourited === on ? null : `expected favourited: ${on}`,
    ),
    {
      // A video player's heartbeat: where the learner is and how much they watched since.
      name: 'lesson progress',
      send: (http, nth) => {
        const lesson = pick(lessons, Math.floor(nth / learners.length));
        return sendApi(
          http,
          {
            method: 'POST',
            path: '/api/study/progress',
            headers: bearer(learnerOf(nth)),
            json: {
              lessonId: lesson.id,
              courseId: lesson.courseId,
              positionSeconds: nth % 60,
              watchedSeconds: 5,
              durationSeconds: 60,
            },
          },
          (data) =>
            isRecord(data) && data.lessonId === lesson.id ? null : `expected lesson ${lesson.id}`,
        );
      },
    },
    {
      name: 'e-book progress',
      send: (http, nth) => {
        const book = pick(ebooks.list, Math.floor(nth / learners.length));
        const page = 1 + (nth % Math.max(1, book.pageCount));
        return sendApi(
          http,
          {
            method: 'POST',
            path: '/api/study/ebook-progress',
            headers: bearer(learnerOf(nth)),
            json: { ebookId: book.id, page },
          },
          (data) =>
            isRecord(data) && data.ebookId === book.id && data.page === page
              ? null
              : `expected e-book ${book.id} at page ${page}`,
        );
      },
    },
    toggle(
      'class signup/cancel',
      classPairs,
      (pair, on) => ({
        method: 'POST',
        path: on ? '/api/classes/signup' : '/api/classes/cancel',
        headers: bearer(pair.learner),
        json: on
          ? { classId: pair.item.classId, form: pair.item.form }
          : { classId: pair.item.classId },
      }),
      (data, on) => {
        const status = isRecord(data) && isRecord(data.mySignup) ? data.mySignup.status : null;
        const expected = on ? 'active' : 'cancelled';
        return status === expected ? null : `expected my signup ${expected}, got ${String(status)}`;
      },
    ),
  ];
  return { reads, writes };
}
