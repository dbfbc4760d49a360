import { describe, expect, it } from 'vitest';
import { kindParam, listFilters, statusParam } from './list-params.ts';

describe('the activity list filters in the address', () => {
  it('reads a known kind and status, anything else as 全部', () => {
    expect(kindParam('讲座')).toBe('讲座');
    expect(kindParam('特色活动')).toBe('特色活动');
    expect(kindParam('电影')).toBeUndefined();
    expect(kindParam(null)).toBeUndefined();
    expect(statusParam('报名中')).toBe('报名中');
    expect(statusParam('open')).toBeUndefined();
  });

  it('reads both filters from the address', () => {
    expect(listFilters(new URLSearchParams('kind=参观&status=电影'))).toEqual({
      kind: '参观',
      status: undefined,
    });
  });
});
