import { RateLimits } from '../src/platform/rate-limit.ts';
import { DEMO_LEARNERS, LEARNERS_PER_SCALE } from '../src/seed/seed.ts';
import { callApi, type HttpClient } from './http-client.ts';
import {
  bearer,
  isRecord,
  type Learner,
  pick,
  READ_P99_MS,
  READ_RATE,
  sendApi,
  WRITE_P99_MS,
  WRITE_RATE,
} from './open-targets.ts';
import {
  aPage,
  cycle,
  expect,
  freshAddress,
  get,
  learnerSlice,
  logIn,
  post,
  type Step,
  spreadPairs,
  type WriteTarget,
} from './write-support.ts';
import { ACCOUNT_TARGETS } from './write-targets-account.ts';
import { SIGNUP_TARGETS } from './write-targets-signups.ts';
import { TEAM_TARGETS } from './write-targets-teams.ts';

// The operations learners call that change something (and the reads that go with them: my
// reading, my history, my live schedule), benched by both loops: `npm run bench` loads each with
// BENCH_CONNECTIONS requests at once (closed-loop.ts), `npm run bench -- --open` sends each at a
// constant rate (open-run.ts). A write cannot repeat one request (a second signup is refused),
// so each target keeps the state of its keys and alternates do and undo. To bench another
// operation, add a target here or in the file of its area and name the operations it calls.

/**
 * The seed's generated learners, over whom the writes spread: the limits of 600 a minute a
 * learner then leave room for 300 req/s (1.5 a second each) and more.
 */
const ALL = LEARNERS_PER_SCALE;

/** A read by the seed's learners in turn, at the read rate. */
function learnerRead(
  name: string,
  operation: string,
  path: (index: number) => string,
  checkData: (data: unknown) => string | null,
): WriteTarget {
  return {
    name,
    rate: READ_RATE,
    p99Ms: READ_P99_MS,
    operations: [operation],
    setup: async (context) => {
      const pool = await learnerSlice(context);
      return (index) => get(context.http, pick(pool, index), path(index), checkData);
    },
  };
}

/** The first page of e-books with their page counts. */
async function ebooks(http: HttpClient) {
  const page = await callApi<{ list: Array<{ id: number; pageCount: number }> }>(http, {
    path: '/api/ebooks?page=1&size=20',
  });
  return page.list.filter((book) => book.pageCount > 0);
}

/** Live sessions of the first site by state (the list puts live ones first). */
async function liveSessions(http: HttpClient, state: 'live' | 'upcoming' | 'replay') {
  const page = await callApi<{
    list: Array<{ id: number; state: string; hasReplay: boolean }>;
  }>(http, { path: '/api/live/sessions?page=1&size=50' });
  const ids = page.list
    .filter((session) =>
      state === 'replay' ? session.state === 'ended' && session.hasReplay : session.state === state,
    )
    .map((session) => session.id);
  if (ids.length === 0) throw new Error(`the seed has no ${state} live session`);
  return ids;
}

/** The e-book readers: where they are in a book, by the path of today and the former one. */
const ebookProgress: WriteTarget = {
  name: `e-book reading progress (${ALL} learners)`,
  rate: WRITE_RATE,
  p99Ms: WRITE_P99_MS,
  operations: ['POST /api/study/ebook-progress', 'POST /api/ebooks/progress'],
  budget: ALL * (RateLimits.ebookProgress.max - 10),
  setup: async (context) => {
    const [pool, books] = await Promise.all([learnerSlice(context), ebooks(context.http)]);
    return (index) => {
      const book = pick(books, Math.floor(index / pool.length));
      const page = 1 + (index % book.pageCount);
      // Web apps of before the move report to the former path, which answers the same.
      const path = index % 2 === 0 ? '/api/study/ebook-progress' : '/api/ebooks/progress';
      return post(context.http, pick(pool, index), path, { ebookId: book.id, page }, (data) =>
        expect(isRecord(data) && data.ebookId === book.id && data.page === page, `page ${page}`),
      );
    };
  },
};

