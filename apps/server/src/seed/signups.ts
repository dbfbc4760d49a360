import {
  CLASS_STATUSES,
  type ClassStatus,
  classStatusAt,
  type SignupAnswer,
  type SignupField,
} from '@portal/contract';
import type { Random } from './random.ts';
import { type Learner, sample } from './support.ts';
import { HOUR, MINUTE } from './time.ts';

/**
 * What classes and activities share on the seed's side: the status each one is planned to have
 * at the seed time, the signup form's common fields and a learner's answers, and seats filled
 * by real signups.
 */

/** The status a class or activity is meant to have at the seed time; `draft` is unpublished. */
export type Plan = ClassStatus | 'draft';

/** A run of plans written as words: `planOf('报名中 未开始 draft')`. */
export function planOf(words: string): Plan[] {
  return words
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      if (word === 'draft' || (CLASS_STATUSES as readonly string[]).includes(word)) {
        return word as Plan;
      }
      throw new Error(`seed: unknown plan "${word}"`);
    });
}

/** The common fields of signup forms: every form asks for `name` and `phone`. */
export const FIELDS = {
  name: { key: 'name', label: '姓名', kind: 'text', required: true },
  phone: { key: 'phone', label: '手机号', kind: 'phone', required: true },
  age: { key: 'age', label: '年龄', kind: 'number', required: true },
  remark: { key: 'remark', label: '备注', kind: 'text', required: false },
  street: (streets: readonly string[]): SignupField => ({
    key: 'street',
    label: '所在街道',
    kind: 'choice',
    required: true,
    options: [...streets],
  }),
} satisfies Record<string, SignupField | ((streets: readonly string[]) => SignupField)>;

/** How generated learners answer a form. */
export interface Answering {
  /** The range of the ages they give. */
  ages: readonly [number, number];
  /** What an optional 备注 says when it is filled in (three times in ten). */
  remarks: readonly string[];
  /** Answers to other text fields, by key (e.g. the title of a work). */
  texts?: Readonly<Record<string, readonly string[]>>;
}

/** Answers a learner would give to `fields` (they pass `validateSignupForm`). */
export function answersFor(
  random: Random,
  fields: readonly SignupField[],
  learner: { username: string; nickname: string },
  answering: Answering,
): Record<string, SignupAnswer> {
  const form: Record<string, SignupAnswer> = {};
  for (const field of fields) {
    const options = field.options ?? [];
    const texts = answering.texts?.[field.key];
    if (field.key === 'name') form.name = learner.nickname;
    else if (field.kind === 'phone') form[field.key] = learner.username;
    else if (field.key === 'age') form.age = String(random.int(...answering.ages));
    else if (field.kind === 'number') form[field.key] = String(random.int(1, 4));
    else if (field.kind === 'choice') form[field.key] = random.pick(options);
    else if (field.kind === 'multi') {
      if (!field.required && random.chance(0.3)) continue;
      const picked = options.filter(() => random.chance(0.5));
      form[field.key] = picked.length > 0 ? picked : [random.pick(options)];
    } else if (texts) form[field.key] = random.pick(texts);
    else if (field.key === 'remark' && random.chance(0.3)) {
      form.remark = random.pick(answering.remarks);
    }
  }
  return form;
}

/** When a class or activity takes signups and takes place (its row's columns). */
export interface SignupWindow {
  signup_start: number;
  signup_end: number;
  start_at: number;
  end_at: number;
}

/** A class or activity being seeded, with the learners who signed up for it. */
export interface SeatDraft {
  plan: Plan;
  row: SignupWindow & { title: string; capacity: number; seats_taken?: number };
  fields: SignupField[];
  /** Learners with an active signup, and learners who signed up and then cancelled. */
  active: Learner[];
  cancelled: Learner[];
}

