import { describe, expect, it } from 'vitest';
import { labelOf } from './labels.ts';
import { sitePrefix } from './site-prefix.ts';

describe('labelOf', () => {
  it('names a known field in Chinese, looking from the deepest segment', () => {
    expect(labelOf(['body', 'username'])).toBe('用户名');
    expect(labelOf(['ticket'])).toBe('登录票据');
  });
  it('names a field by the endpoint group when its shared name would mislead', () => {
    expect(labelOf(['querystring', 'state'], '/api/live/sessions')).toBe('直播状态');
    expect(labelOf(['querystring', 'state'], '/api/study/courses')).toBe('学习状态');
    expect(labelOf(['querystring', 'page'], '/api/live/sessions')).toBe('页码');
  });
  it('falls back to the raw key, or 请求内容 for the whole body', () => {
    expect(labelOf(['body', 'mystery'])).toBe('mystery');
    expect(labelOf([])).toBe('请求内容');
  });
});

describe('sitePrefix', () => {
  it('is empty for jingan and a slash plus the key for any other variant', () => {
    expect(sitePrefix('jingan')).toBe('');
    expect(sitePrefix('xuhui')).toBe('/xuhui');
  });
});
