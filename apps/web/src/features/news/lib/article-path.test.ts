import { describe, expect, it } from 'vitest';
import { articleHref, imagesOf, marksUnread, pdfHref } from './article-path.ts';

describe('articleHref', () => {
  it('opens 风采, 展示 and 讲座访谈 on their own routes, the rest on /contentDetails', () => {
    expect(articleHref({ id: 7, kind: 'news' })).toBe('/contentDetails?id=7');
    expect(articleHref({ id: 7, kind: 'info' })).toBe('/contentDetails?id=7');
    expect(articleHref({ id: 7, kind: 'notice' })).toBe('/contentDetails?id=7');
    expect(articleHref({ id: 8, kind: 'fengcai' })).toBe('/fengcaiDetails?id=8');
    expect(articleHref({ id: 9, kind: 'zanshi' })).toBe('/zanshiDetails?id=9');
    expect(articleHref({ id: 10, kind: 'talk' })).toBe('/talkDetails?id=10');
  });
});

describe('pdfHref', () => {
  it('hands the attachment to the /pdf reader, encoded', () => {
    expect(pdfHref('/files/docs/通知.pdf')).toBe(
      `/pdf?url=${encodeURIComponent('/files/docs/通知.pdf')}`,
    );
  });
});

describe('marksUnread', () => {
  it('is true for 通知 and 公告 only', () => {
    expect(marksUnread('info')).toBe(true);
    expect(marksUnread('notice')).toBe(true);
    expect(marksUnread('news')).toBe(false);
    expect(marksUnread('talk')).toBe(false);
  });
});

describe('imagesOf', () => {
  it('lists the body images and finds the tapped one', () => {
    const body = document.createElement('div');
    body.innerHTML = '<p>文<img src="/a.png"></p><img src="/b.png"><a href="/x">链接</a>';
    const [, second] = body.querySelectorAll('img');
    const found = imagesOf(body, second ?? null);
    expect(found.sources.map((source) => new URL(source).pathname)).toEqual(['/a.png', '/b.png']);
    expect(found.index).toBe(1);
    expect(imagesOf(body, body.querySelector('a')).index).toBe(-1);
  });
});
