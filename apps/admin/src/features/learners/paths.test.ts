import { describe, expect, it } from 'vitest';
import { learnerPaths, listFrom } from './paths.ts';

describe('listFrom', () => {
  it('goes back to the list as it was filtered', () => {
    expect(listFrom({ listSearch: '?q=138&state=disabled' })).toBe(
      '/learners?q=138&state=disabled',
    );
  });

  it('goes to the whole list when the page was opened otherwise', () => {
    expect(listFrom(null)).toBe('/learners');
    expect(listFrom({ listSearch: '' })).toBe('/learners');
    expect(listFrom({ other: 1 })).toBe('/learners');
    expect(listFrom({ listSearch: '//elsewhere.example' })).toBe('/learners');
  });

  it('builds a learner’s address', () => {
    expect(learnerPaths.detail(12)).toBe('/learners/detail?id=12');
  });
});
