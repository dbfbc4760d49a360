import { expect, it } from 'vitest';
import { Random } from './random.ts';
import { answersFor, FIELDS, planOf } from './signups.ts';

it('reads a plan from words and refuses an unknown status', () => {
  expect(planOf(' 报名中 已满\n  draft ')).toEqual(['报名中', '已满', 'draft']);
  expect(() => planOf('报名中 开放')).toThrow('seed: unknown plan "开放"');
});

it('answers a form with the learner as name and phone, options from the field', () => {
  const fields = [FIELDS.name, FIELDS.phone, FIELDS.age, FIELDS.street(['静安寺街道'])];
  const form = answersFor(
    new Random(1),
    fields,
    { username: '13800000001', nickname: '王秀兰' },
    { ages: [60, 60], remarks: ['零基础'] },
  );
  expect(form).toEqual({ name: '王秀兰', phone: '13800000001', age: '60', street: '静安寺街道' });
});
