import { describe, expect, it } from 'vitest';
import { listFilters, stateParam } from './list-params.ts';

describe('live list params', () => {
  it('reads a known state and nothing else', () => {
    expect(stateParam('live')).toBe('live');
    expect(stateParam('upcoming')).toBe('upcoming');
    expect(stateParam('bogus')).toBeUndefined();
    expect(stateParam(null)).toBeUndefined();
  });

  it('reads both filters from the address', () => {
    expect(listFilters(new URLSearchParams('state=ended&channelId=3'))).toEqual({
      state: 'ended',
      channelId: 3,
    });
    expect(listFilters(new URLSearchParams('channelId=x'))).toEqual({
      state: undefined,
      channelId: undefined,
    });
  });
});
