import { describe, expect, it } from 'vitest';
import { classDetailSchema, classSignupBodySchema, signupFieldSchema } from './classes.ts';
import {
  type ClassTimes,
  classStatusAt,
  type SignupField,
  signupPhaseAt,
  validateSignupForm,
} from './signup-form.ts';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 8, 1, 1, 0, 0);
const times: ClassTimes = {
  signupStart: T0,
  signupEnd: T0 + 10 * HOUR,
  startAt: T0 + 20 * HOUR,
  endAt: T0 + 30 * HOUR,
};
const seats = { capacity: 20, seatsTaken: 5 };
const full = { capacity: 20, seatsTaken: 20 };

describe('classStatusAt', () => {
  it('is 未开始 before the signup window opens, up to the last millisecond', () => {
    expect(classStatusAt({ ...times, ...seats }, T0 - HOUR)).toBe('未开始');
    expect(classStatusAt({ ...times, ...seats }, T0 - 1)).toBe('未开始');
    expect(classStatusAt({ ...times, ...full }, T0 - 1)).toBe('未开始');
  });

  it('is 报名中 from the exact opening time while seats are left', () => {
    expect(classStatusAt({ ...times, ...seats }, T0)).toBe('报名中');
    expect(classStatusAt({ ...times, ...seats }, T0 + 10 * HOUR - 1)).toBe('报名中');
    expect(classStatusAt({ ...times, capacity: 20, seatsTaken: 19 }, T0 + HOUR)).toBe('报名中');
  });

  it('is 已满 inside the window when no seat is left', () => {
    expect(classStatusAt({ ...times, ...full }, T0)).toBe('已满');
    expect(classStatusAt({ ...times, ...full }, T0 + 10 * HOUR - 1)).toBe('已满');
  });

  it('is 进行中 from the exact signup end until the class ends, full or not', () => {
    expect(classStatusAt({ ...times, ...seats }, T0 + 10 * HOUR)).toBe('进行中');
    expect(classStatusAt({ ...times, ...full }, T0 + 10 * HOUR)).toBe('进行中');
    expect(classStatusAt({ ...times, ...seats }, T0 + 25 * HOUR)).toBe('进行中');
    expect(classStatusAt({ ...times, ...seats }, T0 + 30 * HOUR - 1)).toBe('进行中');
  });

  it('is 进行中 once the class has started, even if the signup end is later', () => {
    const lateEnd = { ...times, signupEnd: T0 + 25 * HOUR };
    expect(classStatusAt({ ...lateEnd, ...seats }, T0 + 20 * HOUR - 1)).toBe('报名中');
    expect(classStatusAt({ ...lateEnd, ...seats }, T0 + 20 * HOUR)).toBe('进行中');
  });

  it('is 已结束 from the exact end time on', () => {
    expect(classStatusAt({ ...times, ...seats }, T0 + 30 * HOUR)).toBe('已结束');
    expect(classStatusAt({ ...times, ...full }, T0 + 300 * HOUR)).toBe('已结束');
  });

  it('reads ISO strings as well as epoch milliseconds', () => {
    const iso: ClassTimes = {
      signupStart: new Date(T0).toISOString(),
      signupEnd: new Date(T0 + 10 * HOUR).toISOString(),
      startAt: new Date(T0 + 20 * HOUR).toISOString(),
      endAt: new Date(T0 + 30 * HOUR).toISOString(),
    };
    expect(classStatusAt({ ...iso, ...seats }, T0)).toBe('报名中');
    expect(classStatusAt({ ...iso, ...seats }, T0 + 30 * HOUR)).toBe('已结束');
  });
});

describe('signupPhaseAt', () => {
  it('opens at signupStart and closes at the earlier of signupEnd and startAt', () => {
    expect(signupPhaseAt(times, T0 - 1)).toBe('notOpen');
    expect(signupPhaseAt(times, T0)).toBe('open');
    expect(signupPhaseAt(times, T0 + 10 * HOUR - 1)).toBe('open');
    expect(signupPhaseAt(times, T0 + 10 * HOUR)).toBe('closed');
    expect(signupPhaseAt({ ...times, startAt: T0 + 5 * HOUR }, T0 + 5 * HOUR)).toBe('closed');
  });
});

const fields: SignupField[] = [
  { key: 'name', label: '姓名', kind: 'text', required: true },
  { key: 'phone', label: '手机号', kind: 'phone', required: true },
  { key: 'age', label: '年龄', kind: 'number', required: false },
  {
    key: 'street',
    label: '所在街道',
    kind: 'choice',
    required: true,
    options: ['南京西路街道', '静安寺街道'],
  },
  { key: 'remark', label: '备注', kind: 'text', required: false },
];
const good = { name: '王秀兰', phone: '13800000001', street: '静安寺街道' };