export interface Seating {
  /** How many signups an open (报名中) one has, or null for none. */
  open: readonly [number, number] | null;
  /** The chance that an open one also has one or two cancelled signups. */
  cancelChance: number;
  now: number;
  /** `class` or `activity`, for the error when the planned status is not met. */
  what: string;
}

/**
 * Signs generated learners up until the draft has the signups its plan wants (already full for
 * 已满, which shrinks to fit when there are too few learners), lets a few cancel on an open one,
 * sets `seats_taken`, and checks that the draft has its planned status at `now`. Demo learners
 * already in `active` count, and are not among `generated`, so no learner is picked twice.
 */
export function fillSeats(
  random: Random,
  draft: SeatDraft,
  generated: readonly Learner[],
  seating: Seating,
): void {
  const capacity = draft.row.capacity;
  const wanted: Record<Plan, number> = {
    draft: 0,
    未开始: 0,
    报名中: seating.open ? random.int(...seating.open) : 0,
    已满: capacity,
    进行中: random.int(Math.ceil(capacity * 0.5), capacity),
    已结束: random.int(Math.ceil(capacity * 0.6), capacity),
  };
  const taken = new Set([...draft.active, ...draft.cancelled].map((learner) => learner.id));
  draft.active.push(
    ...sample(random, generated, Math.max(0, wanted[draft.plan] - draft.active.length)),
  );
  if (draft.plan === '已满') draft.row.capacity = Math.max(1, draft.active.length);
  draft.row.seats_taken = draft.active.length;
  if (draft.plan === '报名中' && seating.cancelChance > 0 && random.chance(seating.cancelChance)) {
    for (const learner of draft.active) taken.add(learner.id);
    draft.cancelled.push(
      ...sample(random, generated, 2)
        .filter((learner) => !taken.has(learner.id))
        .slice(0, random.int(1, 2)),
    );
  }
  const status = classStatusAt(
    {
      signupStart: draft.row.signup_start,
      signupEnd: draft.row.signup_end,
      startAt: draft.row.start_at,
      endAt: draft.row.end_at,
      capacity: draft.row.capacity,
      seatsTaken: draft.row.seats_taken,
    },
    seating.now,
  );
  const expected = draft.plan === 'draft' ? '未开始' : draft.plan;
  // The only allowed miss: a "full" one with no generated learner at all to fill it.
  const unfillable = draft.plan === '已满' && draft.active.length === 0;
  if (status !== expected && !unfillable) {
    throw new Error(`seed: ${seating.what} "${draft.row.title}" is ${status}, meant ${expected}`);
  }
}

/** One signup of a draft, at a time while its signup was open. */
export interface Signup<Extra> {
  learner: Learner;
  status: 'active' | 'cancelled';
  at: number;
  /** The answers, as stored. */
  form: string;
  /** `at`, or when a cancelled signup was cancelled. */
  updatedAt: number;
  extra: Extra;
}

/**
 * The signups of a draft, active ones first. `extra` draws what else a signup of its kind
 * holds (e.g. a check-in), between its time and its answers.
 */
export function drawSignups<Extra>(
  random: Random,
  draft: SeatDraft,
  now: number,
  answering: Answering,
  extra: (learner: Learner, status: Signup<Extra>['status'], at: number) => Extra,
): Array<Signup<Extra>> {
  const from = draft.row.signup_start;
  const until = Math.min(now, draft.row.signup_end) - MINUTE;
  const draw = (learner: Learner, status: Signup<Extra>['status']): Signup<Extra> => {
    const at = from + Math.floor(random.next() * Math.max(1, until - from));
    const more = extra(learner, status, at);
    const form = JSON.stringify(answersFor(random, draft.fields, learner, answering));
    return {
      learner,
      status,
      at,
      form,
      updatedAt: status === 'active' ? at : Math.min(until, at + random.int(1, 72) * HOUR),
      extra: more,
    };
  };
  return [
    ...draft.active.map((learner) => draw(learner, 'active')),
    ...draft.cancelled.map((learner) => draw(learner, 'cancelled')),
  ];
}
