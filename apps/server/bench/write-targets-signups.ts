import { earliestDeliveryDay, type SignupField, shanghaiDay } from '@portal/contract';
import { RateLimits } from '../src/platform/rate-limit.ts';
import { LEARNERS_PER_SCALE } from '../src/seed/seed.ts';
import { callApi, type HttpClient } from './http-client.ts';
import {
  answersFor,
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
  get,
  learnerSlice,
  logIn,
  multipartBody,
  noData,
  onceEach,
  pngPicture,
  post,
  STAFF_ACTIONS_PER_SECOND,
  type Step,
  spreadPairs,
  type WriteTarget,
} from './write-support.ts';

// Signing up and booking: activities (with and without files, checked in at the door),
// experience bases, learning walks (and their check-ins at the stops), and resource delivery
// (the learner's requests, what the delivery staff make of them).

/** The seed's account that checks learners in at every organiser's door. */
const ORGANISER_STAFF = '13800000009';
/** The seed's delivery staff account. */
const DELIVERY_STAFF = '13800000008';

/** Something with seats a learner takes one of. */
interface Seated {
  id: number;
  seatsLeft: number;
}

/**
 * (learner, item) pairs for learners who hold no seat of the item yet (see `spreadPairs`), at
 * most one pair per free seat: every signup of a pair then finds a seat, whatever the others do
 * meanwhile.
 */
function seatPairs<T extends Seated>(
  pool: readonly Learner[],
  items: readonly T[],
  taken: (learner: Learner, item: T) => boolean,
  max?: number,
): Array<{ learner: Learner; item: T }> {
  return spreadPairs(pool, items, { limit: (item) => item.seatsLeft, skip: taken, max });
}

interface Activity extends Seated {
  formFields: SignupField[];
  attachments: { accept: string[] } | null;
}

/** The activities open for signup, with their forms, and the ones each learner applied for. */
/** Pages of 50 open activities read at most while looking for the ones a target wants. */
const OPEN_ACTIVITY_PAGES = 40;

async function openActivities(
  http: HttpClient,
  pool: readonly Learner[],
  wanted: (activity: Activity) => boolean = () => true,
  kind?: string,
) {
  // Pages of open activities (of one kind when asked) until one is wanted.
  const activities: Activity[] = [];
  const ofKind = kind ? `&kind=${encodeURIComponent(kind)}` : '';
  for (let n = 1; n <= OPEN_ACTIVITY_PAGES && !activities.some(wanted); n += 1) {
    const page = await callApi<{ list: Array<{ id: number }> }>(http, {
      path: `/api/activities?page=${n}&size=50&status=${encodeURIComponent('报名中')}${ofKind}`,
    });
    if (page.list.length === 0) break;
    for (const { id } of page.list) {
      activities.push(await callApi<Activity>(http, { path: `/api/activities/detail?id=${id}` }));
    }
  }
  const applied = new Map<string, Set<number>>();
  for (const learner of pool) {
    const mine = await callApi<{ list: Array<{ id: number }> }>(http, {
      path: '/api/activities/mine?page=1&size=50',
      headers: bearer(learner),
    });
    applied.set(learner.username, new Set(mine.list.map((activity) => activity.id)));
  }
  const taken = (learner: Learner, activity: Activity) =>
    applied.get(learner.username)?.has(activity.id) ?? false;
  return { activities, taken };
}

/** Checks the answer of an application or its cancellation. */
const application = (status: 'active' | 'cancelled') => (data: unknown) => {
  const mine = isRecord(data) && isRecord(data.myApplication) ? data.myApplication.status : null;
  return expect(mine === status, `my application ${status}, got ${String(mine)}`);
};

interface ApplyState {
  learner: Learner;
  item: Activity;
  form: Record<string, string | string[]>;
}

/** Cancels the application of a pair. */
const cancelActivity =
  (http: HttpClient): Step<ApplyState> =>
  ({ learner, item }) =>
    post(
      http,
      learner,
      '/api/activities/cancel',
      { activityId: item.id },
      application('cancelled'),
    );

