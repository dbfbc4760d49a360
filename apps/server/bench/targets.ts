// What `npm run bench` measures. To bench another endpoint, add an entry to TARGETS.
import { DEMO_LEARNERS } from '../src/seed/seed.ts';
import type { FileAnswer } from './http-client.ts';

/** What a target's setup gets from the runner. */
export interface BenchContext {
  /** Origin of the server under test, e.g. `http://127.0.0.1:40123`. */
  origin: string;
  /**
   * Logs a demo learner in through the real SSO flow (the first, or the one named); a new token
   * on every call.
   */
  login(username?: string): Promise<string>;
}

/** One endpoint to load; every request of the run is the same. */
export interface BenchTarget {
  name: string;
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  /** Sent as is; set a `content-type` header with it. */
  body?: string;
  /**
   * Runs right before the target is checked and loaded (e.g. logs in, creates data); the headers
   * it returns are added to every request.
   */
  setup?: (context: BenchContext) => Promise<Record<string, string> | undefined>;
  /**
   * Checks a parsed JSON body — of a request made before the run, of every answer during it
   * (keep it cheap), and of one after — returning what is wrong, or null. API failures come as
   * HTTP 200 with a non-zero envelope code, so this is what catches them; the status must be
   * 2xx regardless.
   */
  check: (body: unknown) => string | null;
  /**
   * During the run, what every answer must start with instead of a full `check` (which still
   * runs on the answers before and after): parsing a 9 KB body on every answer would make the
   * bench client, on the same cores, the bottleneck it measures.
   */
  okPrefix?: string;
  /**
   * A file rather than an API call: `check` gets its size and first bytes (a `FileAnswer`), not
   * parsed JSON; loaded by the bench's own client (as `ownClient`).
   */
  raw?: boolean;
  /**
   * Loaded by the bench's own client (`closed-loop.ts`, node's HTTP) rather than autocannon, and
   * measured against the floor loaded the same way ({@link FLOOR_OWN_CLIENT}): autocannon reads
   * a large answer at a fraction of node's rate (a 64 KB range from nginx: 1,100 answers a
   * second against 16,000), so on a large file it would measure itself.
   */
  ownClient?: boolean;
  /**
   * Through the deployment recipe's nginx (`deploy/nginx/portal.conf`), as learners reach it:
   * files and media come from its cache. Direct to the server where nginx is not installed.
   */
  viaProxy?: boolean;
  /** Longest time (s) from setup to the end of the run during which the target stays valid. */
  validFor?: number;
  /**
   * On the district's database (`fill-district.ts`), what else its answers must hold beside
   * `check` (e.g. a full top 100, which the demo seed's few learners cannot fill).
   */
  atDistrict?: (body: unknown) => string | null;
}

/** How every successful envelope starts (the serializers write `code` first). */
export const ENVELOPE_OK = '{"code":0,';

/** Checks the `{ code: 0, message, data }` envelope, then `data` with `checkData`. */
export function envelope(checkData: (data: unknown) => string | null) {
  return (body: unknown): string | null => {
    if (typeof body !== 'object' || body === null || !('code' in body) || !('data' in body)) {
      return 'not an envelope';
    }
    if (body.code !== 0) return `code ${String(body.code)}`;
    return checkData(body.data);
  };
}

/** The floor: a bare Fastify hello world (`bench/hello.ts`) on the same machine. */
export const FLOOR: BenchTarget = {
  name: 'floor: fastify hello',
  path: '/',
  okPrefix: '{"hello":"world"}',
  check: (body) =>
    typeof body === 'object' && body !== null && 'hello' in body && body.hello === 'world'
      ? null
      : 'expected {hello:"world"}',
};

/** The floor loaded by the bench's own client, for the targets that are (`ownClient`). */
export const FLOOR_OWN_CLIENT: BenchTarget = {
  ...FLOOR,
  name: 'floor: fastify hello (bench client)',
  ownClient: true,
};

/** As the first demo learner, logged in once for the target. */
const asLearner: BenchTarget['setup'] = async ({ login }) => ({
  authorization: `Bearer ${await login()}`,
});

