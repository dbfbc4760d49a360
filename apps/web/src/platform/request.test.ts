import { pictureSrcSet } from '@portal/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendEarly } from './early-answers.ts';
import {
  ApiError,
  get,
  NetworkError,
  NotLoggedInError,
  post,
  postForm,
  postMultipart,
  REFRESH_USER_EVENT,
  type RequestFailure,
  sendOnLeave,
  setFailurePolicy,
} from './request.ts';
import { StorageKey } from './storage.ts';

/** What the mocked transport saw: the network edge, nothing deeper. */
interface Sent {
  request: Request;
  body: string;
}

let sent: Sent[];
let failures: RequestFailure[];
let restorePolicy: () => void;

/** A fetch that answers `body` (as JSON, with `status`) and records each request. */
function answer(body: unknown, status = 200) {
  const fetch = vi.fn(async (request: Request) => {
    if (request.signal.aborted) throw new DOMException('The call was cancelled', 'AbortError');
    sent.push({ request, body: await request.clone().text() });
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The error a call rejects with (a call that resolves fails the test). */
const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('the call should have been rejected');
    },
    (error: Error) => error,
  );

const ok = (data: unknown) => ({ code: 0, message: '', data });

beforeEach(() => {
  sent = [];
  failures = [];
  restorePolicy = setFailurePolicy((failure) => failures.push(failure));
  localStorage.setItem(StorageKey.userInfo, '{"id":1}');
});

afterEach(() => {
  restorePolicy();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the four request kinds', () => {
  it('GET sends query parameters to /api and leaves out empty ones', async () => {
    answer(ok([1, 2]));
    await expect(get('/courses', { page: 2, q: '书法', tag: undefined, x: null })).resolves.toEqual(
      [1, 2],
    );
    const url = new URL(sent[0]?.request.url ?? '');
    expect(sent[0]?.request.method).toBe('GET');
    expect(url.pathname).toBe('/api/courses');
    expect([...url.searchParams]).toEqual([
      ['page', '2'],
      ['q', '书法'],
    ]);
  });

  it('POST sends a JSON body as UTF-8 JSON', async () => {
    answer(ok({ id: 3 }));
    await expect(post('/classes/signup', { classId: 3, name: '王秀兰' })).resolves.toEqual({
      id: 3,
    });
    expect(sent[0]?.request.method).toBe('POST');
    expect(sent[0]?.request.headers.get('Content-Type')).toBe('application/json;charset=UTF-8');
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({ classId: 3, name: '王秀兰' });
  });

  it('POST form sends a form-urlencoded body', async () => {
    answer(ok(null));
    await postForm('/feedback', { text: '很好 & 实用', stars: 5 });
    expect(sent[0]?.request.headers.get('Content-Type')).toBe(
      'application/x-www-form-urlencoded;charset=UTF-8',
    );
    expect(new URLSearchParams(sent[0]?.body).get('text')).toBe('很好 & 实用');
    expect(new URLSearchParams(sent[0]?.body).get('stars')).toBe('5');
  });

  it('POST multipart sends a multipart body with its boundary', async () => {
    answer(ok({ files: 1 }));
    const form = new FormData();
    form.set('file', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'a.pdf');
    await postMultipart('/uploads', form);
    expect(sent[0]?.request.headers.get('Content-Type')).toMatch(
      /^multipart\/form-data; ?boundary=/,
    );
    expect(sent[0]?.body).toContain('%PDF-1.4');
  });
});

describe('headers on every request', () => {
  it('sends X-Site, X-Finger and the JSON UTF-8 content type, and no Authorization without a token', async () => {
    answer(ok(null));
    await get('/sites/current');
    const headers = sent[0]?.request.headers;
    expect(headers?.get('X-Site')).toBe('jingan');
    expect(headers?.get('X-Finger')).toBe(localStorage.getItem(StorageKey.finger));
    expect(headers?.get('X-Finger')).toMatch(/^[0-9a-f]{16}$/);
    expect(headers?.get('Content-Type')).toBe('application/json;charset=UTF-8');
    expect(headers?.get('Authorization')).toBeNull();
  });

  it('sends the stored token as a bearer token', async () => {
    localStorage.setItem(StorageKey.token, 'tok-1');
    answer(ok(null));
    await post('/anything');
    expect(sent[0]?.request.headers.get('Authorization')).toBe('Bearer tok-1');
  });
});

describe('the login-required flag', () => {
  it('rejects a GET without sending it, with an empty message', async () => {
    const fetch = answer(ok(null));
    const failure = await failureOf(get('/study/mine', {}, { loginRequired: true }));
    expect(failure).toBeInstanceOf(NotLoggedInError);
    expect(failure.message).toBe('');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('rejects the two POST kinds without sending them, with 未登录', async () => {
    const fetch = answer(ok(null));
    for (const call of [
      post('/favourites', { id: 1 }, { loginRequired: true }),
      postForm('/favourites', { id: 1 }, { loginRequired: true }),
    ]) {
      const failure = await failureOf(call);
      expect(failure).toBeInstanceOf(NotLoggedInError);
      expect(failure.message).toBe('未登录');
    }
    expect(fetch).not.toHaveBeenCalled();
    expect(failures.map((f) => f.message)).toEqual(['未登录', '未登录']);
  });

  it('sends the call when a token is stored', async () => {
    localStorage.setItem(StorageKey.token, 'tok');
    answer(ok('yes'));
    await expect(get('/study/mine', {}, { loginRequired: true })).resolves.toBe('yes');
  });
});

describe('the error catalogue', () => {
  it('code 0 passes the data on and reports nothing', async () => {
    answer(ok({ list: [], total: 0 }));
    await expect(get('/courses')).resolves.toEqual({ list: [], total: 0 });
    expect(failures).toEqual([]);
  });

  it('code 301 is reported to the policy as a 301 and rejects', async () => {
    answer({ code: 301, message: '请先登录', data: null });
    await expect(get('/account/me')).rejects.toMatchObject({ code: 301 });
    expect(failures).toHaveLength(1);
    expect(failures[0]).toBeInstanceOf(ApiError);
    expect((failures[0] as ApiError).code).toBe(301);
  });

  it('any other code carries the server message and data to the policy and rejects', async () => {
    answer({ code: 409, message: '名额已满', data: '/myClassroom' });
    await expect(post('/classes/signup', { id: 1 })).rejects.toMatchObject({
      code: 409,
      message: '名额已满',
      data: '/myClassroom',
    });
    expect(failures[0]).toMatchObject({ code: 409, message: '名额已满', data: '/myClassroom' });
  });

  it('a network failure is 网络异常', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const failure = await failureOf(get('/courses'));
    expect(failure).toBeInstanceOf(NetworkError);
    expect(failure.message).toBe('网络异常');
    expect(failures).toEqual([failure]);
  });

  it('an HTTP failure (500) is 网络异常, even with an envelope', async () => {
    answer({ code: 500, message: 'boom', data: null }, 500);
    await expect(get('/courses')).rejects.toBeInstanceOf(NetworkError);
    expect(failures[0]?.message).toBe('网络异常');
  });

  it('a body that is not the envelope is 网络异常', async () => {
    answer('<html>proxy error</html>');
    await expect(get('/courses')).rejects.toBeInstanceOf(NetworkError);
  });

  it('gives up after 15000 ms with 网络异常', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (request: Request) =>
          new Promise((_resolve, reject) => {
            request.signal.addEventListener('abort', () => reject(request.signal.reason));
          }),
      ),
    );
    const pending = get('/slow').catch((e) => e);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(failures).toEqual([]);
    await vi.advanceTimersByTimeAsync(2);
    expect(await pending).toBeInstanceOf(NetworkError);
    expect(failures).toHaveLength(1);
  });

  it('a request-setup error goes to the console, not to the learner, and nothing is sent', async () => {
    const fetch = answer(ok(null));
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(post('/x', circular)).rejects.toBeInstanceOf(TypeError);
    await expect(get('https://elsewhere.example/api')).rejects.toBeInstanceOf(TypeError);
    expect(console).toHaveBeenCalledTimes(2);
    expect(fetch).not.toHaveBeenCalled();
    expect(failures).toEqual([]);
  });

  it('a quiet call rejects without reporting, for all failures or the codes named', async () => {
    answer({ code: 409, message: '已报名', data: null });
    await expect(post('/a', {}, { quiet: [409] })).rejects.toMatchObject({ code: 409 });
    await expect(post('/a', {}, { quiet: true })).rejects.toMatchObject({ code: 409 });
    await expect(post('/a', {}, { quiet: [404] })).rejects.toMatchObject({ code: 409 });
    expect(failures).toHaveLength(1);
  });

  it('a call cancelled by its caller is not reported', async () => {
    const controller = new AbortController();
    controller.abort();
    answer(ok(null));
    const failure = await get('/x', {}, { signal: controller.signal }).catch((e) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(NetworkError);
    expect(failures).toEqual([]);
  });
});