/** Learners apply for activities without attachments and cancel again. */
const activityApply: WriteTarget = {
  name: 'activity apply/cancel',
  rate: WRITE_RATE,
  p99Ms: WRITE_P99_MS,
  operations: ['POST /api/activities/apply', 'POST /api/activities/cancel'],
  budget: LEARNERS_PER_SCALE * (RateLimits.activitySignup.max - 10),
  setup: async (context) => {
    const { http } = context;
    const pool = await learnerSlice(context);
    const { activities, taken } = await openActivities(http, pool);
    const plain = activities.filter((activity) => activity.attachments === null);
    const states: ApplyState[] = seatPairs(pool, plain, taken).map((pair) => ({
      ...pair,
      form: answersFor(pair.item.formFields, pair.learner),
    }));
    const apply: Step<ApplyState> = ({ learner, item, form }) =>
      post(
        http,
        learner,
        '/api/activities/apply',
        { activityId: item.id, form },
        application('active'),
      );
    return cycle(states, [apply, cancelActivity(http)], '(learner, activity) pairs');
  },
};

/** Learners whose uploads count nowhere else (the profile's avatars are learners 0 to 39). */
const UPLOADERS = { from: 70, to: LEARNERS_PER_SCALE };

/** Special activities taking pictures: applications with a photo, and cancelled again. */
const activityApplyWithFiles: WriteTarget = {
  name: 'activity apply with a photo/cancel',
  rate: WRITE_RATE,
  p99Ms: WRITE_P99_MS,
  operations: ['POST /api/activities/apply-with-files', 'POST /api/activities/cancel'],
  // Uploads: 60 in 10 minutes a learner, of which the team avatars take up to 10.
  budget: (UPLOADERS.to - UPLOADERS.from) * (RateLimits.uploads.max - 12) * 2,
  setup: async (context) => {
    const { http } = context;
    const [pool, picture] = await Promise.all([
      learnerSlice(context, UPLOADERS.from, UPLOADERS.to),
      pngPicture(),
    ]);
    const takesPhoto = (activity: Activity) =>
      activity.attachments?.accept.includes('image/png') ?? false;
    // Special activities (特色活动) take files: in a district they are few among thousands.
    const { activities, taken } = await openActivities(http, pool, takesPhoto, '特色活动');
    const special = activities.filter(takesPhoto);
    const states: ApplyState[] = seatPairs(pool, special, taken).map((pair) => ({
      ...pair,
      form: answersFor(pair.item.formFields, pair.learner),
    }));
    const apply: Step<ApplyState> = ({ learner, item, form }) =>
      sendApi(
        http,
        {
          method: 'POST',
          path: '/api/activities/apply-with-files',
          headers: bearer(learner),
          body: multipartBody({ activityId: String(item.id), form: JSON.stringify(form) }, [
            { name: 'photo.png', content: picture, type: 'image/png' },
          ]),
        },
        application('active'),
      );
    return cycle(states, [apply, cancelActivity(http)], '(learner, activity) pairs');
  },
};

/** Pairs of the check-in target: a check-in cannot be undone, so each pair serves once. */
const CHECKIN_PAIRS = 150;

interface CheckinState extends ApplyState {
  code: string;
}

/**
 * Learners apply, find their check-in code (the QR of my activities), and the organisers' staff
 * account checks them in: a third of the requests are the staff's, who may check in 120 a
 * minute (one account at a door).
 */
