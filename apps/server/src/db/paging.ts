import type { Page, PageQuery } from '@portal/contract';

/** The rows of one page: `limit` rows after skipping `offset`. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** The row window a page query names (`page` counts from 1). */
export function pageWindow({ page, size }: PageQuery): PageWindow {
  return { limit: size, offset: (page - 1) * size };
}

/** The contract's page shape for `query`, with its items and the total of the whole list. */
export function toPage<T>(query: PageQuery, total: number, list: T[]): Page<T> {
  return { list, total, page: query.page, size: query.size };
}

/** How a list is read: its total, and the rows of one window in list order. */
export interface PageSource<Row> {
  count: () => Promise<number>;
  rows: (window: PageWindow) => Promise<Row[]>;
}

/**
 * One page of a list in the contract's shape: counts the list, reads the rows of the page's
 * window and maps them to items. The first page is read first: when it is not full it is the
 * whole list, and its length the total, so a short list (most of a learner's own) costs one
 * query; a full one is counted after. A later page that starts past the end answers an empty
 * list without reading rows (a deep offset would walk the whole index for nothing).
 */
export async function readPage<Row, Item>(
  query: PageQuery,
  source: PageSource<Row>,
  toItems: (rows: Row[]) => Item[] | Promise<Item[]>,
): Promise<Page<Item>> {
  const window = pageWindow(query);
  if (window.offset === 0) {
    const rows = await source.rows(window);
    const total = rows.length < window.limit ? rows.length : await source.count();
    return toPage(query, total, await toItems(rows));
  }
  const total = await source.count();
  if (window.offset >= total) return toPage(query, total, []);
  return toPage(query, total, await toItems(await source.rows(window)));
}