/** Live sessions watched, live or as replays: the player's reports. */
const liveProgress: WriteTarget = {
  name: `live watching progress (${ALL} learners)`,
  rate: WRITE_RATE,
  p99Ms: WRITE_P99_MS,
  operations: ['POST /api/study/live-progress'],
  budget: ALL * (RateLimits.liveProgress.max - 10),
  setup: async (context) => {
    const [pool, live, replays] = await Promise.all([
      learnerSlice(context),
      liveSessions(context.http, 'live'),
      liveSessions(context.http, 'replay'),
    ]);
    const sessions = [...live, ...replays];
    return (index) => {
      const sessionId = pick(sessions, Math.floor(index / pool.length));
      const report = {
        sessionId,
        positionSeconds: index % 600,
        watchedSeconds: 5,
        durationSeconds: 3600,
      };
      return post(context.http, pick(pool, index), '/api/study/live-progress', report, (data) =>
        expect(isRecord(data) && data.sessionId === sessionId, `session ${sessionId}`),
      );
    };
  },
};

/** Viewers of the live sessions: a heartbeat from each player every few seconds. */
const liveHeartbeat: WriteTarget = {
  name: `live heartbeat (${ALL} learners)`,
  rate: WRITE_RATE,
  p99Ms: WRITE_P99_MS,
  operations: ['POST /api/live/heartbeat'],
  budget: ALL * (RateLimits.liveHeartbeat.max - 10),
  setup: async (context) => {
    const [pool, sessions] = await Promise.all([
      learnerSlice(context),
      liveSessions(context.http, 'live'),
    ]);
    return (index) => {
      const sessionId = pick(sessions, index);
      return post(context.http, pick(pool, index), '/api/live/heartbeat', { sessionId }, (data) =>
        expect(
          isRecord(data) && data.sessionId === sessionId && Number(data.viewers) >= 1,
          `viewers of session ${sessionId}`,
        ),
      );
    };
  },
};

/** The players of the live sessions fetching the playlist (no headers: the site is in the URL). */
const livePlaylist: WriteTarget = {
  name: 'live HLS playlist',
  rate: READ_RATE,
  p99Ms: READ_P99_MS,
  operations: ['GET /media/live/stream.m3u8'],
  setup: async ({ http }) => {
    const sessions = await liveSessions(http, 'live');
    const { key } = await callApi<{ key: string }>(http, { path: '/api/sites/current' });
    return async (index) => {
      try {
        const id = pick(sessions, index);
        const answer = await http.send({
          path: `/media/live/stream.m3u8?site=${encodeURIComponent(key)}&id=${id}`,
        });
        return answer.status === 200 && answer.text.startsWith('#EXTM3U')
          ? null
          : `expected a playlist, got ${answer.status} ${answer.text.slice(0, 80)}`;
      } catch (error) {
        return `request failed: ${error instanceof Error ? error.message : String(error)}`;
      }
    };
  },
};

/** Upcoming live sessions reserved and the reservation removed again. */
const liveReservations: WriteTarget = {
  name: `live reserve/remove (${ALL} learners)`,
  rate: WRITE_RATE,
  p99Ms: WRITE_P99_MS,
  operations: ['POST /api/live/reservations', 'POST /api/live/reservations/remove'],
  budget: ALL * (RateLimits.liveReservations.max - 4),
  setup: async (context) => {
    const [pool, sessions] = await Promise.all([
      learnerSlice(context),
      liveSessions(context.http, 'upcoming'),
    ]);
    const states = spreadPairs(pool, sessions);
    type State = (typeof states)[number];
    const reservation =
      (reserved: boolean): Step<State> =>
      ({ learner, item: sessionId }) =>
        post(
          context.http,
          learner,
          reserved ? '/api/live/reservations' : '/api/live/reservations/remove',
          { sessionId },
          (data) => expect(isRecord(data) && data.reserved === reserved, `reserved: ${reserved}`),
        );
    return cycle(states, [reservation(true), reservation(false)], '(learner, session) pairs');
  },
};

/**
 * Reminders on a device (Web Push, issue 32): each learner's phone subscribes and unsubscribes
 * (an address of a browser's push service; nothing is pushed here).
 */
const pushSubscriptions: WriteTarget = {
  name: `push subscribe/unsubscribe (${ALL} learners)`,
  rate: WRITE_RATE,
  p99Ms: WRITE_P99_MS,
  operations: ['POST /api/push/subscribe', 'POST /api/push/unsubscribe'],
  budget: ALL * (RateLimits.push.max - 4),
  setup: async (context) => {
    const pool = await learnerSlice(context);
    const states = pool.map((learner, n) => ({
      learner,
      endpoint: `https://fcm.googleapis.com/fcm/send/bench-${n}-${Date.now()}`,
    }));
    type State = (typeof states)[number];
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
    const subscription =
      (subscribed: boolean): Step<State> =>
      ({ learner, endpoint }) =>
        post(
          context.http,
          learner,
          subscribed ? '/api/push/subscribe' : '/api/push/unsubscribe',
          subscribed ? { endpoint, keys } : { endpoint },
          (data) =>
            expect(isRecord(data) && data.subscribed === subscribed, `subscribed: ${subscribed}`),
        );
    return cycle(states, [subscription(true), subscription(false)], 'learners');
  },
};

