import { RateLimits } from '../src/platform/rate-limit.ts';
import { DEMO_PASSWORD } from '../src/seed/seed.ts';
import type { HttpClient } from './http-client.ts';
import {
  bearer,
  isRecord,
  type Learner,
  sendApi,
  WRITE_P99_MS,
  WRITE_RATE,
} from './open-targets.ts';
import {
  CodeInbox,
  callbackOf,
  cycle,
  exchangeTicket,
  expect,
  freshAddress,
  get,
  HASHES_PER_SECOND,
  learnerSlice,
  multipartBody,
  noData,
  pngPicture,
  post,
  type Step,
  submitForm,
  type WriteTarget,
} from './write-support.ts';

// The learner's own account and the account center (`/sso`): profile, password, signing in and
// out, registering and deleting an account, binding a phone and an external identity. The
// account-settings limit (60 a minute) counts per learner for all of them, so each target has
// learners of its own (and the upload limit, 60 in 10 minutes, is the profile learners' alone):
// profile 0-39, password 40-49, sign-in 50-57, phone 70-199. The targets bound by password
// hashes have few keys: each key's cycle goes in step with the others', so N keys send N
// requests of one step in a row, and N hashes in a row queue on the server's two cores.

const PROFILE_LEARNERS = { from: 0, to: 40 };
const PASSWORD_LEARNERS = { from: 40, to: 50 };
const SIGN_IN_LEARNERS = { from: 50, to: 58 };
const ROTATION_LEARNERS = { from: 58, to: 70 };
const PHONE_LEARNERS = { from: 70, to: 200 };

