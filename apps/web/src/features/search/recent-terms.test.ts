import { beforeEach, describe, expect, it } from 'vitest';
import { StorageKey } from '@/platform/storage.ts';
import {
  addRecentTerm,
  clearRecentTerms,
  RECENT_TERMS_MAX,
  readRecentTerms,
} from './recent-terms.ts';

describe('recent search terms', () => {
  beforeEach(() => localStorage.clear());

  it('keeps terms newest first, once each, at most ten', () => {
    for (let i = 0; i < 12; i += 1) addRecentTerm(`词${i}`);
    addRecentTerm(' 词5 ');
    const terms = readRecentTerms();
    expect(terms).toHaveLength(RECENT_TERMS_MAX);
    expect(terms.slice(0, 3)).toEqual(['词5', '词11', '词10']);
    expect(terms.filter((term) => term === '词5')).toHaveLength(1);
  });

  it('ignores blank terms and broken storage, and clears', () => {
    addRecentTerm('   ');
    expect(readRecentTerms()).toEqual([]);
    localStorage.setItem(StorageKey.searchHistory, '{not json');
    expect(readRecentTerms()).toEqual([]);
    addRecentTerm('书法');
    clearRecentTerms();
    expect(readRecentTerms()).toEqual([]);
  });
});
