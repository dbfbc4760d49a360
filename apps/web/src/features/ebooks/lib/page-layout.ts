/** A page's size at zoom 1 in PDF points (its viewport at scale 1). */
export interface PageSize {
  width: number;
  height: number;
}

/** Where each page sits in the viewer, in CSS pixels from the top left of the page column. */
export interface PageLayout {
  tops: number[];
  lefts: number[];
  widths: number[];
  heights: number[];
  /** Width and height of the whole column (pages, gaps and margins). */
  width: number;
  height: number;
}

/** Space between two pages and around the column, in CSS pixels. */
export const PAGE_GAP = 10;
export const PAGE_MARGIN = 8;

/**
 * Lays the pages out in one column at `scale` CSS pixels per PDF point, centred in a column at
 * least `minWidth` wide. Sizes are whole pixels, so the layout is the same one the browser draws.
 */
export function layoutPages(sizes: readonly PageSize[], scale: number, minWidth: number) {
  const widths = sizes.map((size) => Math.max(1, Math.floor(size.width * scale)));
  const heights = sizes.map((size) => Math.max(1, Math.floor(size.height * scale)));
  const width = Math.max(minWidth, Math.max(0, ...widths) + 2 * PAGE_MARGIN);
  const tops: number[] = [];
  let y = PAGE_MARGIN;
  for (const height of heights) {
    tops.push(y);
    y += height + PAGE_GAP;
  }
  const lefts = widths.map((pageWidth) => Math.floor((width - pageWidth) / 2));
  return { tops, lefts, widths, heights, width, height: y - PAGE_GAP + PAGE_MARGIN };
}

/** The index of the page at height `y` of the column (the nearer page in a gap), by bisection. */
export function pageIndexAt(layout: Pick<PageLayout, 'tops' | 'heights'>, y: number): number {
  const { tops } = layout;
  if (tops.length === 0) return 0;
  let low = 0;
  let high = tops.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((tops[middle] ?? 0) <= y) low = middle;
    else high = middle - 1;
  }
  return low;
}
