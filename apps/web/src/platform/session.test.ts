import { openRedirectVariants } from '@portal/contract/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  authPageUrl,
  exchangeTicket,
  refreshToken,
  storedUser,
  takeLoginCallBack,
} from './session.ts';
import { StorageKey } from './storage.ts';

const ORIGIN = 'https://learn.example.cn';

const sentBodies: string[] = [];

/** A fetch that answers `body` and records what was sent: the network edge, nothing deeper. */
function answer(body: unknown) {
  return vi.fn(async (request: Request) => {
    sentBodies.push(await request.clone().text());
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('takeLoginCallBack', () => {
  it('returns to the saved address on this site and forgets it', () => {
    localStorage.setItem(StorageKey.loginCallBack, `${ORIGIN}/scourseDetail?id=7#top`);
    expect(takeLoginCallBack(ORIGIN)).toBe('/scourseDetail?id=7#top');
    expect(localStorage.getItem(StorageKey.loginCallBack)).toBeNull();
  });

  it('goes home instead of to another site or back to /authPage', () => {
    localStorage.setItem(StorageKey.loginCallBack, 'https://evil.example/phish');
    expect(takeLoginCallBack(ORIGIN)).toBe('/index/home');
    localStorage.setItem(StorageKey.loginCallBack, `${ORIGIN}/authPage?ticket=x`);
    expect(takeLoginCallBack(ORIGIN)).toBe('/index/home');
    expect(takeLoginCallBack(ORIGIN)).toBe('/index/home');
  });
});

describe('takeLoginCallBack against open redirects', () => {
  it.each(openRedirectVariants(ORIGIN))('stays on the site for %j', (saved) => {
    localStorage.setItem(StorageKey.loginCallBack, saved);
    const target = takeLoginCallBack(ORIGIN);
    // Used as a path in the app or with location.replace: a single-slash path on this origin.
    expect(target).toMatch(/^\/(?![/\\])/);
    expect(new URL(target, ORIGIN).origin).toBe(ORIGIN);
  });

  it('goes home for a path that another host could be read from', () => {
    for (const saved of [`${ORIGIN}//evil.example/x`, `${ORIGIN}/\\evil.example/x`]) {
      localStorage.setItem(StorageKey.loginCallBack, saved);
      expect(takeLoginCallBack(ORIGIN)).toBe('/index/home');
    }
  });
});

describe('authPageUrl', () => {
  it('points at this origin /authPage', () => {
    expect(authPageUrl(ORIGIN)).toBe(`${ORIGIN}/authPage`);
  });
});

describe('exchangeTicket', () => {
  it('stores the token and the profile', async () => {
    const fetch = answer({
      code: 0,
      message: '',
      data: { token: 't0k', userInfo: { id: 1, nickname: '王秀兰' } },
    });
    vi.stubGlobal('fetch', fetch);
    await exchangeTicket('ticket-1');
    expect(localStorage.getItem(StorageKey.token)).toBe('t0k');
    expect(storedUser()).toMatchObject({ nickname: '王秀兰' });
    const request = fetch.mock.calls[0]?.[0] as unknown as Request;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/account/login');
    expect(JSON.parse(sentBodies.at(-1) ?? '')).toEqual({ ticket: 'ticket-1' });
    expect(request.headers.get('X-Site')).toBe('jingan');
    expect(request.headers.get('X-Finger')).toMatch(/^[0-9a-f]{16}$/);
    expect(request.headers.get('Authorization')).toBeNull();
  });

  it('rejects with the server message and stores nothing', async () => {
    vi.stubGlobal(
      'fetch',
      answer({ code: 400, message: '登录票据无效或已过期，请重新登录', data: null }),
    );
    await expect(exchangeTicket('used')).rejects.toMatchObject({
      code: 400,
      message: '登录票据无效或已过期，请重新登录',
    });
    expect(localStorage.getItem(StorageKey.token)).toBeNull();
  });
});

describe('refreshToken at start-up', () => {
  it('stores the new token and sends the old one as a bearer', async () => {
    localStorage.setItem(StorageKey.token, 'old');
    const fetch = answer({ code: 0, message: '', data: 'new' });
    vi.stubGlobal('fetch', fetch);
    await refreshToken();
    expect(localStorage.getItem(StorageKey.token)).toBe('new');
    const request = fetch.mock.calls[0]?.[0] as unknown as Request;
    expect(request.headers.get('Authorization')).toBe('Bearer old');
  });

  it('forgets token and userInfo when the answer has no token', async () => {
    localStorage.setItem(StorageKey.token, 'old');
    localStorage.setItem(StorageKey.userInfo, '{}');
    vi.stubGlobal('fetch', answer({ code: 0, message: '', data: null }));
    await refreshToken();
    expect(localStorage.getItem(StorageKey.token)).toBeNull();
    expect(localStorage.getItem(StorageKey.userInfo)).toBeNull();
  });

  it('ignores a network failure and keeps the login', async () => {
    localStorage.setItem(StorageKey.token, 'old');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(refreshToken()).resolves.toBeUndefined();
    expect(localStorage.getItem(StorageKey.token)).toBe('old');
  });
});
