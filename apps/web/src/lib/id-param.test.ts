import { expect, it } from 'vitest';
import { idParam } from './id-param.ts';

it('reads a positive integer id and refuses anything else', () => {
  expect(idParam('7')).toBe(7);
  for (const value of [null, '', '0', '-3', '1.5', 'abc', '7abc'])
    expect(idParam(value)).toBeNull();
});