describe('the refreshUser event', () => {
  it('is emitted with type loginOut when userInfo is missing before a call', async () => {
    answer(ok(null));
    const events: unknown[] = [];
    const listener = (event: Event) => events.push((event as CustomEvent).detail);
    window.addEventListener(REFRESH_USER_EVENT, listener);
    await get('/a');
    localStorage.removeItem(StorageKey.userInfo);
    await get('/b');
    window.removeEventListener(REFRESH_USER_EVENT, listener);
    expect(events).toEqual([{ type: 'loginOut' }]);
  });
});

describe('sendOnLeave (reports as a page is hidden or left)', () => {
  it('starts a keepalive JSON POST at once with the site, fingerprint and token headers', () => {
    localStorage.setItem(StorageKey.token, 'token-on-leave');
    const fetch = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetch);
    expect(sendOnLeave('/study/ebook-progress', { ebookId: 3, page: 9 })).toBe(true);
    // Started synchronously: `pagehide` gives no second tick.
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/study/ebook-progress');
    expect(url).not.toContain('token');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect(init.headers).toMatchObject({
      'Content-Type': 'application/json;charset=UTF-8',
      Authorization: 'Bearer token-on-leave',
      'X-Site': expect.any(String),
      'X-Finger': expect.any(String),
    });
    expect(JSON.parse(String(init.body))).toEqual({ ebookId: 3, page: 9 });
  });

  it('sends nothing without a login', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(sendOnLeave('/study/progress', {})).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('answers the boot script asked for early', () => {
  afterEach(() => {
    delete window.__portalEarly;
  });

  it('a GET takes the early answer once instead of sending, and sends the next time', async () => {
    localStorage.setItem(StorageKey.token, 'tok-1');
    const urls: string[] = [];
    const fetch = vi.fn(async (input: Request | string) => {
      urls.push(typeof input === 'string' ? input : new URL(input.url).pathname);
      return new Response(JSON.stringify({ code: 0, message: '', data: { n: urls.length } }));
    });
    vi.stubGlobal('fetch', fetch);
    sendEarly('/home', { 'X-Site': 'jingan' }, 'tok-1', true);
    expect(await get('/home')).toEqual({ n: 1 });
    expect(urls).toEqual(['/api/home']);
    expect(await get('/home')).toEqual({ n: 2 });
    expect(urls).toEqual(['/api/home', '/api/home']);
  });

  it("preloads the answer's first-screen images, the first ahead of everything", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ code: 0, message: '', data: ['/1.svg', null, '/2.svg', '/1.svg'] }),
        ),
    );
    vi.stubGlobal('fetch', fetch);
    sendEarly('/courses', {}, null, true, (data: string[]) => data);
    await window.__portalEarly?.['/courses']?.body;
    await Promise.resolve();
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
    expect(
      links.map((link) => [link.getAttribute('href'), link.getAttribute('fetchpriority')]),
    ).toEqual([
      ['/1.svg', 'high'],
      ['/2.svg', null],
    ]);
    expect(links.every((link) => link.as === 'image')).toBe(true);
    for (const link of links) link.remove();
  });

  it('preloads an uploaded picture at the width the page shows it', async () => {
    const picture = '/files/admin/jingan/AbCdEfGhIjKlMnOpQrStUv.w1600.webp';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 0, message: '', data: [picture] }))),
    );
    sendEarly('/courses?page=1', {}, null, true, (data: string[]) => data, '128px');
    await window.__portalEarly?.['/courses?page=1']?.body;
    await Promise.resolve();
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="preload"]');
    expect(link?.getAttribute('href')).toBe(picture);
    expect(link?.getAttribute('imagesrcset')).toBe(pictureSrcSet(picture));
    expect(link?.getAttribute('imagesizes')).toBe('128px');
    link?.remove();
  });

  it('an early answer sent with another token is not taken unless it is the same for everyone', async () => {
    localStorage.setItem(StorageKey.token, 'rotated');
    answer({ code: 0, message: '', data: 'fresh' });
    sendEarly('/account/refresh-token', {}, 'old', false);
    await get('/account/refresh-token');
    expect(sent.map(({ request }) => request.headers.get('authorization'))).toEqual([
      'Bearer rotated',
    ]);
  });

  it('a failed early request is sent again, and its envelope is checked like any answer', async () => {
    window.__portalEarly = {
      '/home': { token: null, shared: true, body: Promise.reject(new TypeError('offline')) },
      '/courses?page=1': {
        token: null,
        shared: true,
        body: Promise.resolve({ code: 409, message: '名额已满', data: null }),
      },
    };
    answer({ code: 0, message: '', data: 'again' });
    expect(await get('/home')).toBe('again');
    await expect(get('/courses', { page: 1 })).rejects.toBeInstanceOf(ApiError);
    expect(failures).toHaveLength(1);
  });
});
