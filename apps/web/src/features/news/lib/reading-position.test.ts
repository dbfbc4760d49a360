import { beforeEach, describe, expect, it } from 'vitest';
import { StorageKey } from '@/platform/storage.ts';
import { KEPT_POSITIONS, readPosition, savePosition } from './reading-position.ts';

describe('reading positions', () => {
  beforeEach(() => localStorage.clear());

  it('keeps where an article was left, per article', () => {
    savePosition(7, 0.4);
    savePosition(8, 0.7);
    expect(readPosition(7)).toBe(0.4);
    expect(readPosition(8)).toBe(0.7);
    expect(readPosition(9)).toBeNull();
  });

  it('forgets the place when the article was left at the top or read to the end', () => {
    savePosition(7, 0.4);
    savePosition(7, 0.01);
    expect(readPosition(7)).toBeNull();
    savePosition(7, 0.5);
    savePosition(7, 0.99);
    expect(readPosition(7)).toBeNull();
  });

  it(`keeps the ${KEPT_POSITIONS} latest articles only`, () => {
    for (let id = 1; id <= KEPT_POSITIONS + 5; id += 1) savePosition(id, 0.5, 1000 + id);
    expect(readPosition(1)).toBeNull();
    expect(readPosition(5)).toBeNull();
    expect(readPosition(6)).toBe(0.5);
    expect(readPosition(KEPT_POSITIONS + 5)).toBe(0.5);
    const stored = JSON.parse(localStorage.getItem(StorageKey.readingPositions) ?? '{}');
    expect(Object.keys(stored)).toHaveLength(KEPT_POSITIONS);
  });

  it('reads nothing from a damaged store', () => {
    localStorage.setItem(StorageKey.readingPositions, '{not json');
    expect(readPosition(7)).toBeNull();
    savePosition(7, 0.3);
    expect(readPosition(7)).toBe(0.3);
  });
});
