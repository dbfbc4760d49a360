import { describe, expect, it } from 'vitest';
import { pageWindow, readPage } from './paging.ts';

describe('readPage', () => {
  const rows = Array.from({ length: 25 }, (_, i) => i + 1);
  const source = (reads: number[]) => ({
    count: async () => rows.length,
    rows: async ({ limit, offset }: { limit: number; offset: number }) => {
      reads.push(offset);
      return rows.slice(offset, offset + limit);
    },
  });

  it('answers the window of the page with the total, mapped', async () => {
    expect(pageWindow({ page: 3, size: 10 })).toEqual({ limit: 10, offset: 20 });
    const page = await readPage({ page: 3, size: 10 }, source([]), (list) => list.map(String));
    expect(page).toEqual({ list: ['21', '22', '23', '24', '25'], total: 25, page: 3, size: 10 });
  });

  it('answers an empty list past the end without reading rows', async () => {
    const reads: number[] = [];
    const page = await readPage({ page: 4, size: 10 }, source(reads), (list) => list);
    expect(page).toEqual({ list: [], total: 25, page: 4, size: 10 });
    expect(reads).toEqual([]);
  });

  it('counts the list only when its first page is full', async () => {
    const counted: number[] = [];
    const counting = (total: number) => ({
      count: async () => {
        counted.push(total);
        return total;
      },
      rows: async ({ limit }: { limit: number }) => rows.slice(0, Math.min(limit, total)),
    });
    const short = await readPage({ page: 1, size: 10 }, counting(4), (list) => list);
    expect(short).toEqual({ list: [1, 2, 3, 4], total: 4, page: 1, size: 10 });
    const none = await readPage({ page: 1, size: 10 }, counting(0), (list) => list);
    expect(none).toEqual({ list: [], total: 0, page: 1, size: 10 });
    expect(counted).toEqual([]);
    const full = await readPage({ page: 1, size: 10 }, counting(25), (list) => list);
    expect(full.total).toBe(25);
    expect(full.list).toHaveLength(10);
    // Exactly a page long: counted, as a second page may or may not follow.
    const exact = await readPage({ page: 1, size: 10 }, counting(10), (list) => list);
    expect(exact.total).toBe(10);
    expect(counted).toEqual([25, 10]);
  });
});