/** How a page of the account center must answer: 200, its form. */
async function formPage(http: HttpClient, form: 'login' | 'register'): Promise<string | null> {
  try {
    const callback = encodeURIComponent(callbackOf(http));
    const answer = await http.send({ path: `/sso/${form}?callback=${callback}` });
    return answer.status === 200 && answer.text.includes('name="password"')
      ? null
      : `GET /sso/${form} answered ${answer.status} without the form`;
  } catch (error) {
    return `request failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** A ticket of the account center for `username` (a password check); throws naming `what`. */
async function signedInTicket(http: HttpClient, username: string, what: string): Promise<string> {
  const form = await submitForm(http, 'login', { username, password: DEMO_PASSWORD });
  if ('problem' in form) throw new Error(`${what}: signing ${username} in: ${form.problem}`);
  return form.ticket;
}

/** A nickname or avatar changed in turn (the profile page). */
const profile: WriteTarget = {
  name: `profile: rename / new avatar (${PROFILE_LEARNERS.to - PROFILE_LEARNERS.from} learners)`,
  rate: WRITE_RATE,
  p99Ms: WRITE_P99_MS,
  operations: ['POST /api/account/profile', 'POST /api/account/avatar'],
  // Half the requests count against each limit, per learner, once a run (a minute or less).
  budget:
    (PROFILE_LEARNERS.to - PROFILE_LEARNERS.from) *
    2 *
    (Math.min(RateLimits.accountSettings.max, RateLimits.uploads.max) - 2),
  setup: async (context) => {
    const { http } = context;
    const [pool, picture] = await Promise.all([
      learnerSlice(context, PROFILE_LEARNERS.from, PROFILE_LEARNERS.to),
      pngPicture(),
    ]);
    const states = pool.map((learner) => ({ learner, renames: 0, avatar: '' }));
    type State = (typeof states)[number];
    const rename: Step<State> = (state) => {
      const nickname = `压测学员${state.renames % 2 === 0 ? '甲' : '乙'}`;
      state.renames += 1;
      return post(http, state.learner, '/api/account/profile', { nickname }, (data) =>
        expect(isRecord(data) && data.nickname === nickname, `the nickname ${nickname}`),
      );
    };
    const avatar: Step<State> = (state) =>
      sendApi(
        http,
        {
          method: 'POST',
          path: '/api/account/avatar',
          headers: bearer(state.learner),
          body: multipartBody({}, [{ name: 'me.png', content: picture, field: 'file' }]),
        },
        (data) => {
          const url = isRecord(data) && typeof data.avatar === 'string' ? data.avatar : '';
          const fresh = url.startsWith('/files/avatars/') && url !== state.avatar;
          state.avatar = url;
          return expect(fresh, 'a new avatar');
        },
      );
    return cycle(states, [rename, avatar], 'learners');
  },
};

/** A password changed and changed back (two hashes a request: the old checked, the new made). */
const password: WriteTarget = {
  name: `password change and back (${PASSWORD_LEARNERS.to - PASSWORD_LEARNERS.from} learners)`,
  rate: HASHES_PER_SECOND / 2,
  p99Ms: WRITE_P99_MS,
  operations: ['POST /api/account/password'],
  budget: (PASSWORD_LEARNERS.to - PASSWORD_LEARNERS.from) * (RateLimits.accountSettings.max - 2),
  setup: async (context) => {
    const pool = await learnerSlice(context, PASSWORD_LEARNERS.from, PASSWORD_LEARNERS.to);
    const other = 'Bench@2026';
    const states = pool.map((learner) => ({ learner, current: DEMO_PASSWORD }));
    const change: Step<(typeof states)[number]> = async (state) => {
      const next = state.current === DEMO_PASSWORD ? other : DEMO_PASSWORD;
      const problem = await post(
        context.http,
        state.learner,
        '/api/account/password',
        { oldPassword: state.current, newPassword: next },
        noData,
      );
      if (problem === null) state.current = next;
      return problem;
    };
    return cycle(states, [change], 'learners');
  },
};

interface SignInState {
  /** The learner's token of the pool: the device that signs the others out. */
  learner: Learner;
  ticket: string;
  /** The token of the latest sign-in, on another device. */
  other: Learner;
  otherDevice: string;
}

/**
 * Signing in and out, and the sessions it makes: a learner opens the login page, signs in
 * (the form, then the ticket's exchange), signs out; a portal trusting the account center
 * redeems a ticket; the learner signs in elsewhere and signs that device out from the first,
 * then all the others. Four password checks in 13 requests.
 */
const signIn: WriteTarget = {
  name: `sign in / out, devices (${SIGN_IN_LEARNERS.to - SIGN_IN_LEARNERS.from} learners)`,
  rate: Math.round((HASHES_PER_SECOND * 13) / 4),
  p99Ms: WRITE_P99_MS,
  operations: [
    'GET /sso/login',
    'POST /sso/login',
    'POST /api/account/login',
    'POST /api/account/logout',
    'GET /api/sso/validate',
    'GET /api/account/devices',
    'POST /api/account/devices/sign-out',
    'POST /api/account/devices/sign-out-others',
  ],
  setup: async (context) => {
    const { http } = context;
    const pool = await learnerSlice(context, SIGN_IN_LEARNERS.from, SIGN_IN_LEARNERS.to);
    const states: SignInState[] = pool.map((learner) => ({
      learner,
      ticket: '',
      other: { username: learner.username, token: '' },
      otherDevice: '',
    }));
    const page: Step<SignInState> = () => formPage(http, 'login');
    const submit: Step<SignInState> = async (state) => {
      const form = await submitForm(http, 'login', {
        username: state.learner.username,
        password: DEMO_PASSWORD,
      });
      if ('problem' in form) return form.problem;
      state.ticket = form.ticket;
      return null;
    };
    const exchange: Step<SignInState> = async (state) => {
      const answer = await exchangeTicket(http, state.ticket);
      if ('problem' in answer) return answer.problem;
      state.other.token = answer.token;
      return null;
    };
    const logOut: Step<SignInState> = (state) =>
      post(http, state.other, '/api/account/logout', undefined, noData);
    const redeem: Step<SignInState> = (state) =>
      get(http, null, `/api/sso/validate?ticket=${encodeURIComponent(state.ticket)}`, (data) =>
        expect(isRecord(data) && typeof data.subject === 'string', "the ticket's subject"),
      );
    const findDevice: Step<SignInState> = (state) =>
      get(http, state.other, '/api/account/devices', (data) => {
        const current = Array.isArray(data)
          ? data.find((device) => isRecord(device) && device.current === true)
          : undefined;
        state.otherDevice = isRecord(current) && typeof current.id === 'string' ? current.id : '';
        return expect(state.otherDevice !== '', 'this device in the list');
      });
    const signOutDevice: Step<SignInState> = (state) =>
      post(http, state.learner, '/api/account/devices/sign-out', { id: state.otherDevice }, noData);
    const signOutOthers: Step<SignInState> = (state) =>
      post(http, state.learner, '/api/account/devices/sign-out-others', undefined, noData);
    return cycle(
      states,
      [
        page,
        submit,
        exchange,
        logOut,
        submit,
        redeem,
        submit,
        exchange,
        findDevice,
        signOutDevice,
        submit,
        exchange,
        signOutOthers,
      ],
      'learners',
    );
  },
};

/**
 * Token rotation as the app does it at every start (`refresh-token (learner)` replays one token,
 * which answers its successor without writing): each learner signs in a device of their own
 * (not the pool's token, which other targets use) and refreshes the token their last refresh
 * answered, so every request is a first rotation, with its writes.
 */
const rotation: WriteTarget = {
  name: `token rotation (${ROTATION_LEARNERS.to - ROTATION_LEARNERS.from} learners)`,
  rate: WRITE_RATE,
  p99Ms: WRITE_P99_MS,
  operations: ['GET /api/account/refresh-token'],
  setup: async (context) => {
    const { http } = context;
    const pool = await learnerSlice(context, ROTATION_LEARNERS.from, ROTATION_LEARNERS.to);
    const devices: Learner[] = [];
    for (const learner of pool) {
      const ticket = await signedInTicket(http, learner.username, 'token rotation');
      const answer = await exchangeTicket(http, ticket);
      if ('problem' in answer) throw new Error(`token rotation: ${answer.problem}`);
      devices.push({ username: learner.username, token: answer.token });
    }
    const refresh: Step<Learner> = (device) =>
      get(http, device, '/api/account/refresh-token', (data) => {
        if (typeof data !== 'string' || data === '' || data === device.token) {
          return 'expected a new token';
        }
        device.token = data;
        return null;
      });
    return cycle(devices, [refresh], 'devices');
  },
};

let registered = 0;

/** A number of the 136 range for a new account (the seed's learners are 138 and 139). */
const newAccountPhone = () => {
  registered += 1;
  return `136${String(registered).padStart(8, '0')}`;
};

/**
 * New accounts registered and deleted again (注销): the page, the form (a hash), the ticket's
 * exchange, the deletion (a hash). Each registration comes from an address of its own, as new
 * learners do: the account center allows an address 10 registrations in 15 minutes.
 */
const registerDelete: WriteTarget = {
  name: 'register / delete account',
  rate: (HASHES_PER_SECOND * 4) / 2,
  p99Ms: WRITE_P99_MS,
  operations: [
    'GET /sso/register',
    'POST /sso/register',
    'POST /api/account/login',
    'POST /api/account/delete',
  ],
  setup: async ({ http }) => {
    const password = 'Bench@2026';
    const states = Array.from({ length: 10 }, () => ({
      ticket: '',
      account: null as Learner | null,
    }));
    type State = (typeof states)[number];
    const page: Step<State> = () => formPage(http, 'register');
    const register: Step<State> = async (state) => {
      const username = newAccountPhone();
      const form = await submitForm(
        http,
        'register',
        { username, password, confirmPassword: password, nickname: '压测新学员' },
        freshAddress(),
      );
      if ('problem' in form) return form.problem;
      state.ticket = form.ticket;
      state.account = { username, token: '' };
      return null;
    };
    const exchange: Step<State> = async (state) => {
      const answer = await exchangeTicket(http, state.ticket);
      if ('problem' in answer) return answer.problem;
      if (state.account) state.account.token = answer.token;
      return null;
    };
    const remove: Step<State> = (state) =>
      state.account
        ? post(http, state.account, '/api/account/delete', { password }, noData)
        : Promise.resolve('no account to delete');
    return cycle(states, [page, register, exchange, remove], 'new accounts');
  },
};

/** `139****0150` of `13900000150`, as the bindings show a phone. */
const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

let phonesGiven = 0;

/** A number of the 137 range no account has (the seed's are 138 and 139, new accounts 136). */
const newPhone = () => {
  phonesGiven += 1;
  return `137${String(phonesGiven).padStart(8, '0')}`;
};

interface PhoneState {
  learner: Learner;
  /** A ticket of the learner's own sign-in at the identity provider (this account center). */
  ticket: string;
  /** The bound phone (the login name), or the one being bound. */
  phone: string;
}

/**
 * Changes of phone after the first binding: a learner may ask for 30 codes an hour, one goes to
 * the unbinding, one to the first binding, one is spared.
 */
const PHONE_CHANGES = RateLimits.codesByLearner.max - 3;

/**
 * The login methods: a learner binds the external identity (the account center, as the
 * portal's identity provider), unbinds the phone with a code sent to it, binds a new one with a
 * code, unbinds the identity, then changes the phone many times. Every number gets one code, at
 * most: a phone may get one a minute and five an hour; every code is asked for from an address
 * of its own (20 an hour each); a learner may ask for 30 an hour, which bounds the changes.
 */
const phone: WriteTarget = {
  name: `phone and identity bind/unbind (${PHONE_LEARNERS.to - PHONE_LEARNERS.from} learners)`,
  rate: WRITE_RATE,
  p99Ms: WRITE_P99_MS,
  operations: [
    'POST /api/account/identity/bind',
    'POST /api/account/identity/unbind',
    // A key that comes round again signs in for a new ticket (see the first step).
    'POST /sso/login',
    'POST /api/account/phone/code',
    'POST /api/account/phone/bind',
    'POST /api/account/phone/unbind',
  ],
  budget: (PHONE_LEARNERS.to - PHONE_LEARNERS.from) * (6 + 2 * PHONE_CHANGES),
  setup: async (context) => {
    const { http } = context;
    const inbox = CodeInbox.of(context);
    const pool = await learnerSlice(context, PHONE_LEARNERS.from, PHONE_LEARNERS.to);
    // The identity provider's sign-ins (a password check each) before the run, not in it.
    const states: PhoneState[] = [];
    for (const learner of pool) {
      const ticket = await signedInTicket(http, learner.username, 'phone');
      states.push({ learner, ticket, phone: learner.username });
    }
    const external = (bound: boolean) => (data: unknown) =>
      expect(
        isRecord(data) && isRecord(data.external) && data.external.bound === bound,
        `the identity ${bound ? 'bound' : 'unbound'}`,
      );
    const sendCode =
      (purpose: 'bind' | 'unbind'): Step<PhoneState> =>
      (state) => {
        if (purpose === 'bind') state.phone = newPhone();
        return sendApi(
          http,
          {
            method: 'POST',
            path: '/api/account/phone/code',
            headers: bearer(state.learner),
            json: purpose === 'bind' ? { purpose, phone: state.phone } : { purpose },
            localAddress: freshAddress(),
          },
          (data) => expect(isRecord(data) && typeof data.resendAfterSeconds === 'number', 'a wait'),
        );
      };
    const withCode = async (state: PhoneState, send: (code: string) => Promise<string | null>) => {
      const code = await inbox.codeFor(state.phone);
      return code ? send(code) : `no code was sent to ${state.phone}`;
    };
    const steps: Step<PhoneState>[] = [
      async (state) => {
        // A ticket is used once: a key that comes round again (the budget counts all keys'
        // requests, and quick keys start over) signs in for a new one.
        // Signed in by the phone bound last: the login name follows the phone.
        if (state.ticket === '') state.ticket = await signedInTicket(http, state.phone, 'phone');
        const problem = await post(
          http,
          state.learner,
          '/api/account/identity/bind',
          { ticket: state.ticket },
          external(true),
        );
        if (problem === null) state.ticket = '';
        return problem;
      },
      sendCode('unbind'),
      (state) =>
        withCode(state, (code) =>
          post(http, state.learner, '/api/account/phone/unbind', { code }, (data) =>
            expect(isRecord(data) && data.phone === null, 'no phone'),
          ),
        ),
      ...Array.from({ length: PHONE_CHANGES + 1 }, (_, n) => [
        sendCode('bind'),
        (state: PhoneState) =>
          withCode(state, (code) =>
            post(
              http,
              state.learner,
              '/api/account/phone/bind',
              { phone: state.phone, code },
              (data) =>
                expect(isRecord(data) && data.phone === masked(state.phone), 'the new phone'),
            ),
          ),
        // Once a phone is bound again, the identity may go.
        ...(n === 0
          ? [
              (state: PhoneState) =>
                post(http, state.learner, '/api/account/identity/unbind', {}, external(false)),
            ]
          : []),
      ]).flat(),
    ];
    return cycle(states, steps, 'learners');
  },
};

export const ACCOUNT_TARGETS: WriteTarget[] = [
  profile,
  password,
  signIn,
  rotation,
  registerDelete,
  phone,
];