/** The real server's endpoints, benched in this order after the floor. */
export const TARGETS: BenchTarget[] = [
  {
    name: 'refresh-token (visitor)',
    path: '/api/account/refresh-token',
    okPrefix: ENVELOPE_OK,
    check: envelope((data) => (data === null ? null : 'expected data null for a visitor')),
  },
  {
    // The second demo learner: every refresh of the one token opens a session, and the thousands
    // this run opens would weigh on the first one's device list, benched below.
    name: 'refresh-token (learner)',
    path: '/api/account/refresh-token',
    setup: async ({ login }) => ({
      authorization: `Bearer ${await login(DEMO_LEARNERS[1].username)}`,
    }),
    okPrefix: ENVELOPE_OK,
    check: envelope((data) =>
      typeof data === 'string' && data !== '' ? null : 'expected a new token string',
    ),
    // Every refresh rotates; the sent token stays valid 60 s after its first rotation.
    validFor: 60,
  },
  {
    name: 'home',
    path: '/api/home',
    okPrefix: ENVELOPE_OK,
    check: envelope((data) =>
      typeof data === 'object' && data !== null ? null : 'expected the home data',
    ),
  },
  {
    name: 'course list (first page)',
    path: '/api/courses?page=1&size=20',
    okPrefix: ENVELOPE_OK,
    check: envelope((data) => {
      const page = data as { list?: unknown[]; total?: number };
      return Array.isArray(page.list) && page.list.length === 20 && (page.total ?? 0) >= 20
        ? null
        : 'expected a full first page of courses';
    }),
  },
  {
    name: 'activity list (first page)',
    path: '/api/activities?page=1&size=20',
    okPrefix: ENVELOPE_OK,
    check: envelope((data) => {
      const page = data as { list?: unknown[]; total?: number };
      return Array.isArray(page.list) && page.list.length === 20 && (page.total ?? 0) >= 20
        ? null
        : 'expected a full first page of activities';
    }),
  },
  {
    name: 'e-book list (first page)',
    path: '/api/ebooks?page=1&size=20',
    okPrefix: ENVELOPE_OK,
    check: envelope((data) => {
      const page = data as { list?: unknown[]; total?: number };
      return Array.isArray(page.list) && page.list.length === 20
        ? null
        : 'expected a full first page of e-books';
    }),
  },
  {
    name: 'live list (first page)',
    path: '/api/live/sessions?page=1&size=20',
    okPrefix: ENVELOPE_OK,
    check: envelope((data) => {
      const page = data as { list?: Array<{ state?: string }>; total?: number };
      return Array.isArray(page.list) && page.list.length === 20 && page.list[0]?.state === 'live'
        ? null
        : 'expected a full first page of live sessions, live ones first';
    }),
  },
  {
    name: 'news list (first page)',
    path: '/api/articles?kind=news&page=1&size=20',
    okPrefix: ENVELOPE_OK,
    check: envelope((data) => {
      const page = data as { list?: unknown[]; total?: number };
      return Array.isArray(page.list) && page.list.length === 20
        ? null
        : 'expected a full first page of news';
    }),
  },
  {
    name: 'points summary (learner)',
    path: '/api/points/summary',
    setup: asLearner,
    okPrefix: ENVELOPE_OK,
    check: envelope((data) => {
      const summary = data as { balance?: unknown; todayEarned?: unknown };
      return typeof summary.balance === 'number' && typeof summary.todayEarned === 'number'
        ? null
        : 'expected the balance and today’s points';
    }),
  },
  {
    // The seeded demo learner has a week of sign-ins and check-ins: a first page of rows.
    name: 'points ledger (learner, first page)',
    path: '/api/points/ledger?page=1&size=20',
    setup: asLearner,
    okPrefix: ENVELOPE_OK,
    check: envelope((data) => {
      const page = data as { list?: Array<{ balanceAfter?: unknown }> };
      return Array.isArray(page.list) &&
        page.list.length >= 6 &&
        typeof page.list[0]?.balanceAfter === 'number'
        ? null
        : 'expected the demo learner’s ledger rows with running balances';
    }),
  },
  {
    // A rare two-character term (one e-book title per site at every scale: 古文观止选读) reads
    // only the documents holding it through the bigram index, so 100k+ courses cost it nothing.
    name: 'search: rare two-character term',
    path: `/api/search?q=${encodeURIComponent('古文')}&page=1&size=20`,
    okPrefix: ENVELOPE_OK,
    check: envelope((data) => {
      const page = data as { list?: Array<{ title?: string }>; total?: number };
      const total = page.total ?? 0;
      return Array.isArray(page.list) &&
        total >= 1 &&
        total <= 5 &&
        page.list.length === total &&
        page.list.every((item) => item.title?.includes('古文'))
        ? null
        : 'expected the few documents holding 古文';
    }),
  },
  {
    // A common term (入门: thousands of documents in a district): its ranking is kept per term
    // for a while, so searchers after the first read it from memory.
    name: 'search: common two-character term',
    path: `/api/search?q=${encodeURIComponent('入门')}&page=1&size=20`,
    okPrefix: ENVELOPE_OK,
    check: envelope((data) => {
      const page = data as { list?: Array<{ title?: string }>; total?: number };
      return Array.isArray(page.list) &&
        (page.total ?? 0) > 20 &&
        page.list.length === 20 &&
        page.list[0]?.title?.includes('入门')
        ? null
        : 'expected a full page of documents holding 入门, title matches first';
    }),
  },
  {
    // What pdf.js asks first of a book opened from its detail page: a range of the seeded PDF.
    name: 'e-book PDF range (64 KB)',
    path: '/files/ebooks/jingan-001.pdf',
    headers: { range: 'bytes=0-65535' },
    raw: true,
    viaProxy: true,
    check: fileCheck(65_536, '%PDF-', 0),
  },
  {
    // A lesson's player seeking into the demo video: 64 KB from its middle.
    name: 'lesson video range (64 KB)',
    path: '/media/demo/lesson.mp4',
    headers: { range: 'bytes=196608-262143' },
    raw: true,
    viaProxy: true,
    check: fileCheck(65_536),
  },
  {
    // A segment of a live session's stream, as every viewer's player fetches it (whole).
    name: 'live stream segment (64 KB)',
    path: '/media/demo/lesson1.ts',
    raw: true,
    viaProxy: true,
    // MPEG-TS: 188-byte packets, each starting with the sync byte 0x47 ('G').
    check: fileCheck(65_048, 'G', 188),
  },
];

