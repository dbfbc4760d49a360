import { HOME_ENTRY_KEYS, HOME_ENTRY_NAMES } from '@portal/contract/constants';
import { describe, expect, it } from 'vitest';
import { ENTRIES, shownEntries } from './home-entries.ts';

describe('home entries', () => {
  it('are the entries the console arranges, by the same keys, names and badges', () => {
    expect(ENTRIES.map((entry) => entry.name)).toEqual([...HOME_ENTRY_KEYS]);
    for (const entry of ENTRIES) {
      expect(entry.label).toBe(HOME_ENTRY_NAMES[entry.name]);
      expect(entry.note).toMatch(/\S/);
    }
    expect(ENTRIES.find((entry) => entry.name === 'ebookList')).toMatchObject({
      glyph: '书',
      hue: 152,
    });
  });

  it('shows every entry in the default order when the site keeps it', () => {
    expect(shownEntries(null)).toBe(ENTRIES);
  });

  it('shows the site’s entries in its order, hides the others and skips unknown keys', () => {
    expect(shownEntries(['map', 'courseList', 'retired', 'search']).map((e) => e.label)).toEqual([
      '学习地图',
      '课程',
      '搜索',
    ]);
  });
});
