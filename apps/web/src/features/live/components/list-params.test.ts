import { describe, expect, it } from 'vitest';
import { filterSearch, stateParam } from './list-params.ts';

describe('live list params', () => {
  it('reads a known state and nothing else', () => {
    expect(stateParam('live')).toBe('live');
    expect(stateParam('upcoming')).toBe('upcoming');
    expect(stateParam('bogus')).toBeUndefined();
    expect(stateParam(null)).toBeUndefined();
  });

  it('writes the filters, leaving 全部 out', () => {
    expect(filterSearch({}).toString()).toBe('');
    expect(filterSearch({ state: 'ended', channelId: 3 }).toString()).toBe(
      'state=ended&channelId=3',
    );
  });
});