const activityCheckin: WriteTarget = {
  name: 'activity check-in (apply, my code, staff scans it)',
  rate: STAFF_ACTIONS_PER_SECOND * 3,
  p99Ms: WRITE_P99_MS,
  operations: [
    'POST /api/activities/apply',
    'GET /api/activities/mine',
    'POST /api/activities/checkin',
  ],
  budget: 3 * Math.min(CHECKIN_PAIRS, RateLimits.checkIn.max - 10),
  setup: async (context) => {
    const { http } = context;
    const pool = await learnerSlice(context);
    const staff: Learner = { username: ORGANISER_STAFF, token: await logIn(http, ORGANISER_STAFF) };
    const { activities, taken } = await openActivities(http, pool);
    const plain = activities.filter((activity) => activity.attachments === null);
    const states: CheckinState[] = seatPairs(pool, plain, taken, CHECKIN_PAIRS).map((pair) => ({
      ...pair,
      form: answersFor(pair.item.formFields, pair.learner),
      code: '',
    }));
    const steps: Step<CheckinState>[] = [
      ({ learner, item, form }) =>
        post(
          http,
          learner,
          '/api/activities/apply',
          { activityId: item.id, form },
          application('active'),
        ),
      (state) =>
        get(http, state.learner, '/api/activities/mine?page=1&size=50', (data) => {
          const list = isRecord(data) && Array.isArray(data.list) ? data.list : [];
          const mine = list.find((item) => isRecord(item) && item.id === state.item.id);
          state.code =
            isRecord(mine) && typeof mine.checkinCode === 'string' ? mine.checkinCode : '';
          return expect(state.code !== '', `my check-in code of activity ${state.item.id}`);
        }),
      (state) =>
        post(http, staff, '/api/activities/checkin', { code: state.code }, (data) =>
          expect(
            isRecord(data) && data.activityId === state.item.id,
            `checked in at ${state.item.id}`,
          ),
        ),
    ];
    return onceEach(states, steps, 10, '(learner, activity) pairs');
  },
};

/** The bookable slots of every experience base of the site. */
async function baseSlots(http: HttpClient): Promise<Seated[]> {
  const bases = await callApi<{ list: Array<{ id: number }> }>(http, {
    path: '/api/bases?page=1&size=50',
  });
  const slots: Seated[] = [];
  for (const { id } of bases.list) {
    const detail = await callApi<{ programmes: Array<{ slots: Seated[] }> }>(http, {
      path: `/api/bases/detail?id=${id}`,
    });
    for (const programme of detail.programmes) {
      for (const { id: slot, seatsLeft } of programme.slots) slots.push({ id: slot, seatsLeft });
    }
  }
  return slots;
}

/** Learners book a slot of an experience base (a party of one) and cancel the booking. */
const baseBooking: WriteTarget = {
  name: 'experience base book/cancel',
  rate: WRITE_RATE,
  p99Ms: WRITE_P99_MS,
  operations: ['POST /api/bases/book', 'POST /api/bases/cancel'],
  budget: LEARNERS_PER_SCALE * (RateLimits.baseBooking.max - 10),
  setup: async (context) => {
    const { http } = context;
    const [pool, slots] = await Promise.all([learnerSlice(context), baseSlots(http)]);
    // The seed's learners have no bookings but the demo learners'.
    const states = seatPairs(pool, slots, () => false).map((pair) => ({ ...pair, booking: 0 }));
    type State = (typeof states)[number];
    const book: Step<State> = (state) =>
      post(
        http,
        state.learner,
        '/api/bases/book',
        {
          slotId: state.item.id,
          partySize: 1,
          contactName: '压测学员',
          contactPhone: state.learner.username,
        },
        (data) => {
          state.booking = isRecord(data) && typeof data.id === 'number' ? data.id : 0;
          return expect(
            isRecord(data) && data.slotId === state.item.id && data.state === 'booked',
            `a booking of slot ${state.item.id}`,
          );
        },
      );
    const cancel: Step<State> = (state) =>
      post(http, state.learner, '/api/bases/cancel', { bookingId: state.booking }, noData);
    return cycle(states, [book, cancel], '(learner, slot) pairs');
  },
};

/** The sessions (with seats) and stops (with their places) of every learning walk. */
async function walks(http: HttpClient) {
  const list = await callApi<{ list: Array<{ id: number }> }>(http, {
    path: '/api/walks?page=1&size=50',
  });
  const sessions: Seated[] = [];
  const stops: Array<{ id: number; lat: number; lng: number }> = [];
  for (const { id } of list.list) {
    const detail = await callApi<{
      sessions: Array<{ id: number; seatsLeft: number }>;
      stops: Array<{ id: number; lat: number; lng: number }>;
    }>(http, { path: `/api/walks/detail?id=${id}` });
    sessions.push(...detail.sessions);
    stops.push(...detail.stops.map(({ id: stop, lat, lng }) => ({ id: stop, lat, lng })));
  }
  return { sessions, stops };
}

