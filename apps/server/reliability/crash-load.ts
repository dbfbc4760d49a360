import type { SignupField, SignupStatus } from '@portal/contract';
import type { HttpClient, HttpRequest } from '../bench/http-client.ts';
import { answersFor, bearer, isRecord } from '../bench/open-targets.ts';
import { pagesMilestone } from '../src/modules/ebooks/ebooks.service.ts';

// The mixed write load of the crash scenarios: learners signing up, reporting progress,
// favouriting, viewing and reading, each learner's requests one after another (so what a
// learner was last answered is what the database must hold), with every write the server
// answered with code 0 recorded for looking up after the crash.

/** A learner of the seed, logged in, with the id the database knows them by. */
export interface LoadLearner {
  username: string;
  token: string;
  userId: number;
}

/** A write the server answered with code 0: what the database must hold after any crash. */
export type AckedWrite =
  | { kind: 'class signup'; userId: number; classId: number; status: SignupStatus }
  | { kind: 'activity application'; userId: number; activityId: number; status: SignupStatus }
  | { kind: 'team membership'; userId: number; teamId: number }
  | { kind: 'favourite'; userId: number; courseId: number }
  | { kind: 'view'; userId: number; courseId: number; viewCount: number }
  | { kind: 'progress'; userId: number; lessonId: number; position: number; completed: boolean }
  | { kind: 'reading'; userId: number; ebookId: number; page: number; milestone: number | null };

/** One answer: the HTTP status and the parsed envelope, or why there was none. */
export interface Answer {
  status: number;
  text: string;
  envelope: { code: number; message: string; data: unknown } | null;
  ms: number;
  /** A network error or the client's time-out: no HTTP answer. */
  error: string | null;
}

