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

  it('counts and reads the first page at once', async () => {
    let counting = false;
    const started: string[] = [];
    const page = await readPage(
      { page: 1, size: 2 },
      {
        count: async () => {
          counting = true;
          started.push('count');
          await new Promise((resolve) => setImmediate(resolve));
          return 25;
        },
        rows: async () => {
          started.push(counting ? 'rows while counting' : 'rows');
          return [1, 2];
        },
      },
      (list) => list,
    );
    expect(page).toEqual({ list: [1, 2], total: 25, page: 1, size: 2 });
    expect(started).toEqual(['count', 'rows while counting']);
  });
});