/** One request in this many of the walk target is a check-in at a stop. */
const CHECKIN_EVERY = 20;

/**
 * Learners sign up for walk sessions and cancel, and check in at a stop (one request in
 * CHECKIN_EVERY). A check-in stays, and the next one of a learner must be a walk away (the
 * speed rule allows 30 km/h between check-ins, and stops are hundreds of metres apart), which a
 * run of seconds leaves no time for: each learner checks in once a run, at a stop of their own.
 */
const walkSignups: WriteTarget = {
  name: 'learning walk signup/cancel, stop check-in',
  rate: WRITE_RATE,
  p99Ms: WRITE_P99_MS,
  operations: ['POST /api/walks/signup', 'POST /api/walks/cancel', 'POST /api/walks/checkin'],
  budget: CHECKIN_EVERY * LEARNERS_PER_SCALE,
  setup: async (context) => {
    const { http } = context;
    const [pool, { sessions, stops }] = await Promise.all([learnerSlice(context), walks(http)]);
    const pairs = seatPairs(pool, sessions, () => false);
    const session =
      (path: '/api/walks/signup' | '/api/walks/cancel'): Step<(typeof pairs)[number]> =>
      ({ learner, item }) =>
        post(http, learner, path, { sessionId: item.id }, noData);
    const signups = cycle(
      pairs,
      [session('/api/walks/signup'), session('/api/walks/cancel')],
      '(learner, session) pairs',
    );
    return (index) => {
      if (index % CHECKIN_EVERY !== CHECKIN_EVERY - 1) return signups(index);
      const learner = pool[Math.floor(index / CHECKIN_EVERY)];
      if (!learner) return Promise.resolve(`all ${pool.length} learners checked in`);
      const stop = pick(stops, Math.floor(index / CHECKIN_EVERY));
      return post(
        http,
        learner,
        '/api/walks/checkin',
        { stopId: stop.id, lat: stop.lat, lng: stop.lng },
        (data) =>
          expect(isRecord(data) && data.stopId === stop.id, `checked in at stop ${stop.id}`),
      );
    };
  },
};

/** A deliverable resource and what a request for it must say. */
interface Deliverable {
  id: number;
  leadDays: number;
  audienceMin: number;
}

/** The first page of deliverable resources. */
async function deliverables(http: HttpClient): Promise<Deliverable[]> {
  const page = await callApi<{ list: Deliverable[] }>(http, {
    path: '/api/delivery/resources?page=1&size=20',
  });
  if (page.list.length === 0) throw new Error('the seed has no deliverable resource');
  return page.list;
}

/** A valid request of `learner` for `resource`, on the first day it may be delivered. */
function deliveryRequest(learner: Learner, resource: Deliverable) {
  return {
    resourceId: resource.id,
    date: earliestDeliveryDay(shanghaiDay(Date.now()), resource.leadDays),
    address: '静安区压测路 1 号',
    audience: resource.audienceMin,
    organisation: '压测社区学校',
    contactName: '压测学员',
    contactPhone: learner.username,
  };
}

interface DeliveryState {
  learner: Learner;
  resource: Deliverable;
  request: number;
  date: string;
}

/** Sends `learner`'s request of the state and keeps its id. */
const requestDelivery =
  (http: HttpClient): Step<DeliveryState> =>
  (state) => {
    const body = deliveryRequest(state.learner, state.resource);
    state.date = body.date;
    return post(http, state.learner, '/api/delivery/requests', body, (data) => {
      state.request = isRecord(data) && typeof data.id === 'number' ? data.id : 0;
      return expect(isRecord(data) && data.status === 'submitted', 'a submitted request');
    });
  };

/** Checks a request's answer: it is in `status` now. */
const deliveryStatus = (status: string) => (data: unknown) =>
  expect(isRecord(data) && data.status === status, `the request ${status}`);