/** How long after opening an article its end counts as read (ARTICLE_READ_MIN_SECONDS + 1). */
const READ_END_AFTER_MS = 11_000;

/**
 * Marks of read: all notices, all information, all messages, and the end of an article reached
 * (rewarded once; later ends answer the same). Each learner opened the articles in the setup,
 * which waits until their end may count.
 */
const readMarks: WriteTarget = {
  name: `read marks: notices, messages, article ends (${ALL} learners)`,
  rate: WRITE_RATE,
  p99Ms: WRITE_P99_MS,
  operations: [
    'POST /api/articles/read-all',
    'POST /api/messages/read-all',
    'POST /api/articles/read-end',
  ],
  budget: ALL * (RateLimits.readMarks.max - 10),
  setup: async (context) => {
    const { http } = context;
    const pool = await learnerSlice(context);
    const page = await callApi<{ list: Array<{ id: number }> }>(http, {
      path: '/api/articles?kind=news&page=1&size=3',
    });
    const articles = page.list.map((article) => article.id);
    const opened = Date.now();
    for (const learner of pool) {
      for (const id of articles) {
        await callApi(http, { path: `/api/articles/detail?id=${id}`, headers: bearer(learner) });
      }
    }
    await new Promise((resolve) => setTimeout(resolve, opened + READ_END_AFTER_MS - Date.now()));
    const marked = (data: unknown) =>
      expect(isRecord(data) && typeof data.marked === 'number', 'how many were marked');
    return (index) => {
      const learner = pick(pool, index);
      switch (Math.floor(index / pool.length) % 4) {
        case 0:
          return post(http, learner, '/api/articles/read-all', { kind: 'notice' }, marked);
        case 1:
          return post(http, learner, '/api/articles/read-all', { kind: 'info' }, marked);
        case 2:
          return post(http, learner, '/api/messages/read-all', undefined, (data) =>
            expect(isRecord(data) && data.unread === 0, 'no unread message'),
          );
        default: {
          const id = pick(articles, index);
          return post(http, learner, '/api/articles/read-end', { id }, (data) =>
            expect(isRecord(data) && data.read === true, `article ${id} read`),
          );
        }
      }
    };
  },
};

interface ShelfState {
  learner: Learner;
  course: number;
  ebook: number;
}

/**
 * The browsing history and the favourites of a learner, emptied: a course viewed and removed
 * from the history, an e-book viewed and the history cleared, a course favourited and the
 * favourites cleared.
 */
const historyAndFavourites: WriteTarget = {
  name: `history record/remove/clear, favourites clear (${ALL} learners)`,
  rate: WRITE_RATE,
  p99Ms: WRITE_P99_MS,
  operations: [
    'POST /api/history',
    'POST /api/history/remove',
    'POST /api/history/clear',
    'POST /api/favourites',
    'POST /api/favourites/clear',
  ],
  budget: ALL * (RateLimits.history.max - 10),
  setup: async (context) => {
    const { http } = context;
    const [pool, books] = await Promise.all([learnerSlice(context), ebooks(http)]);
    const states: ShelfState[] = pool.map((learner, n) => ({
      learner,
      course: 1 + (n % 20),
      ebook: pick(books, n).id,
    }));
    const content = (state: ShelfState, type: 'course' | 'ebook') => ({
      contentType: type,
      contentId: type === 'course' ? state.course : state.ebook,
    });
    const view =
      (type: 'course' | 'ebook'): Step<ShelfState> =>
      (state) =>
        post(http, state.learner, '/api/history', content(state, type), (data) =>
          expect(isRecord(data) && data.contentId === content(state, type).contentId, 'the entry'),
        );
    const removed = (least: number) => (data: unknown) =>
      expect(isRecord(data) && Number(data.removed) >= least, `at least ${least} removed`);
    return cycle(
      states,
      [
        view('course'),
        (state) =>
          post(http, state.learner, '/api/history/remove', content(state, 'course'), removed(1)),
        view('ebook'),
        (state) => post(http, state.learner, '/api/history/clear', undefined, removed(1)),
        (state) =>
          post(http, state.learner, '/api/favourites', content(state, 'course'), (data) =>
            expect(isRecord(data) && data.favourited === true, 'favourited'),
          ),
        (state) => post(http, state.learner, '/api/favourites/clear', undefined, removed(1)),
      ],
      'learners',
    );
  },
};