/** Sends one request and never rejects. */
export async function send(
  http: HttpClient,
  request: HttpRequest,
  timeoutMs = 10_000,
): Promise<Answer> {
  const started = performance.now();
  try {
    const answer = await http.send(request, timeoutMs);
    return {
      status: answer.status,
      text: answer.text,
      envelope: envelopeOf(answer.text),
      ms: performance.now() - started,
      error: null,
    };
  } catch (error) {
    return {
      status: 0,
      text: '',
      envelope: null,
      ms: performance.now() - started,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

function envelopeOf(text: string): Answer['envelope'] {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null) return null;
    const { code, message, data } = body as Record<string, unknown>;
    if (typeof code !== 'number' || typeof message !== 'string' || !('data' in body)) return null;
    return { code, message, data };
  } catch {
    return null;
  }
}

/** `data` of a code-0 answer, or an error naming the request. */
async function data<T>(http: HttpClient, request: HttpRequest): Promise<T> {
  const answer = await send(http, request);
  if (answer.envelope?.code !== 0) {
    throw new Error(
      `${request.path}: ${answer.status} ${answer.error ?? answer.text.slice(0, 200)}`,
    );
  }
  return answer.envelope.data as T;
}

interface Seat {
  kind: 'class' | 'activity' | 'team';
  id: number;
  form: Record<string, unknown>;
}

/** What the load works on, found through the API. */
export interface LoadItems {
  courseIds: number[];
  lessons: Array<{ id: number; courseId: number }>;
  ebooks: Array<{ id: number; pageCount: number }>;
  /** Per learner: the classes, activities and open teams with a seat to take. */
  seats: Map<number, Seat[]>;
}

/** Finds courses, video lessons, long e-books, and open classes, activities and teams. */
export async function findLoadItems(http: HttpClient, learners: LoadLearner[]): Promise<LoadItems> {
  const courses = await data<{ list: Array<{ id: number }> }>(http, {
    path: '/api/courses?page=1&size=20',
  });
  const courseIds = courses.list.map((course) => course.id);
  const lessons: LoadItems['lessons'] = [];
  for (const courseId of courseIds.slice(0, 6)) {
    const detail = await data<{
      chapters: Array<{ lessons: Array<{ id: number; kind: string }> }>;
    }>(http, { path: `/api/courses/detail?id=${courseId}` });
    for (const chapter of detail.chapters) {
      for (const lesson of chapter.lessons) {
        if (lesson.kind === 'video') lessons.push({ id: lesson.id, courseId });
      }
    }
  }
  const books = await data<{ list: Array<{ id: number; pageCount: number }> }>(http, {
    path: '/api/ebooks?page=1&size=20',
  });
  const ebooks = books.list.filter((book) => book.pageCount >= 40);
  const open = encodeURIComponent('报名中');
  const classes = await data<{ list: Array<{ id: number }> }>(http, {
    path: `/api/classes?page=1&size=50&status=${open}`,
  });
  const activities = await data<{ list: Array<{ id: number }> }>(http, {
    path: `/api/activities?page=1&size=50&status=${open}`,
  });
  const teams = await data<{
    list: Array<{ id: number; joinMode: string; capacity: number; memberCount: number }>;
  }>(http, { path: '/api/teams?page=1&size=50' });
  const seats = new Map<number, Seat[]>(learners.map((learner) => [learner.userId, []]));
  const spread = (kind: Seat['kind'], id: number, free: number, fields: SignupField[]) => {
    // Fewer takers than seats: every signup of the load can be answered with code 0.
    for (const learner of learners.slice(0, Math.max(0, free - 1))) {
      seats.get(learner.userId)?.push({ kind, id, form: answersFor(fields, learner) });
    }
  };
  for (const { id } of classes.list.slice(0, 8)) {
    const detail = await data<{ seatsLeft: number; formFields: SignupField[]; mySignup: unknown }>(
      http,
      { path: `/api/classes/detail?id=${id}` },
    );
    spread('class', id, detail.seatsLeft, detail.formFields);
  }
  for (const { id } of activities.list.slice(0, 8)) {
    const detail = await data<{
      seatsLeft: number;
      formFields: SignupField[];
      attachments: unknown;
    }>(http, { path: `/api/activities/detail?id=${id}` });
    if (detail.attachments === null) spread('activity', id, detail.seatsLeft, detail.formFields);
  }
  for (const team of teams.list.filter((candidate) => candidate.joinMode === 'open').slice(0, 6)) {
    spread('team', team.id, team.capacity - team.memberCount, []);
  }
  if (lessons.length === 0 || ebooks.length === 0 || courseIds.length === 0) {
    throw new Error('the seed has no video lesson, long e-book or course to load');
  }
  return { courseIds, lessons, ebooks, seats };
}

const pick = <T>(items: readonly T[]): T => {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
};

/** What one learner's requests have reached so far (kept across crashes). */
interface LearnerState {
  positions: Map<number, number>;
  /** Pages sent per book, and whether a report of the book was answered (it was opened). */
  pages: Map<number, { sent: number; opened: boolean }>;
}

/** Counts of what the load sent and how it was answered. */
export interface LoadCounts {
  sent: number;
  ok: number;
  refused: number;
  failed: number;
}

/**
 * Runs one learner's requests one after another until `running()` is false, recording each
 * write answered with code 0 in `acked`.
 */
export async function learnerLoad(options: {
  http: () => HttpClient;
  learner: LoadLearner;
  items: LoadItems;
  state: Map<number, LearnerState>;
  acked: AckedWrite[];
  counts: LoadCounts;
  running: () => boolean;
}): Promise<void> {
  const { learner, items, acked, counts } = options;
  let state = options.state.get(learner.userId);
  if (!state) {
    state = { positions: new Map(), pages: new Map() };
    options.state.set(learner.userId, state);
  }
  const seats = items.seats.get(learner.userId) ?? [];
  const userId = learner.userId;
  while (options.running()) {
    const http = options.http();
    const roll = Math.random();
    let request: HttpRequest;
    let onOk: (data: unknown) => void;
    if (roll < 0.1 && seats.length > 0) {
      const seat = seats[0] as Seat;
      const [path, body] =
        seat.kind === 'class'
          ? ['/api/classes/signup', { classId: seat.id, form: seat.form }]
          : seat.kind === 'activity'
            ? ['/api/activities/apply', { activityId: seat.id, form: seat.form }]
            : ['/api/teams/join', { teamId: seat.id }];
      request = { method: 'POST', path, headers: bearer(learner), json: body };
      // Tried once: after a crash the unanswered signup may be there (a retry would answer 409).
      seats.shift();
      onOk = (answer) => {
        // A class or activity whose sign-ups are reviewed answers 待审核 (`pending`): that is
        // the row the database must hold.
        if (seat.kind === 'class') {
          const { status } = (answer as { mySignup: { status: SignupStatus } }).mySignup;
          acked.push({ kind: 'class signup', userId, classId: seat.id, status });
        } else if (seat.kind === 'activity') {
          const { status } = (answer as { myApplication: { status: SignupStatus } }).myApplication;
          acked.push({ kind: 'activity application', userId, activityId: seat.id, status });
        } else acked.push({ kind: 'team membership', userId, teamId: seat.id });
      };
    } else if (roll < 0.4) {
      const lesson = pick(items.lessons);
      const position = (state.positions.get(lesson.id) ?? 0) + 4;
      state.positions.set(lesson.id, position);
      request = {
        method: 'POST',
        path: '/api/study/progress',
        headers: bearer(learner),
        json: {
          lessonId: lesson.id,
          courseId: lesson.courseId,
          positionSeconds: position,
          watchedSeconds: 4,
          durationSeconds: 60,
        },
      };
      onOk = (answer) => {
        if (!isRecord(answer)) return;
        acked.push({
          kind: 'progress',
          userId,
          lessonId: lesson.id,
          position: Number(answer.positionSeconds),
          completed: answer.completed === true,
        });
      };
    } else if (roll < 0.6) {
      const courseId = pick(items.courseIds);
      request = {
        method: 'POST',
        path: '/api/history',
        headers: bearer(learner),
        json: { contentType: 'course', contentId: courseId },
      };
      onOk = (answer) => {
        if (!isRecord(answer)) return;
        acked.push({ kind: 'view', userId, courseId, viewCount: Number(answer.viewCount) });
      };
    } else if (roll < 0.75) {
      const courseId = pick(items.courseIds);
      request = {
        method: 'POST',
        path: '/api/favourites',
        headers: bearer(learner),
        json: { contentType: 'course', contentId: courseId },
      };
      onOk = () => acked.push({ kind: 'favourite', userId, courseId });
    } else {
      const book = pick(items.ebooks);
      const reading = state.pages.get(book.id) ?? { sent: 0, opened: false };
      // Until a report of the book was answered, open it (page 1: no award); then read on 10
      // pages a report, each reaching the next milestone (an award, within the daily cap).
      const page = reading.opened ? Math.min(reading.sent + 10, book.pageCount) : 1;
      const milestone = reading.opened ? pagesMilestone(reading.sent, page) : null;
      state.pages.set(book.id, { sent: page, opened: reading.opened });
      request = {
        method: 'POST',
        path: '/api/study/ebook-progress',
        headers: bearer(learner),
        json: { ebookId: book.id, page },
      };
      onOk = () => {
        state.pages.set(book.id, { sent: page, opened: true });
        acked.push({ kind: 'reading', userId, ebookId: book.id, page, milestone });
      };
    }
    counts.sent += 1;
    const answer = await send(http, request, 10_000);
    if (answer.envelope?.code === 0) {
      counts.ok += 1;
      onOk(answer.envelope.data);
    } else if (answer.envelope) {
      counts.refused += 1;
    } else {
      counts.failed += 1;
      // The server is gone (the kill): wait for the round to end rather than spin.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