/** Checks a file's answer: `length` bytes, holding `magic` at `at` of its first bytes. */
function fileCheck(length: number, magic = '', at = 0) {
  return (body: unknown): string | null => {
    const { size, head } = body as Partial<FileAnswer>;
    if (!Buffer.isBuffer(head)) return 'expected a file';
    if (size !== length) return `expected ${length} bytes, got ${size}`;
    return head.toString('latin1', at, at + magic.length) === magic
      ? null
      : `expected "${magic}" at byte ${at}`;
  };
}

/** Data that is there: an object, or a list (or a page's list) with at least one item. */
const present = envelope((data) => {
  if (Array.isArray(data)) return data.length > 0 ? null : 'expected a non-empty list';
  if (typeof data !== 'object' || data === null) return 'expected data';
  const list = (data as { list?: unknown }).list;
  return list === undefined || (Array.isArray(list) && list.length > 0)
    ? null
    : 'expected a non-empty page';
});

/** A page, empty or not. */
const page = envelope((data) =>
  Array.isArray((data as { list?: unknown } | null)?.list) ? null : 'expected a page',
);

/** A read of the demo content that answers a success envelope with data in it (or `check`). */
const read = (name: string, path: string, learner = false, check = present): BenchTarget => ({
  name,
  path,
  ...(learner ? { setup: asLearner } : {}),
  okPrefix: ENVELOPE_OK,
  check,
});

const topic = encodeURIComponent('2024/jtjy');