/** Learners ask for a resource to be delivered and withdraw the request. */
const deliveryWithdraw: WriteTarget = {
  name: 'delivery request/withdraw',
  rate: WRITE_RATE,
  p99Ms: WRITE_P99_MS,
  operations: ['POST /api/delivery/requests', 'POST /api/delivery/requests/withdraw'],
  // Requests: 60 an hour a learner (the staff target below sends a few more).
  budget: LEARNERS_PER_SCALE * (RateLimits.deliveryRequest.max - 5) * 2,
  setup: async (context) => {
    const { http } = context;
    const [pool, resources] = await Promise.all([learnerSlice(context), deliverables(http)]);
    const states: DeliveryState[] = pool.map((learner, n) => ({
      learner,
      resource: pick(resources, n),
      request: 0,
      date: '',
    }));
    const withdraw: Step<DeliveryState> = (state) =>
      post(
        http,
        state.learner,
        '/api/delivery/requests/withdraw',
        { requestId: state.request },
        deliveryStatus('withdrawn'),
      );
    return cycle(states, [requestDelivery(http), withdraw], 'learners');
  },
};

/** Requests the delivery staff target has in hand at once. */
const DELIVERY_STAFF_KEYS = 4;

/**
 * A request through to its rating: a learner asks, the delivery staff accept, schedule and
 * complete it, the learner rates it. Three requests in five are the staff account's, who may
 * act 120 times a minute.
 */
const deliveryStaff: WriteTarget = {
  name: 'delivery staff accept/schedule/complete, learner rates',
  rate: (STAFF_ACTIONS_PER_SECOND * 5) / 3,
  p99Ms: WRITE_P99_MS,
  operations: [
    'POST /api/delivery/requests',
    'POST /api/delivery/staff/decide',
    'POST /api/delivery/requests/rate',
  ],
  budget: Math.floor(((RateLimits.deliveryActions.max - 10) * 5) / 3),
  setup: async (context) => {
    const { http } = context;
    const [pool, resources] = await Promise.all([learnerSlice(context), deliverables(http)]);
    const staff: Learner = { username: DELIVERY_STAFF, token: await logIn(http, DELIVERY_STAFF) };
    // Few keys: the steps of a key follow its cycle, and at this rate a round of all keys'
    // first steps, then their second ... must end within a run.
    const states: DeliveryState[] = pool.slice(0, DELIVERY_STAFF_KEYS).map((learner, n) => ({
      learner,
      resource: pick(resources, n + 1),
      request: 0,
      date: '',
    }));
    const decide =
      (action: 'accept' | 'schedule' | 'complete', status: string): Step<DeliveryState> =>
      (state) =>
        post(
          http,
          staff,
          '/api/delivery/staff/decide',
          action === 'schedule'
            ? {
                requestId: state.request,
                action,
                scheduledAt: `${state.date} 10:00`,
                place: '社区活动室',
              }
            : { requestId: state.request, action },
          deliveryStatus(status),
        );
    const rate: Step<DeliveryState> = (state) =>
      post(
        http,
        state.learner,
        '/api/delivery/requests/rate',
        { requestId: state.request, stars: 5 },
        (data) => expect(isRecord(data) && data.rating === 5, 'rated 5'),
      );
    return cycle(
      states,
      [
        requestDelivery(http),
        decide('accept', 'accepted'),
        decide('schedule', 'scheduled'),
        decide('complete', 'completed'),
        rate,
      ],
      'learners',
    );
  },
};

/** The delivery staff's list of requests to handle. */
const deliveryStaffList: WriteTarget = {
  name: 'delivery staff: requests to handle',
  rate: READ_RATE,
  p99Ms: READ_P99_MS,
  operations: ['GET /api/delivery/staff/requests'],
  setup: async ({ http }) => {
    const staff: Learner = { username: DELIVERY_STAFF, token: await logIn(http, DELIVERY_STAFF) };
    return () => get(http, staff, '/api/delivery/staff/requests?page=1&size=20', aPage);
  },
};

export const SIGNUP_TARGETS: WriteTarget[] = [
  activityApply,
  activityApplyWithFiles,
  activityCheckin,
  baseBooking,
  walkSignups,
  deliveryWithdraw,
  deliveryStaff,
  deliveryStaffList,
];
