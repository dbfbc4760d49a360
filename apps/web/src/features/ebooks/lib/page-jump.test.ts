import { describe, expect, it } from 'vitest';
import { parsePageJump } from './page-jump.ts';

describe('parsePageJump', () => {
  it('answers a page from 1 to the page count', () => {
    expect(parsePageJump('1', 100)).toEqual({ ok: true, page: 1 });
    expect(parsePageJump(' 30 ', 100)).toEqual({ ok: true, page: 30 });
    expect(parsePageJump('100', 100)).toEqual({ ok: true, page: 100 });
    expect(parsePageJump('007', 100)).toEqual({ ok: true, page: 7 });
  });

  it('reads full-width digits', () => {
    expect(parsePageJump('３０', 100)).toEqual({ ok: true, page: 30 });
  });

  it('refuses pages outside the book with the range', () => {
    expect(parsePageJump('0', 100)).toEqual({
      ok: false,
      message: '没有这一页，请输入 1 到 100 之间的页码',
    });
    expect(parsePageJump('101', 100)).toMatchObject({ ok: false });
  });

  it('refuses blanks, signs, decimals and words', () => {
    expect(parsePageJump('', 12)).toEqual({ ok: false, message: '请输入 1 到 12 之间的页码' });
    for (const input of ['-3', '2.5', '1e2', 'abc', '三十', '+4']) {
      expect(parsePageJump(input, 100), input).toEqual({
        ok: false,
        message: '页码只能是数字，请输入 1 到 100 之间的页码',
      });
    }
  });
});
