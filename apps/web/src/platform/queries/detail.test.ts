import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../request.ts';
import { detailOf, isMissing } from './detail.ts';

const query = (data: unknown, error: unknown) => ({ data, error, refetch: () => undefined });

describe('the missing rule', () => {
  it('counts no key, a 404 and a 400 as missing, and nothing else', () => {
    expect(isMissing(null, null)).toBe(true);
    expect(isMissing(3, new ApiError(404, '不存在', null))).toBe(true);
    expect(isMissing(3, new ApiError(400, 'id 不正确', null))).toBe(true);
    expect(isMissing(3, new ApiError(500, '服务器错误', null))).toBe(false);
    expect(isMissing(3, new ApiError(403, '无权访问', null))).toBe(false);
    expect(isMissing('jtjy', null)).toBe(false);
  });

  it('gives a detail page its status: missing, ready, failed or loading', () => {
    expect(detailOf(null, query(undefined, null)).status).toBe('missing');
    expect(detailOf(3, query({ id: 3 }, new ApiError(404, '', null))).status).toBe('missing');
    expect(detailOf(3, query({ id: 3 }, null))).toMatchObject({ status: 'ready', data: { id: 3 } });
    expect(
      detailOf(3, query(undefined, new NetworkError(new TypeError('Failed to fetch')))).status,
    ).toBe('failed');
    expect(detailOf(3, query(undefined, null)).status).toBe('loading');
  });
});
