import { describe, expect, it } from 'vitest';
import { layoutPages, PAGE_GAP, PAGE_MARGIN, pageIndexAt } from './page-layout.ts';

const a4 = { width: 595, height: 842 };

describe('layoutPages', () => {
  it('stacks the pages with gaps, centred in the column', () => {
    const layout = layoutPages([a4, a4, a4], 0.5, 375);
    expect(layout.widths).toEqual([297, 297, 297]);
    expect(layout.heights).toEqual([421, 421, 421]);
    expect(layout.tops).toEqual([PAGE_MARGIN, PAGE_MARGIN + 421 + PAGE_GAP, PAGE_MARGIN + 2 * 431]);
    expect(layout.width).toBe(375);
    expect(layout.lefts[0]).toBe(39);
    expect(layout.height).toBe(2 * PAGE_MARGIN + 3 * 421 + 2 * PAGE_GAP);
  });

  it('widens the column for a zoomed page', () => {
    const layout = layoutPages([a4], 2, 375);
    expect(layout.width).toBe(1190 + 2 * PAGE_MARGIN);
    expect(layout.lefts[0]).toBe(PAGE_MARGIN);
  });
});

describe('pageIndexAt', () => {
  const layout = layoutPages([a4, a4, a4, a4], 0.5, 375);
  it('finds the page at a height', () => {
    expect(pageIndexAt(layout, 0)).toBe(0);
    expect(pageIndexAt(layout, 200)).toBe(0);
    expect(pageIndexAt(layout, (layout.tops[2] ?? 0) + 1)).toBe(2);
    expect(pageIndexAt(layout, 99_999)).toBe(3);
  });
  it('answers 0 for no pages', () => {
    expect(pageIndexAt({ tops: [], heights: [] }, 10)).toBe(0);
  });
});
