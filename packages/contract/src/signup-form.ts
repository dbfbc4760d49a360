/**
 * The rules of a class signup that the web app and the server both apply, free of zod so the
 * web imports them from `@portal/contract/constants`: the class status rule and the check of a
 * submitted signup form against the fields the class asks for.
 */
import { PHONE_PATTERN, SIGNUP_NUMBER_MAX, SIGNUP_NUMBER_MIN, SIGNUP_TEXT_MAX } from './limits.ts';

/** Every status a class (班级) can be in, in the order the class list shows them. */
export const CLASS_STATUSES = ['报名中', '未开始', '已满', '进行中', '已结束'] as const;
export type ClassStatus = (typeof CLASS_STATUSES)[number];

/** The four times of a class, as epoch milliseconds or ISO 8601 strings. */
export interface ClassTimes {
  signupStart: number | string;
  signupEnd: number | string;
  startAt: number | string;
  endAt: number | string;
}

/** Where a time stands against the signup window: before it, inside it, or after it. */
export type SignupPhase = 'notOpen' | 'open' | 'closed';

const ms = (time: number | string) => (typeof time === 'number' ? time : Date.parse(time));

/**
 * Where `now` stands against the signup window. The window is
 * `[signupStart, min(signupEnd, startAt))`: it opens at `signupStart` and closes at
 * `signupEnd`, or earlier when the class starts first (a class that has begun takes no signups).
 * Cancelling a signup is allowed exactly while the window is open.
 */
export function signupPhaseAt(times: ClassTimes, now: number): SignupPhase {
  if (now < ms(times.signupStart)) return 'notOpen';
  if (now < Math.min(ms(times.signupEnd), ms(times.startAt))) return 'open';
  return 'closed';
}

/**
 * The status of a class at `now`, decided in this order:
 * 1. `now >= endAt` -> 已结束;
 * 2. `now < signupStart` -> 未开始;
 * 3. inside the signup window (see {@link signupPhaseAt}) -> 报名中 while seats are left,
 *    已满 when `seatsTaken >= capacity`;
 * 4. otherwise (signup closed or the class has started, not yet ended) -> 进行中.
 * Every bound is inclusive at its start: at exactly `signupStart` the class is 报名中, at exactly
 * `signupEnd` (or `startAt`) it is 进行中, at exactly `endAt` it is 已结束.
 */
export function classStatusAt(
  klass: ClassTimes & { capacity: number; seatsTaken: number },
  now: number,
): ClassStatus {
  if (now >= ms(klass.endAt)) return '已结束';
  const phase = signupPhaseAt(klass, now);
  if (phase === 'notOpen') return '未开始';
  if (phase === 'open') return klass.seatsTaken >= klass.capacity ? '已满' : '报名中';
  return '进行中';
}

/**
 * What a signup form field holds: free text, a mobile number, an integer, one of its options
 * (`choice`), or any number of its options (`multi`, answered as an array of strings).
 */
export const SIGNUP_FIELD_KINDS = ['text', 'phone', 'number', 'choice', 'multi'] as const;
export type SignupFieldKind = (typeof SIGNUP_FIELD_KINDS)[number];

/** One field of the signup form a class asks for, e.g. `{ key: 'phone', label: '手机号', ... }`. */
export interface SignupField {
  key: string;
  label: string;
  kind: SignupFieldKind;
  required: boolean;
  /** The allowed answers of a `choice` or `multi` field. */
  options?: string[] | undefined;
}

/** One answer: a string, or for a `multi` field the chosen options. */
export type SignupAnswer = string | string[];

export type SignupFormResult =
  | { ok: true; form: Record<string, SignupAnswer> }
  | { ok: false; errors: Record<string, string> };

const INTEGER = /^[+-]?\d{1,9}$/;