/** A learner's certificates, as `GET /api/achievements` lists them. */
async function certificates(http: HttpClient, learner: Learner) {
  const achievements = await callApi<{ certificates: Array<{ id: number; code: string }> }>(http, {
    path: '/api/achievements',
    headers: bearer(learner),
  });
  if (achievements.certificates.length === 0) throw new Error('the demo learner has none');
  return achievements.certificates;
}

/** The demo learner, logged in for the setup (the seed's certificates are theirs). */
const demoLearner = async (http: HttpClient): Promise<Learner> => ({
  username: DEMO_LEARNERS[0].username,
  token: await logIn(http, DEMO_LEARNERS[0].username),
});

/** Requests per address of the certificate check (30 allowed in 10 minutes). */
const VERIFICATIONS_PER_ADDRESS = RateLimits.certificateVerify.max - 5;

/**
 * Certificates checked by their code, as anyone holding one does: from many addresses (the
 * limit per address stops guessing codes in bulk, not the people who scan certificates).
 */
const certificateVerify: WriteTarget = {
  name: 'certificate verification (by code)',
  rate: READ_RATE,
  p99Ms: READ_P99_MS,
  operations: ['GET /api/certificates/verify'],
  setup: async ({ http }) => {
    const codes = (await certificates(http, await demoLearner(http))).map((item) => item.code);
    let address = freshAddress();
    let used = 0;
    return (index) => {
      if (used === VERIFICATIONS_PER_ADDRESS) {
        address = freshAddress();
        used = 0;
      }
      used += 1;
      const code = pick(codes, index);
      return sendApi(
        http,
        { path: `/api/certificates/verify?code=${code}`, localAddress: address },
        (data) => expect(isRecord(data) && data.code === code, `certificate ${code}`),
      );
    };
  },
};

/**
 * A learner downloading their certificate: a PDF made on each request (about 10 ms of CPU), at
 * a twentieth of the read rate, as downloads are far rarer than views.
 */
const certificateFile: WriteTarget = {
  name: 'certificate PDF (learner)',
  rate: READ_RATE / 20,
  p99Ms: READ_P99_MS,
  operations: ['GET /api/certificates/file'],
  setup: async ({ http }) => {
    const learner = await demoLearner(http);
    const ids = (await certificates(http, learner)).map((item) => item.id);
    return async (index) => {
      try {
        const id = pick(ids, index);
        const answer = await http.send({
          path: `/api/certificates/file?id=${id}`,
          headers: bearer(learner),
          binary: true,
        });
        const head = answer.file?.head.toString('latin1', 0, 80) ?? '';
        return answer.status === 200 && head.startsWith('%PDF-')
          ? null
          : `expected a PDF, got ${answer.status} ${head}`;
      } catch (error) {
        return `request failed: ${error instanceof Error ? error.message : String(error)}`;
      }
    };
  },
};

/** The reads of the learners' own pages that go with the writes above. */
const READS: WriteTarget[] = [
  learnerRead(
    `my history (${ALL} learners)`,
    'GET /api/history',
    () => '/api/history?page=1&size=20',
    aPage,
  ),
  {
    // Web apps of before the move read the former path, which answers the same.
    ...learnerRead(
      `my reading (${ALL} learners)`,
      'GET /api/study/ebooks',
      (index) => `/api/${index % 2 === 0 ? 'study/ebooks' : 'ebooks/reading'}?page=1&size=20`,
      aPage,
    ),
    operations: ['GET /api/study/ebooks', 'GET /api/ebooks/reading'],
  },
  learnerRead(
    `my live schedule (${ALL} learners)`,
    'GET /api/live/schedule',
    () => '/api/live/schedule?page=1&size=20',
    aPage,
  ),
];

/** Every write target (and the reads of what they write), in the order they run. */
export const WRITE_TARGETS: WriteTarget[] = [
  ebookProgress,
  liveProgress,
  liveHeartbeat,
  liveReservations,
  pushSubscriptions,
  readMarks,
  historyAndFavourites,
  ...SIGNUP_TARGETS,
  ...TEAM_TARGETS,
  ...ACCOUNT_TARGETS,
  livePlaylist,
  certificateVerify,
  certificateFile,
  ...READS,
];
