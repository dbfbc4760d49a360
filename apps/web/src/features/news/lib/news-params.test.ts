import { describe, expect, it } from 'vitest';
import { newsParams, newsSearch } from './news-params.ts';

describe('newsParams', () => {
  it('reads a known kind and a channel, 资讯 otherwise', () => {
    expect(newsParams(new URLSearchParams('kind=talk&channelId=3'))).toEqual({
      kind: 'talk',
      channelId: 3,
    });
    expect(newsParams(new URLSearchParams(''))).toEqual({ kind: 'news' });
    expect(newsParams(new URLSearchParams('kind=notice&channelId=x'))).toEqual({ kind: 'news' });
  });
});

describe('newsSearch', () => {
  it('leaves out 资讯 and 全部', () => {
    expect(newsSearch({ kind: 'news' }).toString()).toBe('');
    expect(newsSearch({ kind: 'fengcai', channelId: 2 }).toString()).toBe(
      'kind=fengcai&channelId=2',
    );
  });
});
