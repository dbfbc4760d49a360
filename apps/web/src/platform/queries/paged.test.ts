import { describe, expect, it } from 'vitest';
import { nextPageParam } from './paged.ts';

describe('nextPageParam', () => {
  it('asks for the next page while rows remain', () => {
    expect(nextPageParam({ list: [], total: 45, page: 1, size: 20 })).toBe(2);
    expect(nextPageParam({ list: [], total: 45, page: 2, size: 20 })).toBe(3);
  });
  it('stops at the last page, when the total is reached exactly, and on an empty list', () => {
    expect(nextPageParam({ list: [], total: 45, page: 3, size: 20 })).toBeUndefined();
    expect(nextPageParam({ list: [], total: 40, page: 2, size: 20 })).toBeUndefined();
    expect(nextPageParam({ list: [], total: 0, page: 1, size: 20 })).toBeUndefined();
  });
});
