import { afterEach, describe, expect, it, vi } from 'vitest';
import { TALLY_FLUSH_MS, Tally } from './tally.ts';

type Written = Array<[string, Record<string, number>]>;

function tally(fail: (siteKey: string) => boolean = () => false) {
  const written: Written = [];
  const errors: unknown[] = [];
  const terms = new Tally(
    async (siteKey, counts) => {
      if (fail(siteKey)) throw new Error(`写入失败: ${siteKey}`);
      written.push([siteKey, Object.fromEntries(counts)]);
    },
    (error) => errors.push(error),
  );
  return { terms, written, errors };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Tally', () => {
  it('writes each site once per flush, with the searches of each term summed', async () => {
    const { terms, written } = tally();
    terms.add('jingan', '书法');
    terms.add('jingan', '书法');
    terms.add('jingan', '太极');
    terms.add('xuhui', '书法');
    expect(written).toEqual([]);
    await terms.flush();
    expect(written).toEqual([
      ['jingan', { 书法: 2, 太极: 1 }],
      ['xuhui', { 书法: 1 }],
    ]);
    await terms.flush();
    expect(written).toHaveLength(2);
  });

  it('tells what is tallied of a key and not yet written', async () => {
    const { terms } = tally();
    expect(terms.pending('jingan', '书法')).toBe(0);
    terms.add('jingan', '书法');
    terms.add('jingan', '书法');
    terms.add('xuhui', '书法');
    expect(terms.pending('jingan', '书法')).toBe(2);
    expect(terms.pending('jingan', '太极')).toBe(0);
    await terms.flush();
    expect(terms.pending('jingan', '书法')).toBe(0);
  });

  it(`writes by itself ${TALLY_FLUSH_MS / 1000} s after the first search`, async () => {
    vi.useFakeTimers();
    const { terms, written } = tally();
    terms.add('jingan', '书法');
    await vi.advanceTimersByTimeAsync(TALLY_FLUSH_MS - 1);
    expect(written).toEqual([]);
    terms.add('jingan', '书法');
    await vi.advanceTimersByTimeAsync(1);
    expect(written).toEqual([['jingan', { 书法: 2 }]]);
  });

  it('keeps the counts of a failed write for the next flush, and writes the other sites', async () => {
    let failing = true;
    const { terms, written } = tally((siteKey) => failing && siteKey === 'jingan');
    terms.add('jingan', '书法');
    terms.add('xuhui', '太极');
    await expect(terms.flush()).rejects.toThrow('写入失败: jingan');
    expect(written).toEqual([['xuhui', { 太极: 1 }]]);
    failing = false;
    terms.add('jingan', '书法');
    await terms.flush();
    expect(written.at(-1)).toEqual(['jingan', { 书法: 2 }]);
  });

  it('tells a failed timed write to its error handler', async () => {
    vi.useFakeTimers();
    const { terms, errors } = tally(() => true);
    terms.add('jingan', '书法');
    await vi.advanceTimersByTimeAsync(TALLY_FLUSH_MS);
    expect(errors).toHaveLength(1);
  });
});