// The other reads of the spec's pages, on the demo content: a visitor's, then the demo learner's.
TARGETS.push(
  read('sites', '/api/sites'),
  read('current site', '/api/sites/current'),
  read('course categories', '/api/courses/categories'),
  read('e-book categories', '/api/ebooks/categories'),
  read('e-book detail', '/api/ebooks/detail?id=1'),
  read('topic', `/api/topics/detail?slug=${topic}`),
  read("topic's e-books", `/api/topics/ebooks?slug=${topic}&page=1&size=20`),
  read('places (first page)', '/api/places?page=1&size=20'),
  read('map markers (whole district)', '/api/places/markers'),
  // A street of 静安寺 at zoom 16: the view a learner pans and zooms to.
  read(
    'map markers (a street view)',
    '/api/places/markers?west=121.44&south=31.22&east=121.455&north=31.235&zoom=16',
  ),
  read('place detail', '/api/places/detail?id=1'),
  read("place's courses", '/api/places/courses?id=1&page=1&size=20'),
  read("place's activities", '/api/places/activities?id=1&page=1&size=20'),
  read("place's classes", '/api/places/classes?id=1&page=1&size=20'),
  read("place's projects", '/api/places/projects?id=1&page=1&size=20'),
  read('activity detail', '/api/activities/detail?id=1'),
  read('live channels', '/api/live/channels'),
  read('live session detail', '/api/live/sessions/detail?id=1'),
  read('live timetable', '/api/live/timetable'),
  read('article channels', '/api/articles/channels'),
  read('article detail', '/api/articles/detail?id=1'),
  read('hot search terms', '/api/search/hot'),
  read('teams (first page)', '/api/teams?page=1&size=20'),
  read('team detail', '/api/teams/detail?id=1'),
  read('team members', '/api/teams/members?id=1&page=1&size=20'),
  read('team works', '/api/team-works?teamId=1&page=1&size=20'),
  read('team work detail', '/api/team-works/detail?id=1'),
  read("team's linked resources", '/api/team-resources?teamId=1'),
  read(
    "team's learning progress (learner)",
    '/api/team-resources/progress?teamId=1&page=1&size=20',
    true,
  ),
  read('deliverable resources', '/api/delivery/resources?page=1&size=20'),
  read('deliverable resource detail', '/api/delivery/resources/detail?id=1'),
  read('experience bases', '/api/bases?page=1&size=20'),
  read('experience base detail', '/api/bases/detail?id=55'),
  read('learning walks', '/api/walks?page=1&size=20'),
  read('push key', '/api/push/key'),
  read('learning walk detail', '/api/walks/detail?id=1'),
  read('me (learner)', '/api/account/me', true),
  read('my devices (learner)', '/api/account/devices', true),
  read('my bindings (learner)', '/api/account/bindings', true),
  read('my activities (learner)', '/api/activities/mine?page=1&size=20', true),
  read('my live schedule (learner)', '/api/study/schedule', true),
  read('lesson to play (learner)', '/api/study/lesson?id=1', true),
  read('course progress (learner)', '/api/study/course-progress?courseId=1', true),
  read('today’s learning (learner)', '/api/study/today', true),
  read('live progress (learner)', '/api/study/live-progress?sessionId=1', true),
  read('home: my part (learner)', '/api/home/me', true),
  // The demo learner has no favourites: the page is read all the same.
  read('my favourites (learner)', '/api/favourites?page=1&size=20', true, page),
  read('favourite state (learner)', '/api/favourites/state?contentType=course&contentId=1', true),
  read('messages (learner, first page)', '/api/messages?page=1&size=20', true),
  read('message detail (learner)', '/api/messages/detail?id=1', true),
  read('unread messages (learner)', '/api/messages/unread-count', true),
  read('medals (learner)', '/api/medals', true),
  read('medal detail (learner)', '/api/medals/detail?key=activity-1', true),
  read('achievements (learner)', '/api/achievements', true),
  read('learning statistics (learner)', '/api/statistics', true),
  read('statistics summary (learner)', '/api/statistics/summary', true),
  read('points tasks (learner)', '/api/points/tasks', true),
  read('my teams (learner)', '/api/teams/mine', true),
  read('my delivery requests (learner)', '/api/delivery/requests/mine?page=1&size=20', true),
  read('delivery request detail (learner)', '/api/delivery/requests/detail?id=1', true),
  read('delivery staff role (learner)', '/api/delivery/staff/role', true),
  read('my base bookings (learner)', '/api/bases/bookings?page=1&size=20', true),
);