/** The normalised answer of one field, or the Chinese message of what is wrong with it. */
function checkField(field: SignupField, raw: unknown): { value: SignupAnswer } | { error: string } {
  if (field.kind === 'multi') return checkMulti(field, raw);
  if (raw !== undefined && raw !== null && typeof raw !== 'string') {
    return { error: `${field.label}格式不正确` };
  }
  const text = (raw ?? '').trim();
  if (text === '') {
    if (!field.required) return { value: '' };
    return { error: field.kind === 'choice' ? `请选择${field.label}` : `请填写${field.label}` };
  }
  switch (field.kind) {
    case 'phone': {
      const phone = text.replace(/[\s-]/g, '');
      return PHONE_PATTERN.test(phone)
        ? { value: phone }
        : { error: `${field.label}格式不正确，请填写 11 位手机号` };
    }
    case 'number': {
      const value = INTEGER.test(text) ? Number(text) : Number.NaN;
      return Number.isInteger(value) && value >= SIGNUP_NUMBER_MIN && value <= SIGNUP_NUMBER_MAX
        ? { value: String(value) }
        : { error: `${field.label}请填写 ${SIGNUP_NUMBER_MIN}-${SIGNUP_NUMBER_MAX} 之间的整数` };
    }
    case 'choice':
      return field.options?.includes(text)
        ? { value: text }
        : { error: `${field.label}请从给出的选项中选择` };
    case 'text':
      return [...text].length <= SIGNUP_TEXT_MAX
        ? { value: text }
        : { error: `${field.label}最多 ${SIGNUP_TEXT_MAX} 个字` };
  }
}

/** The chosen options of a `multi` field: each one of its options, none twice, in its order. */
function checkMulti(field: SignupField, raw: unknown): { value: string[] } | { error: string } {
  const chosen = raw === undefined || raw === null || raw === '' ? [] : raw;
  if (!Array.isArray(chosen) || chosen.some((item) => typeof item !== 'string')) {
    return { error: `${field.label}格式不正确` };
  }
  if (chosen.length === 0) {
    return field.required ? { error: `请选择${field.label}` } : { value: [] };
  }
  const options = field.options ?? [];
  if (chosen.some((item) => !options.includes(item))) {
    return { error: `${field.label}请从给出的选项中选择` };
  }
  return { value: options.filter((option) => chosen.includes(option)) };
}

const isEmptyAnswer = (value: SignupAnswer) =>
  Array.isArray(value) ? value.length === 0 : value === '';

/**
 * Checks a submitted signup form against the fields the class asks for: required fields are
 * filled, a phone is a mainland mobile number, a number is an integer in
 * [{@link SIGNUP_NUMBER_MIN}, {@link SIGNUP_NUMBER_MAX}], a choice is one of its options, a multi
 * is an array of its options (kept in the options' order, duplicates dropped), text is at
 * most {@link SIGNUP_TEXT_MAX} characters, and no key outside the fields is sent. On success
 * `form` holds the trimmed answers (empty optional answers left out); on failure `errors` maps
 * each bad key to a Chinese message that names the field, in the order of the fields.
 */
export function validateSignupForm(
  fields: readonly SignupField[],
  form: Readonly<Record<string, unknown>>,
): SignupFormResult {
  // Maps, not object literals: a key such as `__proto__` must be an entry like any other.
  const errors = new Map<string, string>();
  const clean = new Map<string, SignupAnswer>();
  const known = new Set(fields.map((field) => field.key));
  for (const field of fields) {
    const raw = Object.hasOwn(form, field.key) ? form[field.key] : undefined;
    const checked = checkField(field, raw);
    if ('error' in checked) errors.set(field.key, checked.error);
    else if (!isEmptyAnswer(checked.value)) clean.set(field.key, checked.value);
  }
  for (const key of Object.keys(form)) {
    if (!known.has(key)) errors.set(key, `不支持的报名信息：${key.slice(0, 32)}`);
  }
  return errors.size > 0
    ? { ok: false, errors: Object.fromEntries(errors) }
    : { ok: true, form: Object.fromEntries(clean) };
}

/** The kinds of activity (活动); 特色活动 are special activities with a richer signup. */
export const ACTIVITY_KINDS = ['讲座', '参观', '志愿服务', '比赛', '展览', '特色活动'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** The states of a learner's activity application, as `/myActive` shows and filters them. */
export const APPLICATION_STATES = [
  '已报名',
  '待审核',
  '候补中',
  '已签到',
  '未通过',
  '已取消',
  '已结束',
] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/**
 * Where a learner's sign-up of a class or activity stands: holding a seat (`active`, or `pending`
 * while the item's reviewer decides), on the waiting list (`waiting`, no seat yet), refused by
 * the reviewer (`rejected`, no seat), or `cancelled`.
 */
export const SIGNUP_STATUSES = ['active', 'pending', 'waiting', 'rejected', 'cancelled'] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];

/** The longest reason a reviewer gives for refusing a sign-up, in characters. */
export const REVIEW_REASON_MAX = 200;

/** How a learner reached a confirmed seat: accepted by the reviewer, or from the waiting list. */
export type ConfirmedVia = 'review' | 'waiting';