describe('validateSignupForm', () => {
  it('accepts a complete form, trimming answers and leaving out empty optional ones', () => {
    expect(
      validateSignupForm(fields, {
        name: ' 王秀兰 ',
        phone: '138 0000 0001',
        age: '65',
        street: '静安寺街道',
        remark: '',
      }),
    ).toEqual({
      ok: true,
      form: { name: '王秀兰', phone: '13800000001', age: '65', street: '静安寺街道' },
    });
  });

  it('names each missing required field', () => {
    expect(validateSignupForm(fields, { name: '  ', street: '' })).toEqual({
      ok: false,
      errors: { name: '请填写姓名', phone: '请填写手机号', street: '请选择所在街道' },
    });
  });

  it('refuses a malformed mobile number', () => {
    for (const phone of [
      '1380000000',
      '23800000001',
      '138000000011',
      '1380000000a',
      '+8613800000001',
    ]) {
      expect(validateSignupForm(fields, { ...good, phone })).toEqual({
        ok: false,
        errors: { phone: '手机号格式不正确，请填写 11 位手机号' },
      });
    }
  });

  it('takes numbers as integers within the sane range only', () => {
    const message = { ok: false, errors: { age: '年龄请填写 1-120 之间的整数' } };
    for (const age of ['0', '121', '6.5', 'abc', '1e2', '-3', '99999999999']) {
      expect(validateSignupForm(fields, { ...good, age })).toEqual(message);
    }
    expect(validateSignupForm(fields, { ...good, age: '1' }).ok).toBe(true);
    expect(validateSignupForm(fields, { ...good, age: '120' }).ok).toBe(true);
    expect(validateSignupForm(fields, { ...good, age: '065' })).toMatchObject({
      form: { age: '65' },
    });
  });

  it('takes a choice only among its options', () => {
    expect(validateSignupForm(fields, { ...good, street: '天平路街道' })).toEqual({
      ok: false,
      errors: { street: '所在街道请从给出的选项中选择' },
    });
  });

  it('limits text to 100 characters, counting Chinese characters as one', () => {
    expect(validateSignupForm(fields, { ...good, remark: '好'.repeat(100) }).ok).toBe(true);
    expect(validateSignupForm(fields, { ...good, remark: '好'.repeat(101) })).toEqual({
      ok: false,
      errors: { remark: '备注最多 100 个字' },
    });
  });

  it('refuses keys the class does not ask for, and values that are not text', () => {
    expect(validateSignupForm(fields, { ...good, idCard: '310101' })).toEqual({
      ok: false,
      errors: { idCard: '不支持的报名信息：idCard' },
    });
    expect(validateSignupForm(fields, { ...good, age: 65 })).toEqual({
      ok: false,
      errors: { age: '年龄格式不正确' },
    });
  });

  it('does not trip over keys named like object internals', () => {
    const form = JSON.parse('{"__proto__": "x", "name": "王秀兰"}') as Record<string, unknown>;
    const result = validateSignupForm(fields.slice(0, 1), form);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : Object.entries(result.errors)).toEqual([
      ['__proto__', '不支持的报名信息：__proto__'],
    ]);
  });
});

describe('validateSignupForm with a multiple-choice field', () => {
  const topics: SignupField = {
    key: 'topics',
    label: '感兴趣的主题',
    kind: 'multi',
    required: true,
    options: ['书法', '摄影', '太极'],
  };
  const optional: SignupField = { ...topics, key: 'extra', label: '其他兴趣', required: false };

  it('keeps the chosen options in the options order, each once', () => {
    expect(validateSignupForm([topics], { topics: ['太极', '书法', '太极'] })).toEqual({
      ok: true,
      form: { topics: ['书法', '太极'] },
    });
  });

  it('asks for a choice when a required one is empty or missing', () => {
    for (const form of [{}, { topics: [] }, { topics: '' }]) {
      expect(validateSignupForm([topics], form)).toEqual({
        ok: false,
        errors: { topics: '请选择感兴趣的主题' },
      });
    }
  });

  it('leaves out an empty optional choice', () => {
    expect(validateSignupForm([optional], { extra: [] })).toEqual({ ok: true, form: {} });
  });

  it('refuses an option the field does not offer, or an answer that is not a list of strings', () => {
    expect(validateSignupForm([topics], { topics: ['书法', '围棋'] })).toEqual({
      ok: false,
      errors: { topics: '感兴趣的主题请从给出的选项中选择' },
    });
    for (const bad of ['书法', [1], { a: 1 }]) {
      expect(validateSignupForm([topics], { topics: bad })).toEqual({
        ok: false,
        errors: { topics: '感兴趣的主题格式不正确' },
      });
    }
  });

  it('refuses a list for a single-answer field', () => {
    const name: SignupField = { key: 'name', label: '姓名', kind: 'text', required: true };
    expect(validateSignupForm([name], { name: ['张三'] })).toEqual({
      ok: false,
      errors: { name: '姓名格式不正确' },
    });
  });
});

describe('class schemas', () => {
  it('describe the form fields with the same shape validateSignupForm reads', () => {
    expect(fields.map((field) => signupFieldSchema.parse(field))).toEqual(fields);
    expect(classDetailSchema.shape.formFields.parse(fields)).toEqual(fields);
  });

  it('coerce a signup body id and refuse a non-numeric one', () => {
    expect(classSignupBodySchema.parse({ classId: '7', form: {} })).toEqual({
      classId: 7,
      form: {},
    });
    expect(classSignupBodySchema.safeParse({ classId: 'abc', form: {} }).success).toBe(false);
  });
});