/** Checks a ranking answer: a top list (of at most 100) and, for learners, my place. */
const rankingCheck = (scope: 'learner' | 'team') =>
  envelope((data) => {
    const ranking = data as { list?: unknown[]; mine?: { rank?: number | null } | null };
    if (!Array.isArray(ranking.list) || ranking.list.length === 0 || ranking.list.length > 100) {
      return 'expected a top list of at most 100';
    }
    if (scope === 'learner' && typeof ranking.mine?.rank !== 'number') return 'expected my place';
    return null;
  });

/** In the district: a full top 100 and, for learners, my place beyond it. */
const districtRankingCheck = (scope: 'learner' | 'team') =>
  envelope((data) => {
    const ranking = data as { list?: unknown[]; mine?: { rank?: number | null } | null };
    if (ranking.list?.length !== 100) return 'expected the top 100';
    if (scope === 'learner' && !((ranking.mine?.rank ?? 0) > 100)) {
      return 'expected my place beyond the top 100';
    }
    return null;
  });

// On 100,000 learners and 5,000 teams in the district (bench/fill/rankings.ts), the demo learner
// (a few points, far below the top 100) reads the rankings: the top 100 and their place from the
// standings an instance keeps for 3 s, their own points and teams from the database.
TARGETS.push(
  {
    name: 'ranking: learners this week (top 100 + my place)',
    path: '/api/rankings?scope=learner&period=week',
    setup: asLearner,
    okPrefix: ENVELOPE_OK,
    check: rankingCheck('learner'),
    atDistrict: districtRankingCheck('learner'),
  },
  {
    name: 'ranking: learners all time (top 100 + my place)',
    path: '/api/rankings?scope=learner&period=all',
    setup: asLearner,
    okPrefix: ENVELOPE_OK,
    check: rankingCheck('learner'),
    atDistrict: districtRankingCheck('learner'),
  },
  {
    name: 'ranking: teams this month',
    path: '/api/rankings?scope=team&period=month',
    setup: asLearner,
    okPrefix: ENVELOPE_OK,
    check: rankingCheck('team'),
    atDistrict: districtRankingCheck('team'),
  },
  {
    // A team page's badge, public: the first demo team's place among the 5,000 in each period.
    name: "ranking: a team's places (week, month, all)",
    path: '/api/rankings/team?teamId=1',
    okPrefix: ENVELOPE_OK,
    check: envelope((data) => {
      const places = (data as { places?: unknown[] }).places;
      return Array.isArray(places) && places.length === 3 ? null : 'expected three places';
    }),
  },
);

/**
 * Checks a near answer: places nearest first, each with its distance, of the category asked;
 * `count` of them (`atLeast`: up to `count`, as the demo seed has fewer).
 */
const nearCheck = (count: number, category?: string, atLeast = false) =>
  envelope((data) => {
    const list = data as Array<{ distance?: number | null; category?: string }>;
    if (!Array.isArray(list) || list.length === 0 || list.length > count) {
      return `expected up to ${count} places`;
    }
    if (!atLeast && list.length !== count) return `expected ${count} places`;
    for (let i = 1; i < list.length; i += 1) {
      if ((list[i]?.distance ?? -1) < (list[i - 1]?.distance ?? 0)) return 'not nearest first';
    }
    if (category && list.some((place) => place.category !== category)) {
      return `expected only ${category}`;
    }
    return null;
  });

/** A places-near target: what the demo seed has of `count`, all `count` in the district. */
const near = (name: string, path: string, count: number, category?: string): BenchTarget => ({
  name,
  path,
  okPrefix: ENVELOPE_OK,
  check: nearCheck(count, category, true),
  atDistrict: nearCheck(count, category),
});

// The places nearest to a point in the middle of the district (10,000 more places there, from
// bench/fill/places.ts): the spatial index finds them before they are measured and sorted.
TARGETS.push(
  near(
    'places near: 20 nearest schools',
    '/api/places/near?lat=31.2562&lng=121.4602&category=school&limit=20',
    20,
    'school',
  ),
  near(
    'places near: 50 nearest of any category',
    '/api/places/near?lat=31.2562&lng=121.4602&limit=50',
    50,
  ),
  near(
    'places near: 20 nearest learning points, district edge',
    '/api/places/near?lat=31.3040&lng=121.4260&category=point&limit=20',
    20,
    'point',
  ),
);
